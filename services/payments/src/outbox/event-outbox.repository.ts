import { Inject, Injectable } from '@nestjs/common';
import { ORM, schemaTable } from '@labeldesk/nest-orm';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';

export interface OutboxEvent {
  eventId: string;
  userId: string;
  type: 'balance.credited';
  data: Record<string, unknown>;
}

export interface DueEvent extends OutboxEvent {
  occurredAt: Date;
  tries: number;
}

interface Row {
  event_id: string;
  user_id: string;
  type: 'balance.credited';
  data: Record<string, unknown> | string;
  occurred_at: Date | string;
  tries: number;
}

/** Payments' outbox of webhook events (docs/decisions/051). */
@Injectable()
export class EventOutboxRepository {
  constructor(@Inject(ORM) private readonly orm: MikroORM) {}

  private t(): string {
    return schemaTable(this.orm, 'event_outbox');
  }

  /** Writes an event inside the caller's transaction: it commits with the change it reports, or not at all. */
  async addIn(em: EntityManager, event: OutboxEvent): Promise<void> {
    await em.execute(`insert into ${this.t()} ("event_id", "user_id", "type", "data") values (?, ?, ?, ?::jsonb) on conflict ("event_id") do nothing`, [
      event.eventId,
      event.userId,
      event.type,
      JSON.stringify(event.data),
    ]);
  }

  /** Claims events still to relay, pushing their next try `leaseSeconds` ahead (SKIP LOCKED: replicas take different ones). */
  async claimDue(limit: number, leaseSeconds: number): Promise<DueEvent[]> {
    const rows = await this.orm.em.getConnection().execute<Row[]>(
      `update ${this.t()} set "next_try_at" = now() + make_interval(secs => ?), "tries" = "tries" + 1
        where "event_id" in (select "event_id" from ${this.t()} where "relayed_at" is null and "next_try_at" <= now() order by "next_try_at" limit ? for update skip locked)
        returning "event_id", "user_id", "type", "data", "occurred_at", "tries"`,
      [leaseSeconds, limit],
    );
    return rows.map((r) => ({
      eventId: r.event_id,
      userId: r.user_id,
      type: r.type,
      data: typeof r.data === 'string' ? (JSON.parse(r.data) as Record<string, unknown>) : r.data,
      occurredAt: new Date(r.occurred_at),
      tries: r.tries,
    }));
  }

  async markRelayed(eventId: string): Promise<void> {
    await this.orm.em.getConnection().execute(`update ${this.t()} set "relayed_at" = now() where "event_id" = ?`, [eventId]);
  }

  /** Orders did not answer: try again after `seconds`. */
  async retryAfter(eventId: string, seconds: number): Promise<void> {
    await this.orm.em.getConnection().execute(`update ${this.t()} set "next_try_at" = now() + make_interval(secs => ?) where "event_id" = ? and "relayed_at" is null`, [seconds, eventId]);
  }
}
