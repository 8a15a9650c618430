import { labelsBought, labelsFailed } from '@labeldesk/nest-config';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { bulkRowCustomsRefusal, DomainError, ErrorCode, PaymentsRpc } from '@labeldesk/contracts';
import { RpcClient } from '@labeldesk/nest-transport';
import { LabelPurchaser, ShipperContacts, toShipment } from '../carriers';
import { ORDERS_ENV, type OrdersEnv } from '../config';
import { LabelExtrasRepository, NO_EXTRAS } from '../insurance';
import { BulkFilesBuilder } from './bulk-files.builder';
import { BulkProgressPublisher } from './bulk-progress.publisher';
import { BulkOrdersRepository } from './bulk-orders.repository';
import { BulkRoundsRepository } from './bulk-rounds.repository';
import { BulkClaimsRepository } from './bulk-claims.repository';
import { BulkFilesRepository } from './bulk-files.repository';
import type { BulkOrderRow, ClaimedItem, ItemOutcome } from './bulk.rows';
import { holdOf, isHoldRefusal } from './hold-refusal';
import { withDefaultReferences } from './label-references';
import { insuringCarriers, rowInsurance } from './pricing/row-insurance';

/** Results are written in groups of this many (or every FLUSH_MS): one statement per group, not per label. */
const FLUSH_AT = 100;
const FLUSH_MS = 200;
const IDLE_MS = 500;
/**
 * An engine that keeps finding nothing looks half as often each time, down to once per IDLE_MAX_MS: new work wakes every
 * replica at once (BulkWorkSignal), so the looks are only the fallback for leases that lapse and batches a crash left.
 * Looking every 500 ms was most of what an idle system did (four statements a look).
 */
const IDLE_MAX_MS = 5_000;
/** A file build (merging thousands of labels) may take a while; another replica takes over after this. */
const FILES_LEASE_SECONDS = 180;
/**
 * Bulk labels in flight by default stop here whatever the carrier allows (decision 053): more made a batch no faster,
 * and each one in flight holds a claimed item and its label in memory.
 */
const BULK_CONCURRENCY_CEILING = 128;
/** How often a label the carrier did not answer about is asked for again before the item fails. */
const NO_ANSWER_TRIES = 3;

/** The capture key of a bulk label: one charge per item, whatever retries, rounds, crashes and replicas happen. */
export const captureKey = (itemId: string) => `bulk-item:${itemId}`;
/** The carrier key of a bulk label: the same in every round, so a carrier that made it answers the same label. */
export const carrierKey = (itemId: string) => `bulk:${itemId}`;

const FINAL_BY_OUTCOME = (row: BulkOrderRow) => (row.processed_count === 0 ? 'failed' : row.failed_count > 0 ? 'completed_with_errors' : 'completed');

/**
 * Buys the items of every batch being bought, in every replica. Items are claimed in groups with SKIP LOCKED and
 * a lease, bought with bounded concurrency through the carrier port, written and charged in groups (capture from
 * the batch's hold, key = item), and a batch with nothing left is finished: hold released, files built.
 * Every step is conditional or idempotent, so a process killed at any moment is resumed by the next one.
 */
@Injectable()
export class BulkEngine implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(BulkEngine.name);
  private stopping = false;
  private loopDone: Promise<void> = Promise.resolve();
  private inFlight = 0;
  /** Per batch being bought, the last row this worker claimed: the next claim starts after it. */
  private readonly claimedUpTo = new Map<string, number>();
  /** Items this worker claimed and has not started yet. */
  private readonly queue: ClaimedItem[] = [];
  private outcomes: ItemOutcome[] = [];
  private lastFlush = Date.now();
  private lastFinishCheck = 0;
  private wakeUp: (() => void) | null = null;
  private idleMs = IDLE_MS;
  /** holdId → whether the hold is in place (placed by submit or, after a crash, here). */
  private readonly holds = new Map<string, Promise<boolean>>();

  constructor(
    private readonly batches: BulkOrdersRepository,
    private readonly rounds: BulkRoundsRepository,
    private readonly claims: BulkClaimsRepository,
    private readonly batchFiles: BulkFilesRepository,
    private readonly rpc: RpcClient,
    private readonly purchaser: LabelPurchaser,
    private readonly shippers: ShipperContacts,
    private readonly files: BulkFilesBuilder,
    private readonly progress: BulkProgressPublisher,
    @Inject(ORDERS_ENV) private readonly env: OrdersEnv,
    private readonly extras: LabelExtrasRepository,
  ) {}

  onApplicationBootstrap(): void {
    this.loopDone = this.loop();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopping = true;
    this.wake();
    await this.loopDone;
  }

  /** New work is waiting: stop idling, and look often again. */
  wake(): void {
    this.idleMs = IDLE_MS;
    this.wakeUp?.();
  }

  /** What the carriers take at once, or the operator's lower setting (decision 053). */
  private get concurrency(): number {
    return this.env.BULK_CONCURRENCY ?? Math.min(BULK_CONCURRENCY_CEILING, this.purchaser.carrierConcurrency);
  }

  private async loop(): Promise<void> {
    while (!this.stopping) {
      try {
        const claimed = await this.refill();
        if (claimed > 0) this.idleMs = IDLE_MS;
        this.startBuying();
        if (this.outcomes.length >= FLUSH_AT || (this.outcomes.length > 0 && Date.now() - this.lastFlush >= FLUSH_MS)) await this.flush();
        if (this.queue.length === 0 && this.inFlight === 0) {
          await this.flush();
          await this.finishReady();
          if (claimed === 0) await this.idle();
        } else {
          // Another batch may have ended while this worker is busy with a newer one.
          if (Date.now() - this.lastFinishCheck >= IDLE_MS) await this.finishReady();
          await this.sleep(FLUSH_MS);
        }
      } catch (error) {
        this.logger.error(`bulk engine: ${error instanceof Error ? error.message : String(error)}`, error instanceof Error ? error.stack : undefined);
        await this.sleep(IDLE_MS);
      }
    }
    await this.claims.releaseClaims(this.queue.splice(0).map((item) => item.id)).catch((error: unknown) => this.logger.warn(`claims not released: ${String(error)}`));
    while (this.inFlight > 0) await new Promise((resolve) => setTimeout(resolve, 50));
    await this.flush().catch((error: unknown) => this.logger.warn(`last flush failed: ${String(error)}`));
  }

  /**
   * Claims work in groups (twice the concurrency) when the local queue runs low, so the database sees one claim
   * per group of labels rather than one per label; batches are served oldest first.
   */
  private async refill(): Promise<number> {
    if (this.stopping || this.queue.length >= this.concurrency) return 0;
    let claimed = 0;
    const buying = await this.claims.buyingBatches();
    for (const orderId of this.claimedUpTo.keys()) if (!buying.includes(orderId)) this.claimedUpTo.delete(orderId);
    for (const orderId of buying) {
      const want = 2 * this.concurrency - this.queue.length;
      if (want <= 0) break;
      const items = await this.claim(orderId, want);
      this.queue.push(...items);
      claimed += items.length;
    }
    return claimed;
  }

  /**
   * The next pending rows after the last one this worker claimed, and from the batch's start only when those run
   * short: rows before it come back pending when a claim is given back, a lease lapses or a retry round begins.
   */
  private async claim(orderId: string, want: number): Promise<ClaimedItem[]> {
    const lease = this.env.BULK_CLAIM_LEASE_SECONDS;
    const after = this.claimedUpTo.get(orderId);
    let items = after === undefined ? [] : await this.claims.claimItems(orderId, want, lease, after);
    if (items.length < want) items = [...items, ...(await this.claims.claimItems(orderId, want - items.length, lease))];
    if (items.length > 0) this.claimedUpTo.set(orderId, Math.max(...items.map((item) => item.row_no)));
    return items;
  }

  private startBuying(): void {
    while (this.inFlight < this.concurrency && this.queue.length > 0) {
      const item = this.queue.shift();
      if (!item) break;
      this.inFlight++;
      void this.buy(item)
        .then((outcome) => outcome && this.outcomes.push(outcome))
        .catch((error: unknown) => this.logger.warn(`item ${item.id} left for a later claim: ${String(error)}`))
        .finally(() => {
          this.inFlight--;
          this.startBuying();
          if (this.outcomes.length >= FLUSH_AT || this.queue.length < this.concurrency) this.wake();
        });
    }
  }

  /**
   * One label, through the label purchaser. Null when the item is left pending for a later claim: the carrier is
   * rate-limiting, its circuit is open or it has no funds (the batch pauses rather than failing every row), or the
   * purchase is unknown and the carrier must be asked again (never another carrier).
   */
  private async buy(item: ClaimedItem): Promise<ItemOutcome | null> {
    const failed = (error: string): ItemOutcome => ({ ok: false, itemId: item.id, orderId: item.bulk_order_id, error });
    // A row abroad whose customs break the receiver's rules fails alone, before its hold or a carrier is asked (decision 100).
    const customsRefusal = bulkRowCustomsRefusal(item.data);
    if (customsRefusal) return failed(customsRefusal);
    // So is a row whose service cannot be insured (decision 122): its fee is in the price, the cover must be bought too.
    const insured = rowInsurance({ uid: item.service_uid, name: item.service_name }, item.data.insurance?.declared_value_cents, insuringCarriers(item.batch_mode, this.env.CARRIERS));
    if (!insured.ok) return failed(insured.refusal);
    if (!(await this.holdInPlace(item.bulk_order_id, item.round))) return null;
    // What the label insures is kept by its item's id before it is bought, so an insured label never lacks it (a claim's cap).
    if (insured.extras !== NO_EXTRAS) await this.extras.record(item.id, item.user_id, insured.extras);
    const shipper = await this.shippers.shipperOf(item.user_id, item.data.sender.sender_phone);
    const parts = {
      serviceUid: item.service_uid,
      sender: item.data.sender,
      receiver: item.data.receiver,
      package: withDefaultReferences(item.data.package),
      customs: item.data.customs ?? null,
      extras: insured.extras,
    };
    const shipment = {
      ...toShipment(parts, shipper),
      format: item.batch_label_format === 'zpl' ? ('ZPL' as const) : ('PDF' as const),
      // The row's price caps what the carrier may cost: never a label sold under its cost (issue 45).
      maxCostCents: item.price_cents,
    };
    for (let attempt = 1; ; attempt++) {
      // The journal's record of a label bought here is settled with the label, in the statement that stores it.
      const { outcome, unsettled } = await this.purchaser.buyLeavingBoughtUnsettled(shipment, carrierKey(item.id), item.batch_mode);
      switch (outcome.kind) {
        case 'bought':
          return {
            ok: true,
            itemId: item.id,
            orderId: item.bulk_order_id,
            label: outcome.label,
            charge: { holdId: item.hold_id, priceCents: item.price_cents, rowNo: item.row_no },
            purchase: unsettled && { idempotencyKey: unsettled.idempotencyKey, attemptId: unsettled.attemptId },
          };
        case 'refused':
          // The carrier answered "no": the row fails now and 'Retry Failed' is the customer's call, never ours.
          return failed(outcome.message);
        case 'not_attempted':
          if (outcome.reason === 'upstream_funds') this.logger.error(`bulk ${item.bulk_order_id}: paused, ${outcome.message}`);
          // Nothing was bought. A blip is tried again at once; a carrier still away leaves the row pending (the batch
          // pauses rather than failing every row) until it has been pending for ORDER_GIVE_UP_HOURS.
          if (outcome.reason === 'unavailable' && attempt < NO_ANSWER_TRIES) break;
          return this.givenUp(item) ? failed(outcome.message) : null;
        case 'unknown':
          // Never bought again here: the next claim asks the same carrier what became of it.
          if (attempt < NO_ANSWER_TRIES) break;
          return this.givenUp(item) ? failed(`The carrier never confirmed this label: ${outcome.message}`) : null;
      }
      await new Promise((resolve) => setTimeout(resolve, 100 * 2 ** attempt));
    }
  }

  private givenUp(item: ClaimedItem): boolean {
    return Date.now() - new Date(item.pending_since).getTime() > this.env.ORDER_GIVE_UP_HOURS * 3_600_000;
  }

  /**
   * The hold of the batch's current round, placed again with the same id (a no-op when submit placed it). A hold
   * refused here (the balance was spent after a crash) ends the round without buying anything.
   */
  private holdInPlace(orderId: string, round: number): Promise<boolean> {
    const key = `${orderId}:${round}`;
    let ready = this.holds.get(key);
    if (!ready) {
      ready = this.placeHold(orderId);
      this.holds.set(key, ready);
      ready.then((ok) => ok || this.holds.delete(key), () => this.holds.delete(key));
    }
    return ready;
  }

  private async placeHold(orderId: string): Promise<boolean> {
    const batch = await this.batches.find(orderId);
    if (!batch || (batch.status !== 'processing' && batch.status !== 'retrying_failed')) return false;
    if (!batch.hold_id || Number(batch.hold_cents) === 0) return true;
    try {
      await this.rpc.call(PaymentsRpc.placeHold, { ...holdOf(batch), holdId: batch.hold_id, amountCents: Number(batch.hold_cents), reference: `bulk order ${orderId}` }, { asService: true });
      return true;
    } catch (error) {
      if (!isHoldRefusal(error)) throw error;
      const message = `The money for this order could not be set aside: ${error.message}`;
      if (batch.status === 'retrying_failed') {
        await this.rounds.undoRetryRound(orderId, batch.round, 'completed_with_errors');
        const row = await this.batches.markError(orderId, ['completed_with_errors'], 'retry_processing_error', message);
        if (row) this.progress.publish(row);
      } else {
        const row = await this.batches.markError(orderId, ['processing'], 'processing_error', message);
        if (row) this.progress.publish(row);
      }
      return false;
    }
  }

  /** Writes the finished labels and failures, charges the labels, and reports the batches' progress. */
  private async flush(): Promise<void> {
    this.lastFlush = Date.now();
    const outcomes = this.outcomes.splice(0);
    const latest = new Map<string, BulkOrderRow>();
    if (outcomes.length > 0) {
      const made = outcomes.filter((o): o is Extract<ItemOutcome, { ok: true }> => o.ok);
      const refused = outcomes.filter((o): o is Extract<ItemOutcome, { ok: false }> => !o.ok);
      // Counted as the carrier answered, whether or not the writes below go through this time.
      labelsBought.inc({ mode: 'bulk' }, made.length);
      labelsFailed.inc({ mode: 'bulk' }, refused.length);
      for (const row of await this.claims.markFailed(refused)) latest.set(row.id, row);
      for (const row of await this.chargeAndStore(made)) latest.set(row.id, row);
    }
    for (const row of await this.capture()) latest.set(row.id, row);
    for (const row of latest.values()) this.progress.publish(row);
  }

  /**
   * Charges the labels just bought, then stores them succeeded: each item is written once (decision 058). A crash
   * between the two loses nothing and moves no money twice: the item is still pending, so it is
   * claimed again, its carrier key answers the same label, and its capture key has already been charged. If the
   * charge itself fails, the labels are stored as labelled, and the next flush charges them as capture() does.
   */
  private async chargeAndStore(made: ReadonlyArray<Extract<ItemOutcome, { ok: true }>>): Promise<BulkOrderRow[]> {
    if (made.length === 0) return [];
    try {
      await this.captureFromHolds(made.map((o) => ({ id: o.itemId, bulk_order_id: o.orderId, hold_id: o.charge.holdId, price_cents: o.charge.priceCents, row_no: o.charge.rowNo })));
    } catch (error) {
      await this.claims.markLabelled(made);
      throw error;
    }
    return this.claims.markBought(made);
  }

  /**
   * Charges every labelled item from its batch's hold, a group per call; answers the batches as they now are. Items
   * are labelled when a charge failed, or when a replica of an earlier build stored them so.
   */
  private async capture(): Promise<BulkOrderRow[]> {
    const touched: BulkOrderRow[] = [];
    for (;;) {
      const rows = await this.claims.labelledToCapture(1000);
      if (rows.length === 0) break;
      await this.captureFromHolds(rows);
      touched.push(...(await this.claims.markSucceeded(rows.map((r) => r.id))));
      if (rows.length < 1000) break;
    }
    return touched;
  }

  /** One captureHold call per hold for the priced items, each keyed by its item (a replay moves no money). */
  private async captureFromHolds(items: ReadonlyArray<{ id: string; bulk_order_id: string; hold_id: string | null; price_cents: number; row_no: number }>): Promise<void> {
    const byHold = new Map<string, Array<(typeof items)[number]>>();
    for (const item of items) {
      if (item.price_cents <= 0) continue;
      if (!item.hold_id) throw new DomainError(ErrorCode.INTERNAL, `bulk ${item.bulk_order_id} has priced labels but no hold`);
      let group = byHold.get(item.hold_id);
      if (!group) byHold.set(item.hold_id, (group = []));
      group.push(item);
    }
    for (const [holdId, paid] of byHold) {
      await this.rpc.call(PaymentsRpc.captureHold, {
        holdId,
        captures: paid.map((r) => ({ idempotencyKey: captureKey(r.id), amountCents: r.price_cents, reference: `bulk ${r.bulk_order_id} row ${r.row_no + 1}` })),
      }, { asService: true });
    }
  }

  /** Finishes batches with nothing left to buy, and picks up file builds a dead worker left behind. */
  private async finishReady(): Promise<void> {
    this.lastFinishCheck = Date.now();
    for (const orderId of await this.claims.finishable()) await this.finish(orderId);
    for (;;) {
      const stuck = await this.batchFiles.claimForFiles(null, FILES_LEASE_SECONDS);
      if (!stuck) break;
      await this.buildFiles(stuck);
    }
  }

  /** Releases what the hold has left and builds the files. Safe to run again after a crash at any line. */
  async finish(orderId: string): Promise<BulkOrderRow | null> {
    const claimed = await this.batchFiles.claimForFiles(orderId, FILES_LEASE_SECONDS);
    if (!claimed) return null;
    return this.buildFiles(claimed);
  }

  private async buildFiles(claimed: BulkOrderRow): Promise<BulkOrderRow | null> {
    const orderId = claimed.id;
    if (claimed.hold_id) {
      await this.rpc.call(PaymentsRpc.releaseHold, { holdId: claimed.hold_id }, { asService: true });
    }
    for (const key of this.holds.keys()) if (key.startsWith(`${orderId}:`)) this.holds.delete(key);
    const counted = (await this.claims.refreshCounts(orderId)) ?? claimed;
    this.progress.publish(counted);
    const built = await this.files.build(counted);
    const final = await this.batchFiles.finishFiles(orderId, FINAL_BY_OUTCOME(counted), built);
    if (final) {
      this.progress.publish(final);
      this.progress.forget(orderId);
    }
    return final;
  }

  /** Sleeps the idle interval, and doubles it (up to IDLE_MAX_MS) for the next time nothing is found. */
  private idle(): Promise<void> {
    const ms = this.idleMs;
    this.idleMs = Math.min(2 * ms, IDLE_MAX_MS);
    return this.sleep(ms);
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.wakeUp = null;
        resolve();
      }, ms);
      this.wakeUp = () => {
        clearTimeout(timer);
        this.wakeUp = null;
        resolve();
      };
    });
  }
}
