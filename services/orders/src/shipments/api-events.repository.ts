import { Inject, Injectable } from '@nestjs/common';
import type { ApiEventsAfter, ApiMode, WebhookEventType } from '@labeldesk/contracts';
import { ORM, schemaTable } from '@labeldesk/nest-orm';
import type { MikroORM } from '@mikro-orm/postgresql';
import { ORDERS_ENV, type OrdersEnv } from '../config';
import { Conditions, cursorTime } from '../search';

/** One event as it is kept: its id and type, the exact body sent, its sequence and its exact time. */
export interface ApiEventRow {
  event_id: string;
  event_type: string;
  body: string;
  sequence: string | number;
  cursor_at: string;
}

/**
 * The caller's webhook events (`customer_events`, one row per event, decision 111), newest first, after the cursor,
 * through the (user, newest first) index of migration 041: those of the last WEBHOOK_RETENTION_DAYS exactly (older
 * ones are forgotten once an hour, and not answered before that), whatever endpoints the caller had when each was raised.
 */
@Injectable()
export class ApiEventsRepository {
  constructor(
    @Inject(ORM) private readonly orm: MikroORM,
    @Inject(ORDERS_ENV) private readonly env: Pick<OrdersEnv, 'WEBHOOK_RETENTION_DAYS'>,
  ) {}

  /**
   * `mode`: a key's own (decisions 119, 124), the events' `mode` column (migration 049, written with each event; its
   * (user, mode, newest first) index serves the page); absent for a session, which reads every event as before.
   */
  async page(userId: string, type: WebhookEventType | undefined, after: ApiEventsAfter | undefined, limit: number, mode?: ApiMode): Promise<{ rows: ApiEventRow[]; hasMore: boolean }> {
    const where = new Conditions().add(`ev."user_id" = ?`, userId).add(`ev."created_at" > now() - make_interval(days => ?)`, this.env.WEBHOOK_RETENTION_DAYS);
    if (mode) where.add(`ev."mode" = ?`, mode);
    if (type) where.add(`ev."event_type" = ?`, type);
    if (after) where.add(`(ev."created_at", ev."id") < (?::timestamptz, ?)`, after.createdAt, after.id);
    const built = where.build();
    const rows = await this.orm.em.getConnection().execute<ApiEventRow[]>(
      `select ev."id" as "event_id", ev."event_type", ev."body", ev."sequence", ${cursorTime('ev')} as "cursor_at"
         from ${schemaTable(this.orm, 'customer_events')} ev
        where ${built.sql}
        order by ev."created_at" desc, ev."id" desc limit ?`,
      [...built.params, limit + 1],
    );
    return { rows: rows.slice(0, limit), hasMore: rows.length > limit };
  }
}
