import { Injectable } from '@nestjs/common';
import { DomainError, ErrorCode, type ApiMode, type BatchVoids, type BulkStatus } from '@labeldesk/contracts';
import type { OwnerScope } from '@labeldesk/nest-transport';
import { randomUUID } from 'node:crypto';
import type { BulkOrderRow, FailedItemRow } from './bulk.rows';
import { EVERY_OWNER, ownerCondition, placeholders } from '../database';
import { BulkSql } from './bulk-sql';

/** The failed rows a batch view lists (its counts stay exact); the result CSV has every one. */
export const FAILED_LABELS_SHOWN = 1000;

/**
 * Bulk orders as their owner and the other features see them: a draft made, a batch found by id or by file name,
 * a user's batches and labels counted, the first failed rows, and a batch marked stuck in an error state.
 */
@Injectable()
export class BulkOrdersRepository extends BulkSql {
  /**
   * A new draft, or with `id` the draft of that id made once (the public API's batch under an Idempotency-Key): a
   * second call finds it; an id another user's batch, or another mode's, holds is not found. `mode`: a test key's batch
   * is a test batch (decision 124); the column's default keeps every other live.
   */
  async createDraft(userId: string, id?: string, mode: ApiMode = 'live'): Promise<string> {
    const draftId = id ?? randomUUID();
    await this.em().execute(`insert into ${this.t('bulk_orders')} ("id", "user_id", "status", "mode") values (?, ?, 'draft', ?) on conflict ("id") do nothing`, [draftId, userId, mode]);
    if (id !== undefined && (await this.findOwned(id, { userId }))?.mode !== mode) throw new DomainError(ErrorCode.NOT_FOUND, 'Bulk order not found');
    return draftId;
  }

  /** A batch by id, whoever owns it: for the service's own work, never for a caller's read. */
  find(id: string): Promise<BulkOrderRow | null> {
    return this.findOwned(id, EVERY_OWNER);
  }

  /** The batch if its owner is in the caller's scope, filtered in the query: another user's is not found, as a missing one. */
  async findOwned(id: string, scope: OwnerScope): Promise<BulkOrderRow | null> {
    const owner = ownerCondition(scope, '"user_id"');
    const [row] = await this.em().execute<BulkOrderRow[]>(`select * from ${this.t('bulk_orders')} where "id" = ?${owner.sql}`, [id, ...owner.values]);
    return row ?? null;
  }

  /** The batch one of whose files has this name, if its owner is in the caller's scope. */
  async findOwnedByFileName(name: string, scope: OwnerScope): Promise<BulkOrderRow | null> {
    const owner = ownerCondition(scope, '"user_id"');
    const [row] = await this.em().execute<BulkOrderRow[]>(
      `select * from ${this.t('bulk_orders')} where ("pdf_name" = ? or "result_csv_name" = ? or "auto_confirm_csv_name" = ?)${owner.sql} limit 1`,
      [name, name, name, ...owner.values],
    );
    return row ?? null;
  }

  /** Labels a user bought in live bulk orders (a test batch's are samples, decision 124). */
  async countLabels(userId: string): Promise<number> {
    const [row] = await this.em().execute<Array<{ n: string }>>(
      `select count(*) as n from ${this.t('bulk_items')} i join ${this.t('bulk_orders')} b on b."id" = i."bulk_order_id"
        where i."user_id" = ? and i."status" = 'succeeded' and b."mode" = 'live'`,
      [userId],
    );
    return Number(row?.n ?? 0);
  }

  /** A page of the user's batches of one mode (decision 124), through migration 048's (user, mode, newest first) index. */
  async listForUser(userId: string, page: number, limit: number, mode: ApiMode = 'live'): Promise<{ rows: BulkOrderRow[]; total: number }> {
    const em = this.em();
    const rows = await em.execute<BulkOrderRow[]>(
      `select * from ${this.t('bulk_orders')} where "user_id" = ? and "mode" = ? and "status" <> 'draft' order by "created_at" desc, "id" desc limit ? offset ?`,
      [userId, mode, limit, (page - 1) * limit],
    );
    const [count] = await em.execute<Array<{ n: string }>>(`select count(*) as n from ${this.t('bulk_orders')} where "user_id" = ? and "mode" = ? and "status" <> 'draft'`, [userId, mode]);
    return { rows, total: Number(count?.n ?? 0) };
  }

  async activeForUser(userId: string, mode: ApiMode = 'live'): Promise<BulkOrderRow | null> {
    const [row] = await this.em().execute<BulkOrderRow[]>(
      `select * from ${this.t('bulk_orders')} where "user_id" = ? and "mode" = ? and "status" in ('processing', 'retrying_failed', 'generating_files') order by "created_at" desc limit 1`,
      [userId, mode],
    );
    return row ?? null;
  }

  /** The first failed rows of a batch, with only the fields a view shows. */
  /** The voids of these batches' labels, by batch: only batches with at least one (one statement for a page of them). */
  async voidsOf(batchIds: readonly string[]): Promise<Map<string, BatchVoids>> {
    if (batchIds.length === 0) return new Map();
    const rows = await this.em().execute<Array<{ order_id: string; voided: string | number; voided_cents: string | number; pending: string | number; pending_cents: string | number }>>(
      `select "order_id",
              count(*) filter (where "state" in ('voided', 'refunded')) as "voided",
              coalesce(sum("amount_cents") filter (where "state" in ('voided', 'refunded')), 0) as "voided_cents",
              count(*) filter (where "state" in ('void_requested', 'refund_pending')) as "pending",
              coalesce(sum("amount_cents") filter (where "state" in ('void_requested', 'refund_pending')), 0) as "pending_cents"
       from ${this.t('label_voids')} where "label_kind" = 'bulk' and "order_id" in (${placeholders(batchIds)}) group by "order_id"`,
      [...batchIds],
    );
    return new Map(
      rows
        .map((r): [string, BatchVoids] => [r.order_id, { voided: Number(r.voided), voidedCents: Number(r.voided_cents), pending: Number(r.pending), pendingCents: Number(r.pending_cents) }])
        .filter(([, v]) => v.voided + v.pending > 0),
    );
  }

  async failedItems(orderId: string): Promise<FailedItemRow[]> {
    return this.em().execute<FailedItemRow[]>(
      `select "id", "row_no", "error", "data" #>> '{package,order_id}' as "order_id", "data" #>> '{package,order_item_id}' as "order_item_id",
              "data" #>> '{package,sku_number}' as "sku_number", "data" #>> '{receiver,receiver_name}' as "recipient"
       from ${this.t('bulk_items')} where "bulk_order_id" = ? and "status" = 'failed' order by "row_no" limit ?`,
      [orderId, FAILED_LABELS_SHOWN],
    );
  }

  /** An error state, kept with the time it started so the list can say how long it has been stuck. */
  async markError(orderId: string, from: readonly BulkStatus[], status: BulkStatus, error: string): Promise<BulkOrderRow | null> {
    const [row] = await this.em().execute<BulkOrderRow[]>(
      `update ${this.t('bulk_orders')} set "status" = ?, "error" = ?, "stuck_at" = coalesce("stuck_at", now()), "lease_until" = null, "updated_at" = now()
       where "id" = ? and "status" in (${placeholders(from)}) returning *`,
      [status, error, orderId, ...from],
    );
    return row ?? null;
  }
}
