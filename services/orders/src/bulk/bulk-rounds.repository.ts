import { Injectable } from '@nestjs/common';
import type { BulkOptions, BulkStatus } from '@labeldesk/contracts';
import { queryBound } from '@labeldesk/nest-orm';
import type { BulkOrderRow, NewBulkItem } from './bulk.rows';
import { placeholders } from '../database';
import { BulkSql } from './bulk-sql';

const INSERT_ROWS = 500;

/**
 * The rounds of a batch: the first turns a draft into items to buy under a hold, a retry puts the failed items back
 * under a new hold; each can be undone when its hold is refused. Every change is conditional on the state it leaves.
 */
@Injectable()
export class BulkRoundsRepository extends BulkSql {
  /**
   * Turns a draft into a batch being bought: items written, staged rows dropped, the hold named. One transaction,
   * conditional on the draft, so a second submission of the same batch changes nothing. Each item's row is copied
   * from its staged row inside the database, with the courier carrying its label (a rate rule's choice may be another
   * courier's than the file named); the service bought is the item's own column. An item whose staged row is missing
   * undoes the whole transaction.
   */
  async startFirstRound(orderId: string, items: readonly NewBulkItem[], options: BulkOptions, holdId: string, holdCents: number, savedCents: number | null = null): Promise<boolean> {
    return this.em().transactional(async (em) => {
      // Rows refused for their customs (decision 100) start failed, with their reason, and count as failed at once.
      const refused = items.filter((item) => item.refusal).length;
      const started = await em.execute<Array<{ id: string }>>(
        `update ${this.t('bulk_orders')} set "status" = 'processing', "total_count" = ?, "failed_count" = ?, "quoted_cents" = ?, "quoted_saved_cents" = ?, "saved_cents" = 0,
           "label_format" = ?, "sort_by_sku" = ?, "round" = 1, "hold_id" = ?, "hold_cents" = ?, "updated_at" = now() where "id" = ? and "status" = 'draft' returning "id"`,
        [items.length, refused, holdCents, savedCents, options.labelFormat, options.sortBySku, holdId, holdCents, orderId],
      );
      if (started.length === 0) return false;
      for (let i = 0; i < items.length; i += INSERT_ROWS) {
        const group = items.slice(i, i + INSERT_ROWS);
        const [copied] = await queryBound<{ count: number | string }>(
          em,
          `with "copied" as (
             insert into ${this.t('bulk_items')} ("id", "bulk_order_id", "user_id", "row_no", "status", "error", "round", "service_name", "service_uid", "price_cents", "sku", "saved_cents", "data")
             select v."id", s."bulk_order_id", v."user_id", v."row_no", case when v."refusal" is null then 'pending' else 'failed' end, v."refusal", 1,
                    v."service_name", v."service_uid", v."price_cents", v."sku", v."saved_cents",
                    jsonb_set(s."data", '{courier}', to_jsonb(v."courier"))
             from (values ${group.map(() => '(?::uuid, ?::uuid, ?::int, ?::text, ?::text, ?::int, ?::text, ?::text, ?::int, ?::text)').join(', ')}) as v("id", "user_id", "row_no", "service_name", "service_uid", "price_cents", "sku", "courier", "saved_cents", "refusal")
             join ${this.t('bulk_staged_rows')} s on s."bulk_order_id" = ? and s."row_no" = v."row_no"
             returning 1
           ) select count(*) as "count" from "copied"`,
          [...group.flatMap((item) => [item.id, item.userId, item.rowNo, item.serviceName, item.serviceUid, item.priceCents, item.sku, item.courier, item.savedCents ?? null, item.refusal ?? null]), orderId],
        );
        if (Number(copied?.count) !== group.length) throw new Error(`bulk ${orderId}: ${group.length - Number(copied?.count)} item(s) have no staged row`);
      }
      await em.execute(`delete from ${this.t('bulk_staged_rows')} where "bulk_order_id" = ?`, [orderId]);
      return true;
    });
  }

  /** The hold was refused: nothing is kept that a worker could buy. The batch is a draft again, with no rows. */
  async undoFirstRound(orderId: string): Promise<void> {
    await this.em().transactional(async (em) => {
      await em.execute(`delete from ${this.t('bulk_items')} where "bulk_order_id" = ?`, [orderId]);
      await em.execute(
        `update ${this.t('bulk_orders')} set "status" = 'draft', "total_count" = 0, "quoted_cents" = 0, "quoted_saved_cents" = null, "saved_cents" = 0,
           "processed_count" = 0, "failed_count" = 0, "charged_cents" = 0,
           "round" = 0, "hold_id" = null, "hold_cents" = 0, "updated_at" = now()
         where "id" = ? and "status" = 'processing' and "round" = 1`,
        [orderId],
      );
    });
  }

  /** Puts the failed items back to be bought under a new hold; answers the round and what it must hold, or null. */
  async startRetryRound(orderId: string, from: readonly BulkStatus[]): Promise<{ round: number; holdId: string; holdCents: number; count: number } | null> {
    return this.em().transactional(async (em) => {
      const [batch] = await em.execute<BulkOrderRow[]>(
        `select * from ${this.t('bulk_orders')} where "id" = ? and "status" in (${placeholders(from)}) for update`,
        [orderId, ...from],
      );
      if (!batch) return null;
      const round = batch.round + 1;
      const reset = await em.execute<Array<{ price_cents: number }>>(
        `update ${this.t('bulk_items')} set "status" = 'pending', "round" = ?, "claimed_until" = null, "updated_at" = now()
         where "bulk_order_id" = ? and "status" = 'failed' returning "price_cents"`,
        [round, orderId],
      );
      if (reset.length === 0) return null;
      const holdCents = reset.reduce((sum, r) => sum + Number(r.price_cents), 0);
      const holdId = `bulk:${orderId}:${round}`;
      await em.execute(
        `update ${this.t('bulk_orders')} set "status" = 'retrying_failed', "round" = ?, "hold_id" = ?, "hold_cents" = ?, "failed_count" = "failed_count" - ?,
           "stuck_at" = null, "error" = null, "updated_at" = now() where "id" = ?`,
        [round, holdId, holdCents, reset.length, orderId],
      );
      return { round, holdId, holdCents, count: reset.length };
    });
  }

  /** The retry's hold was refused: the items are failed again (their errors kept) and the batch is as it was. */
  async undoRetryRound(orderId: string, round: number, status: BulkStatus): Promise<void> {
    await this.em().transactional(async (em) => {
      const back = await em.execute<Array<{ id: string }>>(
        `update ${this.t('bulk_items')} set "status" = 'failed', "round" = "round" - 1, "updated_at" = now() where "bulk_order_id" = ? and "round" = ? and "status" = 'pending' returning "id"`,
        [orderId, round],
      );
      await em.execute(
        `update ${this.t('bulk_orders')} set "status" = ?, "round" = "round" - 1, "hold_id" = null, "hold_cents" = 0, "failed_count" = "failed_count" + ?, "updated_at" = now()
         where "id" = ? and "round" = ? and "status" = 'retrying_failed'`,
        [status, back.length, orderId, round],
      );
    });
  }
}
