import { Inject, Injectable } from '@nestjs/common';
import type { BulkOptions, BulkOrderItem, BulkStatus, SameReceiverResponse, ShippedOrder } from '@labeldesk/contracts';
import { ORM, queryBound, schemaTable } from '@labeldesk/nest-orm';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import type { BulkFileRow, BulkOrderRow, ClaimedItem, FailedItemRow, ItemOutcome, NewBulkItem, StagedRowSummary } from './bulk.rows';
import { placeholders } from '../database';
import { type OutboxEvent, outboxInsert } from '../webhooks';
import { settleBoughtSql } from '../carriers';
import { shippedOrdersSql } from './already-shipped.sql';
import { sameReceiverLabelSql } from './same-receiver.sql';

const LABEL_PURCHASED_BULK: OutboxEvent = {
  type: 'label.purchased',
  from: 'changed src',
  eventId: `'label.purchased:bulk:' || src."id"`,
  data: `jsonb_build_object('labelKind', 'bulk', 'labelId', src."id", 'orderId', src."bulk_order_id", 'row', src."row_no" + 1, 'trackingNumber', src."tracking_number",
           'carrier', src."carrier", 'serviceName', src."service_name", 'amountCents', src."price_cents", 'purchasedAt', src."label_bought_at")`,
};

const BATCH_COMPLETED: OutboxEvent = {
  type: 'batch.completed',
  from: 'done src',
  eventId: `'batch.completed:' || src."id" || ':' || src."round"`,
  data: `jsonb_build_object('orderId', src."id", 'status', src."status", 'round', src."round", 'totalCount', src."total_count", 'processedCount', src."processed_count",
           'failedCount', src."failed_count", 'chargedCents', src."charged_cents")`,
};

/** A bought label as an item stores it, with the purchase attempt to settle. */
type BoughtItem = Pick<Extract<ItemOutcome, { ok: true }>, 'itemId' | 'label' | 'purchase'>;
/** The item's columns a bought label sets, from the values list `v` (LABEL_VALUES_ROW, labelValues). */
const LABEL_COLUMNS_SET = `"tracking_number" = v."tracking", "label_pdf" = v."pdf", "error" = null, "claimed_until" = null, "carrier" = v."carrier",
  "carrier_refs" = v."refs", "cost_cents" = v."cost", "label_format" = v."format", "label_bought_at" = now(), "updated_at" = now()`;
const LABEL_VALUES_ROW = '(?::uuid, ?::text, ?::bytea, ?::text, ?::jsonb, ?::integer, ?::text, ?::text, ?::uuid)';
const LABEL_VALUES_COLUMNS = '"id", "tracking", "pdf", "carrier", "refs", "cost", "format", "purchase_key", "attempt_id"';
const labelValues = ({ itemId, label, purchase }: BoughtItem) => [
  itemId, label.trackingNumber, label.file, label.carrier, JSON.stringify(label.carrierRefs), label.costCents, label.format,
  purchase?.idempotencyKey ?? null, purchase?.attemptId ?? null,
];

const INSERT_ROWS = 500;
/** Rows per read of wide rows: results stay well under a megabyte. */
const READ_PAGE = 500;
/** Rows per read when each carries its label file (a few kB): a page stays under a megabyte. */
const LABEL_PAGE = 200;
/** Staged rows' summaries a page: a few short fields each. */
const SUMMARY_PAGE = 5_000;
/** The failed rows a batch view lists (its counts stay exact); the result CSV has every one. */
export const FAILED_LABELS_SHOWN = 1000;

/**
 * Bulk orders and their items, in SQL: a batch moves thousands of rows, so writes go in groups (one statement
 * per group) and every state change is conditional on the state it leaves, which is what makes a crash or a
 * second replica safe at any moment.
 */
@Injectable()
export class BulkRepository {
  constructor(@Inject(ORM) private readonly orm: MikroORM) {}

  private t(name: string): string {
    return schemaTable(this.orm, name);
  }

  private em(): EntityManager {
    return this.orm.em.fork();
  }

  async createDraft(userId: string): Promise<string> {
    const id = randomUUID();
    await this.em().execute(`insert into ${this.t('bulk_orders')} ("id", "user_id", "status") values (?, ?, 'draft')`, [id, userId]);
    return id;
  }

  async find(id: string): Promise<BulkOrderRow | null> {
    const [row] = await this.em().execute<BulkOrderRow[]>(`select * from ${this.t('bulk_orders')} where "id" = ?`, [id]);
    return row ?? null;
  }

  async findByFileName(name: string): Promise<BulkOrderRow | null> {
    const [row] = await this.em().execute<BulkOrderRow[]>(
      `select * from ${this.t('bulk_orders')} where "pdf_name" = ? or "result_csv_name" = ? or "auto_confirm_csv_name" = ? limit 1`,
      [name, name, name],
    );
    return row ?? null;
  }

  /** Labels a user bought in bulk orders. */
  async countLabels(userId: string): Promise<number> {
    const [row] = await this.em().execute<Array<{ n: string }>>(`select count(*) as n from ${this.t('bulk_items')} where "user_id" = ? and "status" = 'succeeded'`, [userId]);
    return Number(row?.n ?? 0);
  }

  async listForUser(userId: string, page: number, limit: number): Promise<{ rows: BulkOrderRow[]; total: number }> {
    const em = this.em();
    const rows = await em.execute<BulkOrderRow[]>(
      `select * from ${this.t('bulk_orders')} where "user_id" = ? and "status" <> 'draft' order by "created_at" desc, "id" desc limit ? offset ?`,
      [userId, limit, (page - 1) * limit],
    );
    const [count] = await em.execute<Array<{ n: string }>>(`select count(*) as n from ${this.t('bulk_orders')} where "user_id" = ? and "status" <> 'draft'`, [userId]);
    return { rows, total: Number(count?.n ?? 0) };
  }

  async activeForUser(userId: string): Promise<BulkOrderRow | null> {
    const [row] = await this.em().execute<BulkOrderRow[]>(
      `select * from ${this.t('bulk_orders')} where "user_id" = ? and "status" in ('processing', 'retrying_failed', 'generating_files') order by "created_at" desc limit 1`,
      [userId],
    );
    return row ?? null;
  }

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

  /** Which of the user's order IDs already have a label that stands (shippedOrdersSql): one statement for them all. */
  async shippedOrders(userId: string, orderIds: readonly string[]): Promise<ShippedOrder[]> {
    if (orderIds.length === 0) return [];
    const rows = await queryBound<{ order_id: string; shipped_at: Date | string; tracking_number: string }>(
      this.em(),
      shippedOrdersSql((name) => this.t(name)),
      [JSON.stringify(orderIds), userId],
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
      const rows = await this.em().execute<Array<{ row_no: number; service_name: string; weight_lb: number | string; sku: string | null; order_id: string | null; buy_another: boolean }>>(
        `select "row_no", "data"->>'service_name' as "service_name", ("data"->'package'->>'package_weight')::float8 as "weight_lb",
           "data"->'package'->>'sku_number' as "sku", "data"->'package'->>'order_id' as "order_id",
           coalesce(("data"->>'buy_another')::boolean, false) as "buy_another"
         from ${this.t('bulk_staged_rows')} where "bulk_order_id" = ? and "row_no" between ? and ? order by "row_no"`,
        [orderId, from, to],
      );
      for (const row of rows) {
        all.push({ rowNo: row.row_no, serviceName: row.service_name, weightLb: Number(row.weight_lb), sku: row.sku, orderId: row.order_id, buyAnother: row.buy_another });
      }
    }
    return all;
  }

  /**
   * Turns a draft into a batch being bought: items written, staged rows dropped, the hold named. One transaction,
   * conditional on the draft, so a second submission of the same batch changes nothing. Each item's row is copied
   * from its staged row inside the database; an item whose staged row is missing undoes the whole transaction.
   */
  async startFirstRound(orderId: string, items: readonly NewBulkItem[], options: BulkOptions, holdId: string, holdCents: number): Promise<boolean> {
    return this.em().transactional(async (em) => {
      const started = await em.execute<Array<{ id: string }>>(
        `update ${this.t('bulk_orders')} set "status" = 'processing', "total_count" = ?, "quoted_cents" = ?, "label_format" = ?, "sort_by_sku" = ?,
           "round" = 1, "hold_id" = ?, "hold_cents" = ?, "updated_at" = now() where "id" = ? and "status" = 'draft' returning "id"`,
        [items.length, holdCents, options.labelFormat, options.sortBySku, holdId, holdCents, orderId],
      );
      if (started.length === 0) return false;
      for (let i = 0; i < items.length; i += INSERT_ROWS) {
        const group = items.slice(i, i + INSERT_ROWS);
        const [copied] = await queryBound<{ count: number | string }>(
          em,
          `with "copied" as (
             insert into ${this.t('bulk_items')} ("id", "bulk_order_id", "user_id", "row_no", "status", "round", "service_name", "service_uid", "price_cents", "sku", "data")
             select v."id", s."bulk_order_id", v."user_id", v."row_no", 'pending', 1, v."service_name", v."service_uid", v."price_cents", v."sku", s."data"
             from (values ${group.map(() => '(?::uuid, ?::uuid, ?::int, ?::text, ?::text, ?::int, ?::text)').join(', ')}) as v("id", "user_id", "row_no", "service_name", "service_uid", "price_cents", "sku")
             join ${this.t('bulk_staged_rows')} s on s."bulk_order_id" = ? and s."row_no" = v."row_no"
             returning 1
           ) select count(*) as "count" from "copied"`,
          [...group.flatMap((item) => [item.id, item.userId, item.rowNo, item.serviceName, item.serviceUid, item.priceCents, item.sku]), orderId],
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
        `update ${this.t('bulk_orders')} set "status" = 'draft', "total_count" = 0, "quoted_cents" = 0, "processed_count" = 0, "failed_count" = 0, "charged_cents" = 0,
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

  /** Batches being bought, oldest first: their items are claimed in this order. */
  async buyingBatches(): Promise<string[]> {
    const rows = await this.em().execute<Array<{ id: string }>>(
      `select "id" from ${this.t('bulk_orders')} where "status" in ('processing', 'retrying_failed') order by "created_at", "id"`,
    );
    return rows.map((r) => r.id);
  }

  /**
   * Claims up to `limit` pending items of one batch for this worker for `leaseSeconds`; other replicas skip them
   * (SKIP LOCKED) and take the next ones, so several replicas share one batch. Only rows after `afterRowNo`: the
   * scan then starts there instead of walking every row claimed, labelled or left dead since the batch began.
   */
  async claimItems(orderId: string, limit: number, leaseSeconds: number, afterRowNo = -1): Promise<ClaimedItem[]> {
    return queryBound<ClaimedItem>(
      this.em(),
      `update ${this.t('bulk_items')} i set "claimed_until" = now() + make_interval(secs => ?::float8)
       from ${this.t('bulk_orders')} b
       where b."id" = i."bulk_order_id" and i."id" in (
         select "id" from ${this.t('bulk_items')}
         where "bulk_order_id" = ? and "row_no" > ? and "status" = 'pending' and ("claimed_until" is null or "claimed_until" < now())
         order by "row_no" limit ? for update skip locked
       )
       returning i."id", i."bulk_order_id", i."user_id", i."row_no", i."round", i."service_uid", i."service_name", i."price_cents", i."data",
         i."updated_at" as "pending_since", b."label_format" as "batch_label_format", b."hold_id"`,
      [leaseSeconds, orderId, afterRowNo, limit],
    );
  }

  /** Gives claimed items back at once (a worker shutting down), so others need not wait for the lease. */
  async releaseClaims(ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.em().execute(`update ${this.t('bulk_items')} set "claimed_until" = null where "status" = 'pending' and "id" in (${placeholders(ids)})`, [...ids]);
  }

  /**
   * Labels bought but not yet charged: stored with their items in one statement, to be charged by the next flush
   * (labelledToCapture). Only items still pending move (a slower twin loses).
   */
  async markLabelled(outcomes: ReadonlyArray<BoughtItem>): Promise<void> {
    if (outcomes.length === 0) return;
    await queryBound(
      this.em(),
      `with ${this.labelsAndSettlements(outcomes)}
       update ${this.t('bulk_items')} i set "status" = 'labelled', ${LABEL_COLUMNS_SET}
       from v where i."id" = v."id" and i."status" = 'pending'`,
      outcomes.flatMap(labelValues),
    );
  }

  /**
   * Labels bought and already charged: stored with their items, succeeded, counted and their price added to the
   * batch's cost in one statement, which also queues their label.purchased webhooks (docs/decisions/051). Each item
   * is written once, where markLabelled and markSucceeded write it twice. Only items still pending move, so a twin
   * that got there first is counted once. Answers the batches as they now are.
   */
  async markBought(outcomes: ReadonlyArray<BoughtItem>): Promise<BulkOrderRow[]> {
    if (outcomes.length === 0) return [];
    return queryBound<BulkOrderRow>(
      this.em(),
      this.countedAsSucceeded(
        `update ${this.t('bulk_items')} i set "status" = 'succeeded', ${LABEL_COLUMNS_SET} from v where i."id" = v."id" and i."status" = 'pending'`,
        this.labelsAndSettlements(outcomes),
      ),
      outcomes.flatMap(labelValues),
    );
  }

  /**
   * The labels as a values list `v` (labelValues), and the settlement of the attempts that bought them, whether or not
   * their items still move (a twin that stored them first never had an attempt of its own for the same key).
   */
  private labelsAndSettlements(outcomes: ReadonlyArray<BoughtItem>): string {
    return `v(${LABEL_VALUES_COLUMNS}) as (values ${outcomes.map(() => LABEL_VALUES_ROW).join(', ')}),
       settled as (${settleBoughtSql((name) => this.t(name), 'v')})`;
  }

  /** Whether the batch's labels are samples (sold by the sandbox; rows from before carriers were recorded were too); null before any label. */
  async hasSampleLabels(orderId: string): Promise<boolean | null> {
    const [row] = await this.em().execute<Array<{ sample: boolean | null }>>(
      `select bool_or(coalesce("carrier", 'sandbox') = 'sandbox') as "sample" from ${this.t('bulk_items')}
        where "bulk_order_id" = ? and "status" in ('labelled', 'succeeded')`,
      [orderId],
    );
    return row?.sample ?? null;
  }

  /**
   * Failed labels, with the batch's count raised in the same statement by exactly the rows that changed: a replay
   * changes no row and counts nothing, a crash loses neither. Answers the batches as they now are.
   */
  async markFailed(outcomes: ReadonlyArray<Extract<ItemOutcome, { ok: false }>>): Promise<BulkOrderRow[]> {
    if (outcomes.length === 0) return [];
    return this.em().execute<BulkOrderRow[]>(
      `with changed as (
         update ${this.t('bulk_items')} i set "status" = 'failed', "error" = v."error", "claimed_until" = null, "updated_at" = now()
         from (values ${outcomes.map(() => '(?::uuid, ?::text)').join(', ')}) as v("id", "error")
         where i."id" = v."id" and i."status" = 'pending' returning i."bulk_order_id"
       )
       update ${this.t('bulk_orders')} b set "failed_count" = b."failed_count" + c."n", "updated_at" = now()
       from (select "bulk_order_id", count(*) as "n" from changed group by "bulk_order_id") c
       where b."id" = c."bulk_order_id" returning b.*`,
      outcomes.flatMap((o) => [o.itemId, o.error]),
    );
  }

  /** Items whose label exists but whose charge is not yet recorded (this worker's, or left by a crash). */
  async labelledToCapture(limit: number): Promise<Array<{ id: string; bulk_order_id: string; user_id: string; price_cents: number; row_no: number; hold_id: string | null }>> {
    return this.em().execute(
      `select i."id", i."bulk_order_id", i."user_id", i."price_cents", i."row_no", b."hold_id" from ${this.t('bulk_items')} i join ${this.t('bulk_orders')} b on b."id" = i."bulk_order_id"
       where i."status" = 'labelled' and b."status" in ('processing', 'retrying_failed') order by i."bulk_order_id", i."row_no" limit ?`,
      [limit],
    );
  }

  /**
   * Charged labels: succeeded, counted and their price added to the batch's cost in one statement (see markFailed),
   * which also queues their label.purchased webhooks (docs/decisions/051).
   */
  async markSucceeded(ids: readonly string[]): Promise<BulkOrderRow[]> {
    if (ids.length === 0) return [];
    return this.em().execute<BulkOrderRow[]>(
      this.countedAsSucceeded(`update ${this.t('bulk_items')} i set "status" = 'succeeded', "updated_at" = now() where i."status" = 'labelled' and i."id" in (${placeholders(ids)})`),
      [...ids],
    );
  }

  /**
   * `succeed`, an update of items (aliased `i`, without a returning clause) to succeeded, with the batches' counts and
   * cost raised by exactly the items it changed and their label.purchased webhooks queued, in one statement answering
   * the batches as they now are.
   */
  private countedAsSucceeded(succeed: string, before?: string): string {
    return `with ${before ? `${before},` : ''} changed as (
         ${succeed}
         returning i."id", i."bulk_order_id", i."user_id", i."price_cents", i."row_no", i."tracking_number", i."carrier", i."service_name", i."label_bought_at"
       ), hooks as (${outboxInsert((name) => schemaTable(this.orm, name), LABEL_PURCHASED_BULK)})
       update ${this.t('bulk_orders')} b set "processed_count" = b."processed_count" + c."n", "charged_cents" = b."charged_cents" + c."cents", "updated_at" = now()
       from (select "bulk_order_id", count(*) as "n", sum("price_cents") as "cents" from changed group by "bulk_order_id") c
       where b."id" = c."bulk_order_id" returning b.*`;
  }

  /** Recounts a batch from its items: a check at the end of each round that the running counts hold. */
  async refreshCounts(orderId: string): Promise<BulkOrderRow | null> {
    const [row] = await this.em().execute<BulkOrderRow[]>(
      `update ${this.t('bulk_orders')} b set
         "processed_count" = c."succeeded", "failed_count" = c."failed", "charged_cents" = c."charged", "updated_at" = now()
       from (select count(*) filter (where "status" = 'succeeded') as "succeeded", count(*) filter (where "status" = 'failed') as "failed",
                    coalesce(sum("price_cents") filter (where "status" = 'succeeded'), 0) as "charged"
             from ${this.t('bulk_items')} where "bulk_order_id" = ?) c
       where b."id" = ? returning b.*`,
      [orderId, orderId],
    );
    return row ?? null;
  }

  /** Batches being bought that have nothing left to buy or charge: ready to be finished. */
  async finishable(): Promise<string[]> {
    const rows = await this.em().execute<Array<{ id: string }>>(
      `select b."id" from ${this.t('bulk_orders')} b where b."status" in ('processing', 'retrying_failed')
       and not exists (select 1 from ${this.t('bulk_items')} i where i."bulk_order_id" = b."id" and i."status" in ('pending', 'labelled'))`,
    );
    return rows.map((r) => r.id);
  }

  /**
   * Takes a batch into generating_files for this worker (or one whose earlier worker died while generating),
   * with a lease so no other replica builds the same files at the same time.
   */
  async claimForFiles(orderId: string | null, leaseSeconds: number): Promise<BulkOrderRow | null> {
    const open = `not exists (select 1 from ${this.t('bulk_items')} i where i."bulk_order_id" = b."id" and i."status" in ('pending', 'labelled'))`;
    const [row] = await this.em().execute<BulkOrderRow[]>(
      `update ${this.t('bulk_orders')} set "status" = 'generating_files', "lease_until" = now() + make_interval(secs => ?), "stuck_at" = coalesce("stuck_at", now()), "updated_at" = now()
       where "id" = (
         select b."id" from ${this.t('bulk_orders')} b
         where ${orderId ? 'b."id" = ? and' : ''} (
           (b."status" in ('processing', 'retrying_failed') and ${open})
           or (b."status" = 'generating_files' and (b."lease_until" is null or b."lease_until" < now()))
         )
         order by b."created_at" limit 1 for update skip locked
       ) returning *`,
      orderId ? [leaseSeconds, orderId] : [leaseSeconds],
    );
    return row ?? null;
  }

  /** Marks a batch for a rebuild of its files (Regenerate Files); answers false when it is not in a state that has files. */
  async reopenForFiles(orderId: string, from: readonly BulkStatus[]): Promise<boolean> {
    const rows = await this.em().execute<Array<{ id: string }>>(
      `update ${this.t('bulk_orders')} set "status" = 'generating_files', "lease_until" = null, "stuck_at" = null, "updated_at" = now()
       where "id" = ? and "status" in (${placeholders(from)}) and ("status" <> 'generating_files' or "lease_until" is null or "lease_until" < now()) returning "id"`,
      [orderId, ...from],
    );
    return rows.length > 0;
  }

  /** The batch's end, with its batch.completed webhook queued by the same statement (once per round: rebuilt files send none). */
  async finishFiles(orderId: string, status: BulkStatus, files: { pdfFileId: string | null; resultFileId: string; confirmFileId: string | null; pdfName: string | null; resultCsvName: string; autoConfirmCsvName: string | null }): Promise<BulkOrderRow | null> {
    const [row] = await this.em().execute<BulkOrderRow[]>(
      `with done as (
         update ${this.t('bulk_orders')} set "status" = ?, "pdf_file_id" = ?, "result_file_id" = ?, "confirm_file_id" = ?, "pdf_name" = ?, "result_csv_name" = ?, "auto_confirm_csv_name" = ?,
           "lease_until" = null, "stuck_at" = null, "error" = null, "updated_at" = now()
         where "id" = ? and "status" = 'generating_files' returning *
       ), hooks as (${outboxInsert((name) => schemaTable(this.orm, name), BATCH_COMPLETED)})
       select * from done`,
      [status, files.pdfFileId, files.resultFileId, files.confirmFileId, files.pdfName, files.resultCsvName, files.autoConfirmCsvName, orderId],
    );
    return row ?? null;
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

  /** The first failed rows of a batch, with only the fields a view shows. */
  async failedItems(orderId: string): Promise<FailedItemRow[]> {
    return this.em().execute<FailedItemRow[]>(
      `select "id", "row_no", "error", "data" #>> '{package,order_id}' as "order_id", "data" #>> '{package,order_item_id}' as "order_item_id",
              "data" #>> '{package,sku_number}' as "sku_number", "data" #>> '{receiver,receiver_name}' as "recipient"
       from ${this.t('bulk_items')} where "bulk_order_id" = ? and "status" = 'failed' order by "row_no" limit ?`,
      [orderId, FAILED_LABELS_SHOWN],
    );
  }

  /** Items in pages (keyset), without their PDFs: for the result files. */
  itemsInOrder(orderId: string, pageSize = READ_PAGE): AsyncGenerator<BulkFileRow> {
    return this.fileRows(orderId, pageSize, '');
  }

  /**
   * Items in pages as itemsInOrder reads them, each bought one with its label file: the result files and the labels
   * printed in row order from one read of the items, not one read each.
   */
  itemsWithLabels(orderId: string, pageSize = LABEL_PAGE): AsyncGenerator<BulkFileRow & { label_pdf: Buffer | null }> {
    return this.fileRows(orderId, pageSize, `, case when "status" = 'succeeded' then "label_pdf" end as "label_pdf"`);
  }

  private async *fileRows<Row extends BulkFileRow>(orderId: string, pageSize: number, moreColumns: string): AsyncGenerator<Row> {
    for (const [from, to] of await this.rowSpans('bulk_items', orderId, pageSize)) {
      const rows = await this.em().execute<Row[]>(
        `select "row_no", "status", "service_name", "price_cents", "tracking_number", "error"${moreColumns},
                "data" #>> '{package,order_id}' as "order_id", "data" #>> '{package,order_item_id}' as "order_item_id",
                "data" #>> '{package,sku_number}' as "sku_number", coalesce("data" #>> '{receiver,receiver_name}', '') as "recipient",
                coalesce(("data" #>> '{package,quantity}')::int, 1) as "quantity"
         from ${this.t('bulk_items')} where "bulk_order_id" = ? and "row_no" between ? and ? order by "row_no"`,
        [orderId, from, to],
      );
      for (const row of rows) yield row;
    }
  }

  /**
   * A batch's rows read page by page go by spans of row numbers, not by "the next n rows after the last one": for
   * that, a planner that guesses the batch has fewer rows than a page (the embedded database never gathers
   * statistics; a big batch among many small ones looks small) reads every later row of the batch and sorts it to
   * keep n, each page: the batch's reading grows with the square of its size. A span reads at most its own rows
   * whatever the plan; gaps only make a page shorter.
   */
  private async rowSpans(table: 'bulk_items' | 'bulk_staged_rows', orderId: string, pageSize: number): Promise<Array<[number, number]>> {
    const [row] = await this.em().execute<Array<{ first: number | null; last: number | null }>>(
      `select min("row_no") as "first", max("row_no") as "last" from ${this.t(table)} where "bulk_order_id" = ?`,
      [orderId],
    );
    const spans: Array<[number, number]> = [];
    if (row?.first == null || row.last == null) return spans;
    for (let from = row.first; from <= row.last; from += pageSize) spans.push([from, Math.min(from + pageSize - 1, row.last)]);
    return spans;
  }

  /**
   * The bought labels' PDFs by SKU (no SKU first, then by row), a page at a time so memory stays flat. Labels in row
   * order come with their items (itemsWithLabels).
   */
  async *labelPdfsBySku(orderId: string, pageSize = LABEL_PAGE): AsyncGenerator<Buffer> {
    // The order first (a row number each, without the labels), then the labels a page of row numbers at a time.
    // Sorting by SKU in each page's statement sorted every bought row of the batch, labels and all, per page.
    const order = await this.em().execute<Array<{ row_no: number }>>(
      `select "row_no" from ${this.t('bulk_items')} where "bulk_order_id" = ? and "status" = 'succeeded' order by coalesce("sku", ''), "row_no"`,
      [orderId],
    );
    for (let i = 0; i < order.length; i += pageSize) {
      const page = order.slice(i, i + pageSize).map((row) => row.row_no);
      const rows = await this.em().execute<Array<{ row_no: number; label_pdf: Buffer }>>(
        `select "row_no", "label_pdf" from ${this.t('bulk_items')} where "bulk_order_id" = ? and "status" = 'succeeded' and "row_no" in (${placeholders(page)})`,
        [orderId, ...page],
      );
      const byRow = new Map(rows.map((row) => [row.row_no, row.label_pdf]));
      for (const rowNo of page) {
        const pdf = byRow.get(rowNo);
        if (pdf) yield pdf;
      }
    }
  }

}
