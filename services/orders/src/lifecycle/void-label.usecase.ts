import { Inject, Injectable } from '@nestjs/common';
import { authMethodOf, BATCH_VOID_PAGE, DomainError, ErrorCode, type BulkVoidResponse, type BulkVoidResult, type Caller, type LabelState, type VoidLabelResponse } from '@labeldesk/contracts';
import { foundInScope, ownerScopeOf } from '@labeldesk/nest-transport';
import { batchInScope, BulkOrdersRepository } from '../bulk';
import { mapLimited } from '../common';
import { ORDERS_ENV, type OrdersEnv } from '../config';
import { keyModeOf, OrderRepository } from '../orders';
import { isUsed, moneyMessage, voidRefusal, type VoidRefusal } from './label-state';
import { LabelVoidsRepository, type ChargedLabel, type LabelVoid, type RequestedBy } from './label-voids.repository';
import { TrackingRefresh } from './tracking-refresh';
import { VoidSettlement, type Settled } from './void-settlement';

/** Which labels of a batch to void: those listed, or one page of the whole batch from a file row. */
export interface BatchVoidAsked {
  trackingNumbers?: readonly string[] | undefined;
  fromRow?: number | undefined;
}

/** One label's void, as the caller is answered. */
export type VoidResult = { ok: true; state: LabelState; amountCents: number } | { ok: false; refusal: VoidRefusal };
type Claim = { ok: true; claimed: LabelVoid } | { ok: false; refusal: VoidRefusal };

const NOT_YOURS = 'Order not found';
/** Voids of one batch sent to the carrier at once (the carrier's own bulkhead still limits what is in flight). */
const BATCH_VOID_CONCURRENCY = 8;
/** Labels per bulk void request (EasyPost takes a list of tracking codes). */
const BULK_VOID_CHUNK = 100;

const refusalError = (refusal: VoidRefusal): DomainError =>
  new DomainError(refusal.code === 'already' ? ErrorCode.ORDERS_LABEL_ALREADY_VOIDED : ErrorCode.ORDERS_LABEL_NOT_VOIDABLE, refusal.message);

/**
 * Voids labels: one (a single order's), a batch's (all or some), or one the daily job picked. Each label is checked
 * (one void, unused, inside the window), claimed (the one row per label that makes the void happen once), and voided at
 * the carrier that sold it. A refusal takes the claim back and moves no money.
 */
@Injectable()
export class VoidLabelUseCase {
  constructor(
    private readonly voids: LabelVoidsRepository,
    private readonly settlement: VoidSettlement,
    private readonly tracking: TrackingRefresh,
    private readonly orders: OrderRepository,
    private readonly bulk: BulkOrdersRepository,
    @Inject(ORDERS_ENV) private readonly env: Pick<OrdersEnv, 'VOID_WINDOW_DAYS' | 'CARRIER_TIMEOUT_MS'>,
  ) {}

  /** POST /api/orders/{orderId}/void. */
  async voidSingle(caller: Caller, orderId: string): Promise<VoidLabelResponse> {
    const scope = ownerScopeOf(caller);
    // A key voids only its own mode's labels (decision 119): another mode's is not found, on every void route.
    const bound = keyModeOf(caller);
    if (bound) {
      const order = await this.orders.findOwned(orderId, scope);
      foundInScope(order?.mode === bound ? order : null, scope, NOT_YOURS);
    }
    const label = await this.voids.singleLabel(orderId, scope);
    if (!label) {
      foundInScope(await this.orders.findOwned(orderId, scope), scope, NOT_YOURS);
      throw new DomainError(ErrorCode.ORDERS_LABEL_NOT_VOIDABLE, 'Only a completed order has a label to void.');
    }
    // Ask the carrier where the parcel is before giving money back: the stored status may be hours old.
    const fresh = await this.withFreshTracking(label);
    const result = await this.voidOne(fresh, this.requester(caller, label), actorOf(caller));
    if (!result.ok) throw refusalError(result.refusal);
    return { orderId, trackingNumber: label.trackingNumber, state: result.state, amount: result.amountCents, message: moneyMessage(result.state, result.amountCents) };
  }

  /**
   * POST /api/orders/bulk/{orderId}/void: a result per label asked for, or (none named) per label of one page of the
   * batch, BATCH_VOID_PAGE labels from file row `fromRow` on, with the row the next page starts at.
   */
  async voidBatch(caller: Caller, bulkOrderId: string, asked: BatchVoidAsked = {}): Promise<BulkVoidResponse> {
    const batch = await batchInScope(this.bulk, caller, bulkOrderId);
    const listed = asked.trackingNumbers ? [...new Set(asked.trackingNumbers)] : undefined;
    const fromRow = asked.fromRow ?? 1;
    const { labels, nextRow } = await this.labelsAsked(bulkOrderId, listed, fromRow);
    const found = new Set(labels.map((l) => l.trackingNumber));
    const results: BulkVoidResult[] = (listed ?? []).filter((tn) => !found.has(tn)).map((tn) => ({
      trackingNumber: tn, result: 'refused', state: 'purchased', amount: 0, reason: 'Not a label of this batch.',
    }));
    if (labels.length === 0 && results.length === 0 && fromRow === 1) throw new DomainError(ErrorCode.ORDERS_LABEL_NOT_VOIDABLE, 'This batch has no labels to void.');
    const by = this.requester(caller, { userId: batch.user_id });
    const claims = await mapLimited(labels, BATCH_VOID_CONCURRENCY, (label) => this.claim(label, by, actorOf(caller)));
    const claimed = claims.filter((c): c is Extract<Claim, { ok: true }> => c.ok).map((c) => c.claimed);
    const settled = await this.voidClaimed(claimed);
    const settledOf = new Map(claimed.map((v, i) => [v.labelId, settled[i] as Settled]));
    for (const [i, label] of labels.entries()) {
      const claim = claims[i] as Claim;
      const done = settledOf.get(label.labelId);
      const refused = !claim.ok ? claim.refusal.message : done?.state === 'refused' ? done.reason : null;
      if (refused !== null || !done || done.state === 'refused') {
        results.push({ trackingNumber: label.trackingNumber, result: 'refused', state: label.voidState ?? 'purchased', amount: 0, reason: refused ?? 'The carrier did not take the void.' });
        continue;
      }
      results.push({ trackingNumber: label.trackingNumber, result: done.state === 'voided' ? 'voided' : 'refund_pending', state: done.state, amount: label.amountCents, reason: null });
    }
    const sum = (state: BulkVoidResult['result']) => results.filter((r) => r.result === state).reduce((cents, r) => cents + r.amount, 0);
    return {
      results,
      voided: results.filter((r) => r.result === 'voided').length,
      refundPending: results.filter((r) => r.result === 'refund_pending').length,
      refused: results.filter((r) => r.result === 'refused').length,
      amountBack: sum('voided'),
      amountPending: sum('refund_pending'),
      nextRow,
    };
  }

  /** The listed labels of the batch, or one page of it from `fromRow` with the row the next page starts at. */
  private async labelsAsked(bulkOrderId: string, listed: readonly string[] | undefined, fromRow: number): Promise<{ labels: ChargedLabel[]; nextRow: number | null }> {
    if (listed) return { labels: await this.voids.batchLabels(bulkOrderId, listed), nextRow: null };
    // One label past the page says whether there is a next one, and where it starts.
    const read = await this.voids.batchLabelsFrom(bulkOrderId, fromRow, BATCH_VOID_PAGE + 1);
    return { labels: read.slice(0, BATCH_VOID_PAGE), nextRow: read[BATCH_VOID_PAGE]?.row ?? null };
  }

  /** Checks, claims and voids one label. */
  async voidOne(label: ChargedLabel, by: RequestedBy, actorId: string | null): Promise<VoidResult> {
    const claim = await this.claim(label, by, actorId);
    if (!claim.ok) return claim;
    const settled = await this.settlement.voidAtCarrier(claim.claimed);
    if (settled.state === 'refused') return { ok: false, refusal: { code: 'not_voidable', message: settled.reason } };
    return { ok: true, state: settled.state, amountCents: claim.claimed.amountCents };
  }

  /** Checks the rules and claims the label's one void; a refusal moves nothing. */
  private async claim(label: ChargedLabel, by: RequestedBy, actorId: string | null): Promise<Claim> {
    const refusal = voidRefusal(label, new Date(), this.env.VOID_WINDOW_DAYS);
    if (refusal) return { ok: false, refusal };
    if (!this.settlement.carrierOf(label)) {
      return { ok: false, refusal: { code: 'not_voidable', message: `The carrier that sold this label (${label.carrier}) is not connected now: ask support to void it.` } };
    }
    // A carrier's void is at most a tracking look, a read and a request, each within CARRIER_TIMEOUT_MS.
    const claimed = await this.voids.claim(label, by, actorId, Math.ceil((3 * this.env.CARRIER_TIMEOUT_MS) / 1000));
    if (claimed) return { ok: true, claimed };
    const now = await this.voids.label(label.kind, label.labelId);
    const again = now && voidRefusal(now, new Date(), this.env.VOID_WINDOW_DAYS);
    return { ok: false, refusal: again || { code: 'already', message: 'A void of this label is already in progress.' } };
  }

  /**
   * Voids claimed labels at their carriers: in requests of up to BULK_VOID_CHUNK labels where the carrier has a bulk
   * void (EasyPost's `POST /v2/refunds`), one at a time otherwise. Answers in the order given.
   */
  private async voidClaimed(claimed: readonly LabelVoid[]): Promise<Settled[]> {
    const out = new Array<Settled>(claimed.length);
    const byCarrier = new Map<string, number[]>();
    for (const [i, v] of claimed.entries()) byCarrier.set(v.carrier, [...(byCarrier.get(v.carrier) ?? []), i]);
    for (const indexes of byCarrier.values()) {
      const first = claimed[indexes[0] as number] as LabelVoid;
      const bulk = this.settlement.carrierOf(first)?.voidMany;
      if (!bulk) {
        await mapLimited(indexes, BATCH_VOID_CONCURRENCY, async (i) => {
          out[i] = await this.settlement.voidAtCarrier(claimed[i] as LabelVoid);
        });
        continue;
      }
      for (let start = 0; start < indexes.length; start += BULK_VOID_CHUNK) {
        const chunk = indexes.slice(start, start + BULK_VOID_CHUNK).map((i) => ({ i, v: claimed[i] as LabelVoid }));
        const outcomes = await bulk(await this.settlement.toCarrier(chunk.map(({ v }) => v)));
        const answered = chunk.map((c, k) => ({ ...c, outcome: outcomes[k] ?? { kind: 'unknown' as const, message: 'no answer for this label' } }));
        await mapLimited(answered, BATCH_VOID_CONCURRENCY, async ({ i, v, outcome }) => {
          out[i] = await this.settlement.apply(v, outcome);
        });
      }
    }
    return out;
  }

  /** The label with the carrier's tracking as of now (the stored status when the carrier does not answer). */
  async withFreshTracking(label: ChargedLabel): Promise<ChargedLabel> {
    if (label.voidState || isUsed(label.trackingStatus)) return label;
    const stored = await this.tracking.refresh(label);
    return stored ? { ...label, trackingStatus: stored.used && !isUsed(stored.status) ? 'in_transit' : stored.status } : label;
  }

  /** An admin signed in as the customer asks as an admin (decision 069), as one reaching another user's label does. */
  private requester(caller: Caller, label: { userId: string }): RequestedBy {
    if (authMethodOf(caller) === 'login_as') return 'admin';
    return caller.role === 'admin' && caller.userId !== label.userId ? 'admin' : 'customer';
  }
}

/** Who a void names as asking (decision 069): the caller, or the admin behind a login-as session. */
const actorOf = (caller: Caller): string => (authMethodOf(caller) === 'login_as' && caller.impersonatorId ? caller.impersonatorId : caller.userId);
