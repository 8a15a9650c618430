import { Injectable } from '@nestjs/common';
import type { ApiMode, BulkOrderItem, SameReceiverResponse, ShippedOrder } from '@labeldesk/contracts';
import { queryBound } from '@labeldesk/nest-orm';
import type { StagedParcel, StagedRowSummary } from './bulk.rows';
import { shippedOrdersSql } from './already-shipped.sql';
import { sameReceiverLabelSql } from './same-receiver.sql';
import { BulkSql } from './bulk-sql';

/** Staged rows' summaries a page: a few short fields each. */
const SUMMARY_PAGE = 5_000;

/**
 * A draft's uploaded rows before they are bought: staged in slices, checked against labels already bought, summed up
 * for pricing, dropped when refused or abandoned.
 */
@Injectable()
export class BulkStagingRepository extends BulkSql {
  /** Replaces a slice of a draft's rows; answers false when the batch is not this user's draft. */
  async stage(orderId: string, userId: string, firstRow: number, rows: readonly BulkOrderItem[]): Promise<boolean> {
    return this.em().transactional(async (em) => {
      // Touched, so that a draft whose upload was abandoned is known by its age (dropAbandonedUploads).
      const [draft] = await em.execute<Array<{ id: string }>>(
        `update ${this.t('bulk_orders')} set "updated_at" = now() where "id" = ? and "user_id" = ? and "status" = 'draft' returning "id"`,
        [orderId, userId],
      );
      if (!draft) return false;
      // A submission starts at row 0: rows of an earlier, refused submission of this draft must not linger.
      if (firstRow === 0) await em.execute(`delete from ${this.t('bulk_staged_rows')} where "bulk_order_id" = ?`, [orderId]);
      const values = rows.flatMap((row, i) => [orderId, firstRow + i, JSON.stringify(row)]);
      await queryBound(
        em,
        `insert into ${this.t('bulk_staged_rows')} ("bulk_order_id", "row_no", "data") values ${rows.map(() => '(?, ?, ?::jsonb)').join(', ')}
         on conflict ("bulk_order_id", "row_no") do update set "data" = excluded."data"`,
        values,
      );
      return true;
    });
  }

  /** Which of the user's order IDs already have a label that stands in a batch of `mode` (shippedOrdersSql): one statement for them all. */
  async shippedOrders(userId: string, orderIds: readonly string[], mode: ApiMode): Promise<ShippedOrder[]> {
    if (orderIds.length === 0) return [];
    const rows = await queryBound<{ order_id: string; shipped_at: Date | string; tracking_number: string }>(
      this.em(),
      shippedOrdersSql((name) => this.t(name)),
      [JSON.stringify(orderIds), userId, mode],
    );
    return rows.map((row) => ({ orderId: row.order_id, shippedAt: new Date(row.shipped_at).toISOString(), trackingNumber: row.tracking_number }));
  }

  /** The user's newest label of the last `hours` to this receiver with these items (sameReceiverLabelSql), or null. */
  async sameReceiverLabel(
    userId: string,
    receiver: { receiverName: string; receiverAddress1: string; receiverZip: string; items: string },
    hours: number,
  ): Promise<SameReceiverResponse['label']> {
    const [row] = await queryBound<{ purchased_at: Date | string; tracking_number: string }>(
      this.em(),
      sameReceiverLabelSql((name) => this.t(name)),
      [hours, userId, userId, receiver.receiverName, receiver.receiverAddress1, receiver.receiverZip, receiver.items],
    );
    return row ? { purchasedAt: new Date(row.purchased_at).toISOString(), trackingNumber: row.tracking_number } : null;
  }

  /**
   * Rows uploaded for a draft that was never submitted (the page closed mid-upload) go once the draft has not been
   * touched for `olderThanHours`; answers how many rows went. The draft itself stays: its id may still be submitted.
   */
  async dropAbandonedUploads(olderThanHours: number): Promise<number> {
    const [dropped] = await this.em().execute<Array<{ count: number | string }>>(
      `with "dropped" as (
         delete from ${this.t('bulk_staged_rows')} s using ${this.t('bulk_orders')} b
         where b."id" = s."bulk_order_id" and b."status" = 'draft' and b."updated_at" < now() - make_interval(hours => ?)
         returning 1
       ) select count(*) as "count" from "dropped"`,
      [olderThanHours],
    );
    return Number(dropped?.count ?? 0);
  }

  /** A refused submission keeps nothing: the draft's uploaded rows go. */
  async dropStaged(orderId: string): Promise<void> {
    await this.em().execute(`delete from ${this.t('bulk_staged_rows')} where "bulk_order_id" = ?`, [orderId]);
  }

  /**
   * What pricing needs of a draft's rows, in order, a page at a time. The rows themselves are not read: pricing needs
   * a few fields of each, and the whole JSON of every row would go out of the database and be parsed for nothing.
   */
  async stagedSummaries(orderId: string, pageSize = SUMMARY_PAGE): Promise<StagedRowSummary[]> {
    const all: StagedRowSummary[] = [];
    // By spans of row numbers (rowSpans): a slice may start at any row.
    for (const [from, to] of await this.rowSpans('bulk_staged_rows', orderId, pageSize)) {
      const rows = await this.em().execute<
        Array<{ row_no: number; service_name: string; weight_lb: number | string; courier: string | null; sku: string | null; order_id: string | null; buy_another: boolean; country: string | null; state: string | null; declared_value_cents: number | null }>
      >(
        // No courier: the row takes its service's (rows staged by an earlier release always named one).
        `select "row_no", "data"->>'service_name' as "service_name", ("data"->'package'->>'package_weight')::float8 as "weight_lb",
           "data"->>'courier' as "courier",
           "data"->'package'->>'sku_number' as "sku", "data"->'package'->>'order_id' as "order_id",
           coalesce(("data"->>'buy_another')::boolean, false) as "buy_another",
           "data"->'receiver'->>'receiver_country' as "country", "data"->'receiver'->>'receiver_state_province' as "state",
           ("data"->'insurance'->>'declared_value_cents')::int as "declared_value_cents"
         from ${this.t('bulk_staged_rows')} where "bulk_order_id" = ? and "row_no" between ? and ? order by "row_no"`,
        [orderId, from, to],
      );
      for (const row of rows) {
        all.push({
          rowNo: row.row_no,
          serviceName: row.service_name,
          weightLb: Number(row.weight_lb),
          courier: row.courier,
          sku: row.sku,
          orderId: row.order_id,
          buyAnother: row.buy_another,
          // Rows staged before labels went abroad have no country: they are all at home.
          receiver: { country: row.country ?? 'US', state: row.state ?? '' },
          declaredValueCents: row.declared_value_cents,
        });
      }
    }
    return all;
  }

  /**
   * The addresses and package of the rows named, by row: what the carriers are asked to rate (rows under a rate rule,
   * or of a service priced from the carrier's cost). Only those rows' three objects leave the database.
   */
  /** The receiver and customs of the rows named, by row: what their customs rules are checked on (decision 100). */
  async stagedCustoms(orderId: string, rowNos: readonly number[], pageSize = SUMMARY_PAGE): Promise<Map<number, Pick<BulkOrderItem, 'receiver' | 'customs'>>> {
    const found = new Map<number, Pick<BulkOrderItem, 'receiver' | 'customs'>>();
    for (let first = 0; first < rowNos.length; first += pageSize) {
      const rows = await queryBound<{ row_no: number } & Pick<BulkOrderItem, 'receiver' | 'customs'>>(
        this.em(),
        `select "row_no", "data"->'receiver' as "receiver", "data"->'customs' as "customs"
         from ${this.t('bulk_staged_rows')} where "bulk_order_id" = ? and "row_no" in (select jsonb_array_elements_text(?::jsonb)::int)`,
        [orderId, JSON.stringify(rowNos.slice(first, first + pageSize))],
      );
      for (const { row_no, receiver, customs } of rows) found.set(row_no, { receiver, customs: customs ?? undefined });
    }
    return found;
  }

  async stagedParcels(orderId: string, rowNos: readonly number[], pageSize = SUMMARY_PAGE): Promise<Map<number, StagedParcel>> {
    const parcels = new Map<number, StagedParcel>();
    for (let first = 0; first < rowNos.length; first += pageSize) {
      const rows = await queryBound<{ row_no: number } & StagedParcel>(
        this.em(),
        `select "row_no", "data"->'sender' as "sender", "data"->'receiver' as "receiver", "data"->'package' as "package"
         from ${this.t('bulk_staged_rows')} where "bulk_order_id" = ? and "row_no" in (select jsonb_array_elements_text(?::jsonb)::int)`,
        [orderId, JSON.stringify(rowNos.slice(first, first + pageSize))],
      );
      for (const { row_no, sender, receiver, package: parcel } of rows) parcels.set(row_no, { sender, receiver, package: parcel });
    }
    return parcels;
  }
}
