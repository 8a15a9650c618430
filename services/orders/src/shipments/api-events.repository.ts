import { Inject, Injectable } from '@nestjs/common';
import type { ApiEventsAfter, WebhookEventType } from '@labeldesk/contracts';
import { ORM, schemaTable } from '@labeldesk/nest-orm';
import type { MikroORM } from '@mikro-orm/postgresql';
import { Conditions, cursorTime } from '../search';

/** One event as the outbox keeps it: its id and type, the exact body sent, and its first message's exact time. */
export interface ApiEventRow {
  event_id: string;
  event_type: string;
  body: string;
  cursor_at: string;
}

/**
 * The caller's webhook events from the outbox (`webhook_messages`, one row per event and endpoint, decision 051): each
 * event once (its first message), newest first, after the cursor. The outbox keeps messages WEBHOOK_RETENTION_DAYS
 * (30 by default), read through its (user) rows only; an event is there when an endpoint of the user's was subscribed
 * to it when it was raised.
 */
@Injectable()
export class ApiEventsRepository {
  constructor(@Inject(ORM) private readonly orm: MikroORM) {}

  async page(userId: string, type: WebhookEventType | undefined, after: ApiEventsAfter | undefined, limit: number): Promise<{ rows: ApiEventRow[]; hasMore: boolean }> {
    const inner = new Conditions().add(`m."user_id" = ?`, userId);
    if (type) inner.add(`m."event_type" = ?`, type);
    else inner.add(`m."event_type" <> 'webhook.test'`);
    const outer = new Conditions();
    if (after) outer.add(`(e."created_at", e."event_id") < (?::timestamptz, ?)`, after.createdAt, after.id);
    const [where, afterWhere] = [inner.build(), outer.build()];
    const rows = await this.orm.em.getConnection().execute<ApiEventRow[]>(
      `select e."event_id", e."event_type", e."body", ${cursorTime('e')} as "cursor_at"
         from (select distinct on (m."event_id") m."event_id", m."event_type", m."body", m."created_at"
                 from ${schemaTable(this.orm, 'webhook_messages')} m
                where ${where.sql}
                order by m."event_id", m."created_at", m."id") e
        where ${afterWhere.sql}
        order by e."created_at" desc, e."event_id" desc limit ?`,
      [...where.params, ...afterWhere.params, limit + 1],
    );
    return { rows: rows.slice(0, limit), hasMore: rows.length > limit };
  }
}
