import { createHash } from 'node:crypto';
import {
  type BoughtLabel,
  type CarrierAdapter,
  type CarrierId,
  type CarrierShippingService,
  type CarrierProfile,
  type CarrierRefs,
  type LabelFormat,
  type LabelShipment,
  type LabelToVoid,
  SHIPPING_SERVICE_UIDS,
  type PendingRefund,
  type PurchaseJournal,
  type PurchaseOutcome,
  type RefundCheck,
  type ScanFormOutcome,
  type ScanFormRequest,
  type TrackingReport,
  type VoidOutcome,
} from '../carrier.port';
import { formatOf } from '../label-file';

export interface PurchaseCall {
  shipment: LabelShipment;
  idempotencyKey: string;
  journal: PurchaseJournal;
}

export interface ResolveCall {
  shipment: LabelShipment;
  idempotencyKey: string;
  refs: CarrierRefs;
}

/** What one call answers: an outcome, or a function of the call (to wait on a gate, write the journal, or throw). */
export type Answer<Call, Outcome> = Outcome | ((call: Call) => Outcome | Promise<Outcome>);

export interface ScriptedCarrierOptions {
  postage?: boolean;
  maxConcurrentPurchases?: number;
  /** Default: every USPS mail class, up to 70 lb. */
  shippingServices?: readonly CarrierShippingService[];
  /** Default: PDF only. */
  labelFormats?: readonly LabelFormat[];
  /** Whether it makes SCAN forms (default true); false leaves `scanForm` out, as a carrier without them. */
  scanForms?: boolean;
  /** Whether it sells labels in USPS Cubic or Flat Rate packaging (default false). */
  sellsPackaging?: boolean;
}

export const uspsShippingServices = (maxWeightLb = 70): CarrierShippingService[] =>
  SHIPPING_SERVICE_UIDS.map((uid) => ({ uid, name: uid, category: 'USPS', maxWeightLb }));

/** 22 digits that differ from one carrier and key to another (a scripted carrier's numbers are not IMpb). */
const trackingNumberOf = (seed: string): string =>
  `9400${(BigInt(`0x${createHash('sha256').update(seed).digest('hex')}`) % 10n ** 18n).toString().padStart(18, '0')}`;

/** A label as a carrier would sell it, with carrier ids that say which carrier and key it belongs to. */
export const labelFrom = (carrier: CarrierId, shipment: LabelShipment, idempotencyKey: string): BoughtLabel => ({
  carrier,
  trackingNumber: trackingNumberOf(`${carrier}:${idempotencyKey}`),
  serviceUid: shipment.serviceUid,
  format: formatOf(shipment),
  file: Buffer.from(formatOf(shipment) === 'ZPL' ? '^XA^FDscripted^FS^XZ' : '%PDF-1.7 scripted'),
  costCents: 812,
  carrierRefs: { [`${carrier}Id`]: `${carrier}-${idempotencyKey}` },
});

/** Writes the carrier's ids to the journal first, as a real adapter does before it sends the buy, then sells the label. */
export const sellsTheLabel =
  (carrier: CarrierId) =>
  async ({ shipment, idempotencyKey, journal }: PurchaseCall): Promise<PurchaseOutcome> => {
    const label = labelFrom(carrier, shipment, idempotencyKey);
    await journal.remember(label.carrierRefs);
    return { kind: 'bought', label };
  };

export const notAttempted = (message = 'connection refused'): PurchaseOutcome => ({ kind: 'not_attempted', reason: 'unavailable', message });
export const lostAnswer = (message = 'no answer after the buy was sent'): PurchaseOutcome => ({ kind: 'unknown', message });
export const refusal = (message = 'The address was not found'): PurchaseOutcome => ({ kind: 'refused', message });
export const rateLimited = (retryAfterMs: number): PurchaseOutcome => ({ kind: 'not_attempted', reason: 'rate_limited', message: '429 Too Many Requests', retryAfterMs });

/**
 * A carrier adapter that answers from a script and records every call, for the registry, the guard and the
 * purchaser's specs. A call with nothing scripted throws, so an unexpected call shows in the test.
 */
export class ScriptedCarrier implements CarrierAdapter {
  readonly profile: CarrierProfile;
  readonly purchaseCalls: PurchaseCall[] = [];
  readonly resolveCalls: ResolveCall[] = [];
  readonly voidCalls: LabelToVoid[] = [];
  readonly refundStatusCalls: PendingRefund[] = [];
  readonly trackCalls: LabelToVoid[] = [];
  readonly scanFormCalls: ScanFormRequest[] = [];
  readonly scanForm?: (request: ScanFormRequest) => Promise<ScanFormOutcome>;
  private readonly scanFormAnswers: Array<Answer<ScanFormRequest, ScanFormOutcome>> = [];
  private readonly shippingServices: readonly CarrierShippingService[];
  private readonly purchaseAnswers: Array<Answer<PurchaseCall, PurchaseOutcome>> = [];
  private readonly resolveAnswers: Array<Answer<ResolveCall, PurchaseOutcome>> = [];
  private readonly voidAnswers: Array<Answer<LabelToVoid, VoidOutcome>> = [];
  private readonly refundStatusAnswers: Array<Answer<PendingRefund, RefundCheck>> = [];
  /** Boxed: a scripted `null` (the carrier did not answer) is an answer, not "nothing scripted". */
  private readonly trackAnswers: Array<Answer<LabelToVoid, { report: TrackingReport | null }>> = [];
  private everyPurchase: Answer<PurchaseCall, PurchaseOutcome> | null = null;

  constructor(id: CarrierId, options: ScriptedCarrierOptions = {}) {
    this.profile = { id, displayName: `Scripted ${id}`, postage: options.postage ?? true, labelFormats: options.labelFormats ?? ['PDF'], maxConcurrentPurchases: options.maxConcurrentPurchases ?? 8, needsShipperContact: false, ...(options.sellsPackaging ? { sellsPackaging: true } : {}) };
    this.shippingServices = options.shippingServices ?? uspsShippingServices();
    if (options.scanForms ?? true) {
      this.scanForm = async (request) => {
        this.scanFormCalls.push(request);
        return answer(this.scanFormAnswers.shift() ?? null, request, `${this.profile.id} scanForm #${this.scanFormCalls.length}`);
      };
    }
  }

  onScanForm(...answers: Array<Answer<ScanFormRequest, ScanFormOutcome>>): this {
    this.scanFormAnswers.push(...answers);
    return this;
  }

  /** The next purchases answer these, in order. */
  onPurchase(...answers: Array<Answer<PurchaseCall, PurchaseOutcome>>): this {
    this.purchaseAnswers.push(...answers);
    return this;
  }

  /** Every purchase not otherwise scripted answers this. */
  onEveryPurchase(answer: Answer<PurchaseCall, PurchaseOutcome>): this {
    this.everyPurchase = answer;
    return this;
  }

  onResolve(...answers: Array<Answer<ResolveCall, PurchaseOutcome>>): this {
    this.resolveAnswers.push(...answers);
    return this;
  }

  onVoid(...answers: Array<Answer<LabelToVoid, VoidOutcome>>): this {
    this.voidAnswers.push(...answers);
    return this;
  }

  onRefundStatus(...answers: Array<Answer<PendingRefund, RefundCheck>>): this {
    this.refundStatusAnswers.push(...answers);
    return this;
  }

  /** The next `track` calls answer these reports (null: the carrier did not answer). */
  onTrack(...reports: Array<TrackingReport | null>): this {
    this.trackAnswers.push(...reports.map((report) => ({ report })));
    return this;
  }

  async listShippingServices(): Promise<CarrierShippingService[]> {
    return this.shippingServices.map((shippingService) => ({ ...shippingService }));
  }

  async purchase(shipment: LabelShipment, idempotencyKey: string, journal: PurchaseJournal): Promise<PurchaseOutcome> {
    const call = { shipment, idempotencyKey, journal };
    this.purchaseCalls.push(call);
    return answer(this.purchaseAnswers.shift() ?? this.everyPurchase, call, `${this.profile.id} purchase #${this.purchaseCalls.length}`);
  }

  async resolve(shipment: LabelShipment, idempotencyKey: string, refs: CarrierRefs): Promise<PurchaseOutcome> {
    const call = { shipment, idempotencyKey, refs };
    this.resolveCalls.push(call);
    return answer(this.resolveAnswers.shift() ?? null, call, `${this.profile.id} resolve #${this.resolveCalls.length}`);
  }

  async void(label: LabelToVoid): Promise<VoidOutcome> {
    this.voidCalls.push(label);
    return answer(this.voidAnswers.shift() ?? null, label, `${this.profile.id} void #${this.voidCalls.length}`);
  }

  async refundStatus(refund: PendingRefund): Promise<RefundCheck> {
    this.refundStatusCalls.push(refund);
    return answer(this.refundStatusAnswers.shift() ?? null, refund, `${this.profile.id} refundStatus #${this.refundStatusCalls.length}`);
  }

  async track(label: LabelToVoid): Promise<TrackingReport | null> {
    this.trackCalls.push(label);
    const boxed = await answer(this.trackAnswers.shift() ?? null, label, `${this.profile.id} track #${this.trackCalls.length}`);
    return boxed.report;
  }
}

async function answer<Call, Outcome extends object>(scripted: Answer<Call, Outcome> | null, call: Call, what: string): Promise<Outcome> {
  if (scripted === null) throw new Error(`${what}: no answer scripted`);
  return typeof scripted === 'function' ? scripted(call) : scripted;
}
