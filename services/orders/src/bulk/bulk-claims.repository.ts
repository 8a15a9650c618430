import { Injectable } from '@nestjs/common';
import { queryBound } from '@labeldesk/nest-orm';
import type { BulkOrderRow, ClaimedItem, ItemOutcome } from './bulk.rows';
import { placeholders } from '../database';
import { type OutboxEvent, outboxInsert } from '../webhooks';
import { settleBoughtSql } from '../carriers';
import { BulkSql } from './bulk-sql';

const LABEL_PURCHASED_BULK: OutboxEvent = {
  type: 'label.purchased',
  from: 'changed src',
  eventId: `'label.purchased:bulk:' || src."id"`,
  data: `jsonb_build_object('labelKind', 'bulk', 'labelId', src."id", 'orderId', src."bulk_order_id", 'row', src."row_no" + 1, 'trackingNumber', src."tracking_number",
           'carrier', src."carrier", 'serviceName', src."service_name", 'amountCents', src."price_cents", 'purchasedAt', src."label_bought_at")`,
};

/** A bought label as an item stores it, with the purchase attempt to settle. */
type BoughtItem = Pick<Extract<ItemOutcome, { ok: true }>, 'itemId' | 'label' | 'purchase'>;
/** The item's columns a bought label sets, from the values list `v` (LABEL_VALUES_ROW, labelValues). */
const LABEL_COLUMNS_SET = `"tracking_number" = v."tracking", "label_pdf" = v."label", "error" = null, "claimed_until" = null, "carrier" = v."carrier",
  "carrier_refs" = v."refs", "cost_cents" = v."cost", "retail_cents" = v."retail", "label_format" = v."format", "label_bought_at" = now(), "updated_at" = now()`;
const LABEL_VALUES_ROW = '(?::uuid, ?::text, ?::bytea, ?::text, ?::jsonb, ?::integer, ?::integer, ?::text, ?::text, ?::uuid)';
const LABEL_VALUES_COLUMNS = '"id", "tracking", "label", "carrier", "refs", "cost", "retail", "format", "purchase_key", "attempt_id"';
const labelValues = ({ itemId, label, purchase }: BoughtItem) => [
  itemId, label.trackingNumber, label.file, label.carrier, JSON.stringify(label.carrierRefs), label.costCents, label.retailCents ?? null, label.format,
  purchase?.idempotencyKey ?? null, purchase?.attemptId ?? null,
];

/**
 * The bulk engine's work on items: claimed with a lease, labelled or failed, charged (succeeded), counted, and the
 * batches left with nothing to buy. Writes go in groups (one statement per group) and every state change is
 * conditional on the state it leaves, which is what makes a crash or a second replica safe at any moment.
 */
@Injectable()
export class BulkClaimsRepository extends BulkSql {
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
         i."updated_at" as "pending_since", b."label_format" as "batch_label_format", b."mode" as "batch_mode", b."hold_id"`,
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
   * cost (and what rate rules saved) raised by exactly the items it changed and their label.purchased webhooks queued, in one statement answering
   * the batches as they now are.
   */
  private countedAsSucceeded(succeed: string, before?: string): string {
    return `with ${before ? `${before},` : ''} changed as (
         ${succeed}
         returning i."id", i."bulk_order_id", i."user_id", i."price_cents", i."row_no", i."tracking_number", i."carrier", i."service_name", i."label_bought_at", i."saved_cents"
       ), hooks as (${outboxInsert((name) => this.t(name), LABEL_PURCHASED_BULK)})
       update ${this.t('bulk_orders')} b set "processed_count" = b."processed_count" + c."n", "charged_cents" = b."charged_cents" + c."cents",
         "saved_cents" = b."saved_cents" + c."saved", "updated_at" = now()
       from (select "bulk_order_id", count(*) as "n", sum("price_cents") as "cents", coalesce(sum("saved_cents"), 0) as "saved" from changed group by "bulk_order_id") c
       where b."id" = c."bulk_order_id" returning b.*`;
  }

  /** Recounts a batch from its items: a check at the end of each round that the running counts hold. */
  async refreshCounts(orderId: string): Promise<BulkOrderRow | null> {
    const [row] = await this.em().execute<BulkOrderRow[]>(
      `update ${this.t('bulk_orders')} b set
         "processed_count" = c."succeeded", "failed_count" = c."failed", "charged_cents" = c."charged", "saved_cents" = c."saved", "updated_at" = now()
       from (select count(*) filter (where "status" = 'succeeded') as "succeeded", count(*) filter (where "status" = 'failed') as "failed",
                    coalesce(sum("price_cents") filter (where "status" = 'succeeded'), 0) as "charged",
                    coalesce(sum("saved_cents") filter (where "status" = 'succeeded'), 0) as "saved"
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
}
