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
 * event once, newest first, after the cursor, through the (user, newest first) index of migration 034. The outbox
 * keeps messages WEBHOOK_RETENTION_DAYS (30 by default); an event is there when an endpoint of the user's was
 * subscribed to it when it was raised.
 */
@Injectable()
export class ApiEventsRepository {
  constructor(@Inject(ORM) private readonly orm: MikroORM) {}

  async page(userId: string, type: WebhookEventType | undefined, after: ApiEventsAfter | undefined, limit: number): Promise<{ rows: ApiEventRow[]; hasMore: boolean }> {
    const where = new Conditions().add(`m."user_id" = ?`, userId);
    if (type) where.add(`m."event_type" = ?`, type);
    else where.add(`m."event_type" <> 'webhook.test'`);
    if (after) where.add(`(m."created_at", m."event_id") < (?::timestamptz, ?)`, after.createdAt, after.id);
    const built = where.build();
    // An event's messages to the user's several endpoints are written by one statement, so they share its time: one
    // row per (time, event) is one per event, read in the (user, newest first) index's order and stopped after the page.
    const rows = await this.orm.em.getConnection().execute<ApiEventRow[]>(
      `select distinct on (m."created_at", m."event_id") m."event_id", m."event_type", m."body", ${cursorTime('m')} as "cursor_at"
         from ${schemaTable(this.orm, 'webhook_messages')} m
        where ${built.sql}
        order by m."created_at" desc, m."event_id" desc limit ?`,
      [...built.params, limit + 1],
    );
    return { rows: rows.slice(0, limit), hasMore: rows.length > limit };
  }
}
