import { Inject, Injectable } from '@nestjs/common';
import { WEBHOOK_TEST_EVENT, type WebhookDelivery, type WebhookEventType } from '@labeldesk/contracts';
import { ORM, schemaTable } from '@labeldesk/nest-orm';
import type { MikroORM } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import type { EndpointRow } from './webhook-endpoints.repository';
import { ISO_NOW, outboxInsert } from './outbox.sql';

/** A message claimed for one attempt, with what sending it needs from its endpoint. */
export interface ClaimedMessage {
  id: string;
  endpoint_id: string;
  event_id: string;
  event_type: string;
  body: string;
  /** Attempts made before this one. */
  attempts: number;
  created_at: Date | string;
  url: string;
  secret: EndpointRow['secret'];
  previous_secret: EndpointRow['previous_secret'];
  previous_secret_until: EndpointRow['previous_secret_until'];
}

export interface AttemptRecord {
  statusCode: number | null;
  error: string | null;
  durationMs: number;
}

/** The outbox and the delivery log. */
@Injectable()
export class WebhookMessagesRepository {
  constructor(@Inject(ORM) private readonly orm: MikroORM) {}

  private t = (name: string): string => schemaTable(this.orm, name);

  private get db() {
    return this.orm.em.getConnection();
  }

  /**
   * Records an event that is not the result of a row change here (one relayed from payments): numbered and queued as
   * events of a change are. Answers 1 when it is new, 0 when it was recorded before (relayed again).
   */
  async record(userId: string, event: { type: WebhookEventType; eventId: string; data: Record<string, unknown> }): Promise<number> {
    const rows = await this.db.execute<Array<{ id: string }>>(
      `${outboxInsert(this.t, {
        type: event.type,
        eventId: 'src."event_id"',
        data: 'src."data"',
        from: '(select ?::uuid as "user_id", ?::text as "event_id", ?::jsonb as "data") src',
      })} returning "id"`,
      [userId, event.eventId, JSON.stringify(event.data)],
    );
    return rows.length;
  }

  /** Queues a `webhook.test` message for one enabled endpoint of the user's: sent on request, never an event of the list. */
  async queueTest(userId: string, endpointId: string, messageId: string, data: Record<string, unknown>): Promise<number> {
    const rows = await this.db.execute<Array<{ id: string }>>(
      `insert into ${this.t('webhook_messages')} ("id", "endpoint_id", "user_id", "event_id", "event_type", "body")
       select gen_random_uuid(), e."id", e."user_id", ?, '${WEBHOOK_TEST_EVENT}',
              jsonb_build_object('type', '${WEBHOOK_TEST_EVENT}'::text, 'timestamp', ${ISO_NOW}, 'data', ?::jsonb)::text
         from ${this.t('webhook_endpoints')} e where e."id" = ? and e."user_id" = ? and e."enabled"
       on conflict ("endpoint_id", "event_id") do nothing returning "id"`,
      [messageId, JSON.stringify(data), endpointId, userId],
    );
    return rows.length;
  }

  /**
   * Claims due messages of enabled endpoints for one attempt each: their next attempt is pushed `leaseSeconds` ahead
   * in the same statement (SKIP LOCKED), so another replica neither waits for them nor sends them while this one
   * does. A replica dying mid-attempt leaves the message to be sent again after the lease: at least once.
   */
  async claimDue(limit: number, leaseSeconds: number): Promise<ClaimedMessage[]> {
    const messages = this.t('webhook_messages');
    const endpoints = this.t('webhook_endpoints');
    return this.db.execute<ClaimedMessage[]>(
      `with claimed as (
         update ${messages} set "next_attempt_at" = now() + make_interval(secs => ?), "updated_at" = now()
          where "id" in (select m."id" from ${messages} m join ${endpoints} e on e."id" = m."endpoint_id" and e."enabled"
                          where m."state" = 'pending' and m."next_attempt_at" <= now() order by m."next_attempt_at" limit ? for update of m skip locked)
          returning *
       )
       select c."id", c."endpoint_id", c."event_id", c."event_type", c."body", c."attempts", c."created_at",
              e."url", e."secret", e."previous_secret", e."previous_secret_until"
         from claimed c join ${endpoints} e on e."id" = c."endpoint_id"`,
      [leaseSeconds, limit],
    );
  }

  /**
   * Logs one attempt and moves its message on, in one transaction: delivered, due again at `nextAt`, or failed when
   * `nextAt` is null. Only a message still pending moves (its endpoint may have been disabled meanwhile).
   */
  async recordAttempt(message: Pick<ClaimedMessage, 'id' | 'endpoint_id' | 'attempts'>, attempt: AttemptRecord, outcome: { delivered: true } | { delivered: false; nextAt: Date | null }): Promise<void> {
    await this.orm.em.fork().transactional(async (em) => {
      await em.execute(
        `insert into ${this.t('webhook_attempts')} ("id", "message_id", "endpoint_id", "attempt", "status_code", "error", "duration_ms") values (?, ?, ?, ?, ?, ?, ?)`,
        [randomUUID(), message.id, message.endpoint_id, message.attempts + 1, attempt.statusCode, attempt.error?.slice(0, 500) ?? null, attempt.durationMs],
      );
      const state = outcome.delivered ? 'delivered' : outcome.nextAt ? 'pending' : 'failed';
      const nextAt = !outcome.delivered && outcome.nextAt ? outcome.nextAt : null;
      await em.execute(
        `update ${this.t('webhook_messages')} set "attempts" = "attempts" + 1, "state" = case when "state" = 'pending' then ? else "state" end,
                "next_attempt_at" = coalesce(?::timestamptz, "next_attempt_at"), "updated_at" = now()
          where "id" = ?`,
        [state, nextAt, message.id],
      );
    });
  }

  /**
   * Forgets messages (and, by cascade, their attempts) written more than `days` ago, at most `limit` at a time:
   * delivered or given up, or still pending but not in flight (an endpoint left disabled; past the 24 h of retries,
   * it would be given up at its next attempt anyway). Answers how many went.
   */
  async forgetOlderThan(days: number, limit: number): Promise<number> {
    const messages = this.t('webhook_messages');
    const rows = await this.db.execute<Array<{ id: string }>>(
      `delete from ${messages} where "id" in (
         select "id" from ${messages}
          where "created_at" < now() - make_interval(days => ?) and ("state" <> 'pending' or "next_attempt_at" < now())
          order by "created_at" limit ? for update skip locked
       ) returning "id"`,
      [days, limit],
    );
    return rows.length;
  }

  /** Forgets events (decision 111) recorded more than `days` ago, at most `limit` at a time; answers how many went. */
  async forgetEventsOlderThan(days: number, limit: number): Promise<number> {
    const events = this.t('customer_events');
    const rows = await this.db.execute<Array<{ id: string }>>(
      `delete from ${events} where ("user_id", "id") in (
         select "user_id", "id" from ${events} where "created_at" < now() - make_interval(days => ?) order by "created_at" limit ? for update skip locked
       ) returning "id"`,
      [days, limit],
    );
    return rows.length;
  }

  /** An endpoint's latest attempts, newest first. */
  async deliveries(endpointId: string, limit: number): Promise<WebhookDelivery[]> {
    const rows = await this.db.execute<Array<{ event_id: string; event_type: string; attempt: number; status_code: number | null; error: string | null; duration_ms: number; attempted_at: Date | string; state: WebhookDelivery['messageState'] }>>(
      `select m."event_id", m."event_type", a."attempt", a."status_code", a."error", a."duration_ms", a."attempted_at", m."state"
         from ${this.t('webhook_attempts')} a join ${this.t('webhook_messages')} m on m."id" = a."message_id"
        where a."endpoint_id" = ? order by a."attempted_at" desc, a."attempt" desc limit ?`,
      [endpointId, limit],
    );
    return rows.map((r) => ({
      messageId: r.event_id,
      eventType: r.event_type,
      attempt: r.attempt,
      statusCode: r.status_code,
      error: r.error,
      durationMs: r.duration_ms,
      attemptedAt: new Date(r.attempted_at).toISOString(),
      messageState: r.state,
    }));
  }
}
