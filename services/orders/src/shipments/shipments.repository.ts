import { Inject, Injectable } from '@nestjs/common';
import type { ApiMode, LabelState, OrderStatus, ShipmentsAfter, ShipmentsFilter, TrackingStatusValue } from '@labeldesk/contracts';
import { ORM, schemaTable } from '@labeldesk/nest-orm';
import type { OwnerScope } from '@labeldesk/nest-transport';
import type { MikroORM } from '@mikro-orm/postgresql';
import { addAfter, addOwner, Conditions, cursorTime, type SqlWhere } from '../search';

/** One order as the public API reads it: the columns of its answer, its label's life, and its exact time (the cursor). */
export interface ShipmentRow {
  id: string;
  status: OrderStatus;
  void_state: Exclude<LabelState, 'purchased'> | null;
  tracking_status: TrackingStatusValue | null;
  tracking_number: string | null;
  service_name: string;
  courier: string;
  label_format: 'PDF' | 'ZPL' | null;
  price_cents: number | null;
  reference: string | null;
  metadata: Record<string, string> | null;
  sender: Record<string, unknown>;
  receiver: Record<string, unknown>;
  failure_reason: string | null;
  /** `created_at` with its microseconds, UTC ISO 8601: what a page's cursor holds. */
  cursor_at: string;
  mode: ApiMode;
}

/**
 * Orders `o` in the caller's scope and of one mode (live unless test is asked; the (user, mode, newest first) index of
 * migration 040 reads it), filtered as the integrator asked, after the cursor (newest first).
 */
export const shipmentsWhere = (filter: ShipmentsFilter, scope: OwnerScope, after: ShipmentsAfter | undefined): SqlWhere => {
  const where = new Conditions();
  addOwner(where, 'o."user_id"', scope, undefined);
  where.add(`o."mode" = ?`, filter.mode ?? 'live');
  if (filter.status) where.add(`o."status" = ?`, filter.status);
  if (filter.reference) where.add(`o."reference" = ?`, filter.reference);
  if (filter.trackingNumber) where.add(`o."tracking_number" = ?`, filter.trackingNumber);
  if (filter.createdGte) where.add(`o."created_at" >= ?::timestamptz`, filter.createdGte);
  if (filter.createdLt) where.add(`o."created_at" < ?::timestamptz`, filter.createdLt);
  addAfter(where, 'o', after);
  return where.build();
};

/**
 * Single orders for the public API v1 (decision 103): one by id, or a page by keyset. A page is read in the (user,
 * newest first) index's order (migration 022), or the (user, reference, newest first) one when a reference is asked
 * (migration 034), and stops after the page: no offset and no count, so the 1,000th page costs what the first does and
 * an order bought while an integrator pages is never read twice nor skipped (it sorts before their cursor).
 */
@Injectable()
export class ShipmentsRepository {
  constructor(@Inject(ORM) private readonly orm: MikroORM) {}

  private t(name: string): string {
    return schemaTable(this.orm, name);
  }

  private select(where: SqlWhere, limit: number): Promise<ShipmentRow[]> {
    return this.orm.em.getConnection().execute<ShipmentRow[]>(
      `select o."id", o."status", v."state" as "void_state", case when t."checked_at" is null then null else t."status" end as "tracking_status",
              o."tracking_number", o."service_name", o."courier", o."label_format", o."price_cents", o."reference", o."metadata",
              o."sender", o."receiver", o."failure_reason", ${cursorTime('o')} as "cursor_at", o."mode"
         from ${this.t('orders')} o
         left join ${this.t('label_voids')} v on v."label_kind" = 'single' and v."label_id" = o."id"
         left join ${this.t('label_tracking')} t on t."label_kind" = 'single' and t."label_id" = o."id"
        where ${where.sql}
        order by o."created_at" desc, o."id" desc limit ?`,
      [...where.params, limit],
    );
  }

  /**
   * The order if its owner is in the caller's scope and, for a key's caller, it is of the key's mode: another user's,
   * or another mode's, is not found, as a missing one.
   */
  async one(id: string, scope: OwnerScope, mode: ApiMode | undefined): Promise<ShipmentRow | null> {
    const where = new Conditions().add(`o."id" = ?`, id);
    addOwner(where, 'o."user_id"', scope, undefined);
    if (mode) where.add(`o."mode" = ?`, mode);
    const [row] = await this.select(where.build(), 1);
    return row ?? null;
  }

  /** Up to `limit` orders after the cursor, and whether more follow (one row more is read to know). */
  async page(filter: ShipmentsFilter, scope: OwnerScope, after: ShipmentsAfter | undefined, limit: number): Promise<{ rows: ShipmentRow[]; hasMore: boolean }> {
    const rows = await this.select(shipmentsWhere(filter, scope, after), limit + 1);
    return { rows: rows.slice(0, limit), hasMore: rows.length > limit };
  }
}
