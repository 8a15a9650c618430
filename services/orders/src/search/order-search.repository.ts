import { Inject, Injectable } from '@nestjs/common';
import type { ExportCursor, OrderSearchFilters } from '@labeldesk/contracts';
import { ORM, schemaTable } from '@labeldesk/nest-orm';
import type { OwnerScope } from '@labeldesk/nest-transport';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { OrderListRow } from '../orders';
import { orderSearchWhere } from './order-search.sql';
import { cursorTime } from './search-conditions';

/** A found order: its list row, where it goes and its references (for the CSV), and its exact time (the cursor). */
export interface FoundOrderRow extends OrderListRow {
  receiver_city: string | null;
  receiver_state: string | null;
  receiver_zip: string | null;
  reference1: string | null;
  reference2: string | null;
  cursor_at: string;
}

type RawRow = Omit<FoundOrderRow, 'created_at'> & { created_at: string | Date };

/**
 * Single orders found by the seller's filters, newest first, one statement a page: the owner's rows are read through
 * their (user, newest first) index, so a text that can match anywhere in a name costs one seller's orders, never
 * every seller's.
 */
@Injectable()
export class OrderSearchRepository {
  constructor(@Inject(ORM) private readonly orm: MikroORM) {}

  private t(name: string): string {
    return schemaTable(this.orm, name);
  }

  async page(filters: OrderSearchFilters, scope: OwnerScope, page: number, limit: number): Promise<{ rows: FoundOrderRow[]; total: number }> {
    const [rows, total] = await Promise.all([this.rows(filters, scope, { limit, offset: (page - 1) * limit }), this.count(filters, scope)]);
    return { rows, total };
  }

  /** The rows after the cursor (newest first): one part of an export. */
  after(filters: OrderSearchFilters, scope: OwnerScope, cursor: ExportCursor | undefined, limit: number): Promise<FoundOrderRow[]> {
    return this.rows(filters, scope, { limit, offset: 0 }, cursor);
  }

  private async rows(filters: OrderSearchFilters, scope: OwnerScope, window: { limit: number; offset: number }, cursor?: ExportCursor): Promise<FoundOrderRow[]> {
    const where = orderSearchWhere(filters, scope, cursor);
    const rows = await this.orm.em.getConnection().execute<RawRow[]>(
      `select o."id", o."service_name", o."courier", o."sender"->>'sender_name' as "sender_name", o."receiver"->>'receiver_name' as "receiver_name",
              o."receiver"->>'receiver_email' as "receiver_email", o."receiver"->>'receiver_city' as "receiver_city", o."receiver"->>'receiver_state_province' as "receiver_state",
              o."receiver"->>'receiver_zip_postal' as "receiver_zip", o."package"->>'package_reference1' as "reference1",
              o."package"->>'package_reference2' as "reference2", o."tracking_number", o."created_at", ${cursorTime('o')} as "cursor_at",
              o."pdf_name", o."status", o."price_cents", o."failure_reason",
              v."state" as "void_state", case when t."checked_at" is null then null else t."status" end as "tracking_status", o."mode"
         from ${this.t('orders')} o
         left join ${this.t('label_voids')} v on v."label_kind" = 'single' and v."label_id" = o."id"
         left join ${this.t('label_tracking')} t on t."label_kind" = 'single' and t."label_id" = o."id"
        where ${where.sql}
        order by o."created_at" desc, o."id" desc limit ? offset ?`,
      [...where.params, window.limit, window.offset],
    );
    const platform = this.orm.em.getPlatform();
    return rows.map((row) => ({ ...row, created_at: row.created_at instanceof Date ? row.created_at : platform.parseDate(row.created_at) }));
  }

  private async count(filters: OrderSearchFilters, scope: OwnerScope): Promise<number> {
    const where = orderSearchWhere(filters, scope);
    const [row] = await this.orm.em.getConnection().execute<Array<{ n: string | number }>>(
      `select count(*) as "n" from ${this.t('orders')} o
         left join ${this.t('label_voids')} v on v."label_kind" = 'single' and v."label_id" = o."id"
        where ${where.sql}`,
      [...where.params],
    );
    return Number(row?.n ?? 0);
  }
}
