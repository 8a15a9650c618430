import { Inject, Injectable } from '@nestjs/common';
import { DomainError, ErrorCode, type ApiMode, type WebhookReplay } from '@labeldesk/contracts';
import { ORM, schemaTable } from '@labeldesk/nest-orm';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';

/**
 * Which events a replay sends again, and to which of the owner's enabled endpoints; `mode`: a key's own (decision 124),
 * so a test key replays only test events and a live key only live ones (a session, none: every event).
 */
export type ReplayScope = { mode?: ApiMode } & (
  /** One event: to the endpoint named, or to every endpoint subscribed to its type. */
  | { eventId: string; endpointId?: string }
  /** Every event since a time, to one endpoint: those of the types it is subscribed to. */
  | { since: string; endpointId: string }
);

/**
 * Replays (decision 111): an event sent again to endpoints as a new message under its own id (a receiver de-duplicates
 * by `webhook-id`), its body marked `redelivery: true`, under the caller's Idempotency-Key.
 */
@Injectable()
export class WebhookReplaysRepository {
  constructor(@Inject(ORM) private readonly orm: MikroORM) {}

  private t = (name: string): string => schemaTable(this.orm, name);

  /**
   * Runs `replay` once per key: the key is claimed first in the same transaction, so a second request with it (a double
   * click, at the same moment or later) waits for the first and answers what it answered, sending nothing; the same key
   * with another request is 409. A replay that fails takes its key back with everything else.
   */
  async once(userId: string, key: string, request: string, replay: (em: EntityManager) => Promise<WebhookReplay>): Promise<WebhookReplay> {
    return this.orm.em.fork().transactional(async (em) => {
      const claimed = await em.execute<Array<{ key: string }>>(
        `insert into ${this.t('webhook_replays')} ("user_id", "key", "request") values (?, ?, ?) on conflict ("user_id", "key") do nothing returning "key"`,
        [userId, key, request],
      );
      if (claimed.length === 0) {
        const [before] = await em.execute<Array<{ request: string; answer: WebhookReplay | string | null }>>(
          `select "request", "answer" from ${this.t('webhook_replays')} where "user_id" = ? and "key" = ?`,
          [userId, key],
        );
        if (!before?.answer || before.request !== request) throw new DomainError(ErrorCode.CONFLICT, 'This Idempotency-Key was already used for a different replay');
        return typeof before.answer === 'string' ? (JSON.parse(before.answer) as WebhookReplay) : before.answer;
      }
      const answer = await replay(em);
      await em.execute(`update ${this.t('webhook_replays')} set "answer" = ?::jsonb where "user_id" = ? and "key" = ?`, [JSON.stringify(answer), userId, key]);
      return answer;
    });
  }

  /** Whether the user has this event within the last `days` (of `mode`, when a key names one). */
  async eventType(em: EntityManager, userId: string, eventId: string, days: number, mode?: ApiMode): Promise<string | null> {
    const [row] = await em.execute<Array<{ event_type: string }>>(
      `select "event_type" from ${this.t('customer_events')} where "user_id" = ? and "id" = ? and "created_at" > now() - make_interval(days => ?)
          and (?::text is null or "mode" = ?::text)`,
      [userId, eventId, days, mode ?? null, mode ?? null],
    );
    return row?.event_type ?? null;
  }

  /**
   * Queues the scope's events (of the last `days`) for the owner's enabled endpoints it names, each a message due now
   * with a fresh retry schedule: a new one, or the endpoint's earlier message of the event started over. Answers what
   * it queued.
   */
  async queue(em: EntityManager, userId: string, scope: ReplayScope, days: number): Promise<WebhookReplay> {
    const single = 'eventId' in scope;
    const rows = await em.execute<Array<{ endpoint_id: string; event_id: string }>>(
      `insert into ${this.t('webhook_messages')} ("id", "endpoint_id", "user_id", "event_id", "event_type", "body")
       select gen_random_uuid(), e."id", ev."user_id", ev."id", ev."event_type", jsonb_set(ev."body"::jsonb, '{redelivery}', 'true'::jsonb)::text
         from ${this.t('customer_events')} ev
         join ${this.t('webhook_endpoints')} e on e."user_id" = ev."user_id" and e."enabled"
              and (case when ?::uuid is null then true else e."id" = ?::uuid end)
              -- One event named with its endpoint goes there whatever it subscribed to; otherwise only to subscribers.
              and (?::boolean or e."events" @> jsonb_build_array(ev."event_type"))
        where ev."user_id" = ? and ev."created_at" > now() - make_interval(days => ?) and (?::text is null or ev."mode" = ?::text)
          and ${single ? `ev."id" = ?` : `ev."created_at" >= ?::timestamptz`}
       on conflict ("endpoint_id", "event_id") do update set "body" = excluded."body", "state" = 'pending', "attempts" = 0, "next_attempt_at" = now(),
              "created_at" = now(), "updated_at" = now()
       returning "endpoint_id", "event_id"`,
      [scope.endpointId ?? null, scope.endpointId ?? null, single && scope.endpointId !== undefined, userId, days, scope.mode ?? null, scope.mode ?? null, single ? scope.eventId : scope.since],
    );
    return { events: new Set(rows.map((r) => r.event_id)).size, endpointIds: [...new Set(rows.map((r) => r.endpoint_id))].sort() };
  }

  /** Forgets replay keys older than `days`, at most `limit` at a time; answers how many went. */
  async forgetOlderThan(days: number, limit: number): Promise<number> {
    const replays = this.t('webhook_replays');
    const rows = await this.orm.em.getConnection().execute<Array<{ key: string }>>(
      `delete from ${replays} where ("user_id", "key") in (
         select "user_id", "key" from ${replays} where "created_at" < now() - make_interval(days => ?) order by "created_at" limit ? for update skip locked
       ) returning "key"`,
      [days, limit],
    );
    return rows.length;
  }
}
