import type {
  AddressVerification,
  CarrierAdapter,
  CarrierShippingService,
  CarrierProfile,
  CarrierRefs,
  LabelAddress,
  LabelFormat,
  LabelShipment,
  LabelToVoid,
  PendingRefund,
  PurchaseJournal,
  PurchaseOutcome,
  RefundCheck,
  TrackingReport,
  VoidOutcome,
  ScanFormOutcome,
  ScanFormRequest,
} from '../carrier.port';
import { toEasyPostAddressRequest, verificationOfEasyPostAddress } from './easypost-address';
import { boughtLabelOf } from './easypost-label-file';
import { failureText, NO_FUNDS_MESSAGE, notAttempted, RATE_LIMITED_MESSAGE, unknown } from './easypost-outcomes';
import { easyPostScanForm } from './easypost-scan-form';
import { EASYPOST_NOT_APPLICABLE_REASON, refundCheckOf, trackingReportOf } from './easypost-tracking.mapper';
import { formatOf } from '../label-file';
import { customsOf } from '../customs/shipment-customs';
import { belowCostRefusal } from '../purchase/below-cost';
import { CarrierRateLimitedError } from '../carrier-rate-limited';
import { EasyPostClient, type EasyPostReply } from './easypost.client';
import { courierNameOf, courierNameOfCarrier, isBought, noRateMessageOf, pickRate, rateCentsOf, refusalMessageOf, serviceRatesOf, shippingServiceOf, toCreateShipmentRequest, voidOutcomeOfRefund, type EasyPostServiceRate } from './easypost.mapper';
import { easyPostRefundSchema, easyPostTrackerSchema, readEasyPostShipment, type EasyPostRefund, type EasyPostShipment } from './easypost.schema';
import { EasyPostCouriers } from './easypost-couriers';
import { EASYPOST_SHIPPING_SERVICES } from './easypost-services';
import { easyPostInsuranceFeeCents, insuranceAmountOf, predefinedPackageOf, UNSOLD_PACKAGING } from './easypost-extras';

export interface EasyPostAdapterOptions {
  apiKey: string;
  apiUrl: string;
  /** Each request's time-out (default 20,000 ms). */
  timeoutMs?: number;
  /** Purchases in flight at once with EasyPost, enforced by the registry (default 16). */
  maxConcurrentPurchases?: number;
  /** Idempotency keys whose shipment id this process remembers for a repeated purchase (default 10,000). */
  rememberKeys?: number;
  /** The clock refund checks are judged by (default: now). */
  now?: () => Date;
  /**
   * The EasyPost carrier accounts to rate and buy with (`ca_…` ids), sent as `carrier_accounts` on every shipment; the
   * couriers they serve (asked of EasyPost once, `GET /v2/carrier_accounts`) are the services listed. None: USPS
   * alone, without `carrier_accounts`, as before.
   */
  carrierAccounts?: readonly string[];
}

/** The readable Refund objects of a bulk refund's answer (an array); anything unreadable is left out. */
const refundsIn = (body: unknown): EasyPostRefund[] =>
  (Array.isArray(body) ? body : []).flatMap((item: unknown) => {
    const refund = easyPostRefundSchema.safeParse(item);
    return refund.success ? [refund.data] : [];
  });

/** One Refund of a bulk answer → the label's void outcome (the single void's rules). */
const bulkOutcomeOf = (refund: EasyPostRefund, label: LabelToVoid): VoidOutcome => {
  if (refund.status === 'rejected') return { kind: 'refused', message: 'EasyPost rejected the refund request; it can be asked again later.' };
  const shipmentId = label.carrierRefs['shipmentId'] ?? refund.shipment_id ?? refund.id;
  return voidOutcomeOfRefund(refund.status, shipmentId, courierNameOfCarrier(refund.carrier)) ?? { kind: 'unknown', message: `EasyPost answered the refund of ${label.trackingNumber} without a status.` };
};

/** Why a ZPL label with customs is not bought through EasyPost (decision 099). */
export const CUSTOMS_NEED_PDF = 'A label with a customs declaration is sold as a PDF, its customs forms printed behind it: choose a PDF label format for this shipment.';

/** A 429 or 402 turns a request away before EasyPost acts on it: nothing was bought, and asking later is safe. */
const turnedAway = (reply: Extract<EasyPostReply, { kind: 'error' }>): PurchaseOutcome | null => {
  if (reply.status === 429) return notAttempted('rate_limited', RATE_LIMITED_MESSAGE, reply.retryAfterMs);
  if (reply.status === 402) return notAttempted('upstream_funds', NO_FUNDS_MESSAGE);
  return null;
};

/** `SHIPMENT.POSTAGE.EXISTS`, a purchase in progress, a 409: the shipment was (or is being) bought by another call. */
const isPurchaseConflict = (status: number, code: string): boolean => status === 409 || /EXISTS|IN_PROGRESS/.test(code);

/**
 * Labels of USPS, UPS, FedEx and DHL Express bought through EasyPost's carrier accounts: create a shipment (rated by
 * the accounts configured), write its `shp_` id in the journal, buy the rate of the shipping service's courier and
 * service, download the label file (converted first when the buy names none of the format, easypost-label-file.ts).
 * EasyPost has no idempotency key, so the `shp_` id is the key: once it is
 * written down, a purchase never buys again before it has asked EasyPost what became of that shipment.
 */
export class EasyPostCarrierAdapter implements CarrierAdapter {
  readonly profile: CarrierProfile;
  private readonly client: EasyPostClient;
  private readonly couriers: EasyPostCouriers;
  private readonly carrierAccounts: readonly string[];
  private readonly rememberKeys: number;
  private readonly now: () => Date;
  /** Idempotency key → its shipment id, as written to the journal (the port's journal cannot be read back). */
  private readonly shipmentIds = new Map<string, string>();
  /** Purchases in flight by key, so a concurrent duplicate shares the first one instead of buying again. */
  private readonly inFlight = new Map<string, Promise<PurchaseOutcome>>();

  constructor(options: EasyPostAdapterOptions) {
    const { maxConcurrentPurchases = 16, rememberKeys = 10_000 } = options;
    if (!Number.isInteger(maxConcurrentPurchases) || maxConcurrentPurchases < 1) {
      throw new RangeError(`EasyPost: maxConcurrentPurchases must be a positive integer, got ${maxConcurrentPurchases}`);
    }
    if (!Number.isInteger(rememberKeys) || rememberKeys < 1) throw new RangeError(`EasyPost: rememberKeys must be a positive integer, got ${rememberKeys}`);
    this.client = new EasyPostClient({ apiKey: options.apiKey, apiUrl: options.apiUrl, ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}) });
    this.carrierAccounts = Object.freeze([...new Set(options.carrierAccounts ?? [])]);
    this.couriers = new EasyPostCouriers(this.client, this.carrierAccounts);
    this.rememberKeys = rememberKeys;
    this.now = options.now ?? (() => new Date());
    this.profile = Object.freeze({ id: 'easypost', displayName: 'EasyPost', postage: true, labelFormats: Object.freeze(['PDF', 'ZPL'] as const), maxConcurrentPurchases, needsShipperContact: false, sellsPackaging: true });
  }

  /** The catalog services of the couriers the carrier accounts serve; rejects while EasyPost cannot say which those are. */
  async listShippingServices(): Promise<CarrierShippingService[]> {
    const couriers = await this.couriers.served();
    return EASYPOST_SHIPPING_SERVICES.filter((shippingService) => couriers.has(shippingService.courier)).map(({ uid, name, category, maxWeightLb }) => ({ uid, name, category, maxWeightLb }));
  }

  /**
   * What each of our couriers' services costs for the shipment and when it arrives, from one `POST /v2/shipments`
   * (EasyPost rates with every account at once). Rejects with a plain message when EasyPost refuses the shipment or
   * cannot be asked.
   */
  async rates(shipment: LabelShipment): Promise<EasyPostServiceRate[]> {
    const couriers = await this.couriers.served();
    const reply = await this.client.createShipment(toCreateShipmentRequest(shipment, null, this.carrierAccounts));
    if (reply.kind === 'network') throw new Error(`EasyPost could not rate the shipment: ${reply.message}`);
    if (reply.kind === 'error' && reply.status === 429) throw new CarrierRateLimitedError(reply.retryAfterMs, `EasyPost could not rate the shipment: ${failureText(reply)}`);
    if (reply.kind === 'error') throw new Error(reply.status >= 400 && reply.status < 500 && reply.status !== 429 ? refusalMessageOf(reply.error) : `EasyPost could not rate the shipment: ${failureText(reply)}`);
    const rated = readEasyPostShipment(reply.body);
    if (!rated) throw new Error("EasyPost's rates for the shipment could not be read.");
    return serviceRatesOf(rated.rates, couriers);
  }

  purchase(shipment: LabelShipment, idempotencyKey: string, journal: PurchaseJournal): Promise<PurchaseOutcome> {
    const running = this.inFlight.get(idempotencyKey);
    if (running) return running;
    const attempt = this.purchaseOnce(shipment, idempotencyKey, journal)
      // A bug here must not pass for "nothing bought": the buy may have been sent.
      .catch((error: unknown) => unknown(`The EasyPost purchase failed unexpectedly: ${error instanceof Error ? error.message : String(error)}`))
      .finally(() => this.inFlight.delete(idempotencyKey));
    this.inFlight.set(idempotencyKey, attempt);
    return attempt;
  }

  async resolve(shipment: LabelShipment, idempotencyKey: string, refs: CarrierRefs): Promise<PurchaseOutcome> {
    if (this.inFlight.has(idempotencyKey)) return unknown('The EasyPost purchase is still in progress.');
    const shipmentId = refs['shipmentId'] ?? this.shipmentIds.get(idempotencyKey);
    if (!shipmentId) return notAttempted('not_bought', 'No EasyPost shipment was created for this purchase, so nothing was bought.');
    const reply = await this.client.getShipment(shipmentId);
    if (reply.kind !== 'ok') return unknown(`Could not ask EasyPost about shipment ${shipmentId}: ${failureText(reply)}`);
    const found = readEasyPostShipment(reply.body);
    if (!found) return unknown(`EasyPost's answer about shipment ${shipmentId} could not be read.`);
    if (isBought(found)) return boughtLabelOf(this.client, found, formatOf(shipment));
    return notAttempted('not_bought', `EasyPost shipment ${shipmentId} exists and no label was bought for it.`);
  }

  async void(label: LabelToVoid): Promise<VoidOutcome> {
    const shipmentId = label.carrierRefs['shipmentId'];
    if (!shipmentId?.startsWith('shp_')) return { kind: 'refused', message: `EasyPost did not sell label ${label.trackingNumber}.` };
    const current = await this.client.getShipment(shipmentId);
    if (current.kind === 'error' && current.status === 404) return { kind: 'refused', message: `EasyPost does not know label ${label.trackingNumber}.` };
    if (current.kind !== 'ok') return { kind: 'unknown', message: `Could not ask EasyPost about label ${label.trackingNumber}: ${failureText(current)}` };
    const before = readEasyPostShipment(current.body);
    if (!before) return { kind: 'unknown', message: `EasyPost's answer about label ${label.trackingNumber} could not be read.` };
    if (!isBought(before)) return { kind: 'refused', message: `No label was bought for EasyPost shipment ${shipmentId}.` };
    const courier = courierNameOf(before);
    // Asked before: answer the same again without a second refund request.
    const known = voidOutcomeOfRefund(before.refund_status, shipmentId, courier);
    if (known) return known;

    const refund = await this.client.refundShipment(shipmentId);
    if (refund.kind === 'ok') {
      const after = readEasyPostShipment(refund.body);
      if (after?.refund_status === 'rejected') return { kind: 'refused', message: 'EasyPost rejected the refund request; it can be asked again later.' };
      return (after && voidOutcomeOfRefund(after.refund_status, shipmentId, courier)) ?? { kind: 'unknown', message: 'EasyPost accepted the refund request without a refund status.' };
    }
    if (refund.kind === 'network' || refund.status >= 500 || refund.status === 429) {
      return { kind: 'unknown', message: `The EasyPost refund request for ${label.trackingNumber} got no clear answer: ${failureText(refund)}` };
    }
    // A refusal may be "already asked" from a concurrent void: the shipment's refund status says what stands.
    const again = await this.client.getShipment(shipmentId);
    const settled = again.kind === 'ok' ? readEasyPostShipment(again.body) : null;
    return (settled && voidOutcomeOfRefund(settled.refund_status, shipmentId, courier)) ?? { kind: 'refused', message: `EasyPost refused the refund: ${refund.error.message}` };
  }

  /** A SCAN form of the labels' shipments (easypost-scan-form.ts). */
  scanForm(request: ScanFormRequest): Promise<ScanFormOutcome> {
    return easyPostScanForm(this.client, request);
  }

  /**
   * One `POST /v2/refunds` for every label, each answer matched back by tracking code. A label the answer does not
   * mention, or the whole request refused as a bad request, is voided on its own (which asks the shipment first, so
   * nothing is asked twice). An answer lost on the way is unknown for all: the void is asked again later.
   */
  async voidMany(labels: readonly LabelToVoid[]): Promise<VoidOutcome[]> {
    if (labels.length === 0) return [];
    const reply = await this.client.refundTrackingCodes([...new Set(labels.map((label) => label.trackingNumber))]);
    if (reply.kind === 'network' || (reply.kind === 'error' && (reply.status >= 500 || reply.status === 429))) {
      const why = reply.kind === 'network' ? reply.message : failureText(reply);
      return labels.map((label) => ({ kind: 'unknown', message: `The EasyPost refund request for ${label.trackingNumber} got no clear answer: ${why}` }));
    }
    const refunds = reply.kind === 'ok' ? refundsIn(reply.body) : [];
    const outcomes: VoidOutcome[] = [];
    for (const label of labels) {
      const refund = refunds.find((candidate) => candidate.tracking_code === label.trackingNumber);
      outcomes.push(refund ? bulkOutcomeOf(refund, label) : await this.void(label));
    }
    return outcomes;
  }

  async refundStatus(refund: PendingRefund): Promise<RefundCheck> {
    const shipmentId = refund.carrierRefs['shipmentId'];
    if (!shipmentId?.startsWith('shp_')) return { kind: 'refund_rejected', reason: `EasyPost did not sell label ${refund.trackingNumber}.` };
    const reply = await this.client.getShipment(shipmentId);
    if (reply.kind === 'error' && reply.status === 404) return { kind: 'refund_rejected', reason: `EasyPost does not know label ${refund.trackingNumber}.` };
    if (reply.kind !== 'ok') return { kind: 'unknown', message: `Could not ask EasyPost about the refund of ${refund.trackingNumber}: ${failureText(reply)}` };
    const shipment = readEasyPostShipment(reply.body);
    if (!shipment) return { kind: 'unknown', message: `EasyPost's answer about the refund of ${refund.trackingNumber} could not be read.` };
    const check = refundCheckOf(shipment.refund_status, refund.requestedAt, this.now());
    // The reason names USPS; a UPS or FedEx label's refusal is its own courier's.
    return check.kind === 'refund_rejected' && check.reason === EASYPOST_NOT_APPLICABLE_REASON ? { ...check, reason: check.reason.replace(/^USPS/, courierNameOf(shipment)) } : check;
  }

  /**
   * Whether a label's account is still one labels are bought on: one of EASYPOST_CARRIER_ACCOUNTS; with none configured,
   * EasyPost's default accounts of the key, which only EasyPost can say (a gone one is refused by it when bought).
   */
  hasCarrierAccount(accountId: string): boolean {
    return this.carrierAccounts.length === 0 || this.carrierAccounts.includes(accountId);
  }

  /** EasyPost's delivery verification; null when EasyPost did not answer or refused the request. */
  async verifyAddress(address: LabelAddress): Promise<AddressVerification | null> {
    const reply = await this.client.createAddress(toEasyPostAddressRequest(address));
    return reply.kind === 'ok' ? verificationOfEasyPostAddress(address, reply.body) : null;
  }

  /** The label's tracker: by `trackerId` when the purchase recorded it, else the one its shipment names. */
  async track(label: LabelToVoid): Promise<TrackingReport | null> {
    const trackerId = label.carrierRefs['trackerId'] ?? (await this.trackerIdOfShipment(label.carrierRefs['shipmentId']));
    if (!trackerId) return null;
    const reply = await this.client.getTracker(trackerId);
    if (reply.kind !== 'ok') return null;
    const tracker = easyPostTrackerSchema.safeParse(reply.body);
    return tracker.success ? trackingReportOf(tracker.data) : null;
  }

  private async trackerIdOfShipment(shipmentId: string | undefined): Promise<string | null> {
    if (!shipmentId?.startsWith('shp_')) return null;
    const reply = await this.client.getShipment(shipmentId);
    return reply.kind === 'ok' ? (readEasyPostShipment(reply.body)?.tracker?.id ?? null) : null;
  }

  private async purchaseOnce(shipment: LabelShipment, key: string, journal: PurchaseJournal): Promise<PurchaseOutcome> {
    const shippingService = shippingServiceOf(shipment.serviceUid);
    if (!shippingService) return { kind: 'refused', message: `EasyPost does not offer the service "${shipment.serviceUid}".` };
    const served = await this.couriers.served().catch((error: unknown) => (error instanceof Error ? error : new Error(String(error))));
    if (served instanceof Error) return notAttempted('unavailable', served.message);
    if (!served.has(shippingService.courier)) return { kind: 'refused', message: `${shippingService.name} is not offered through our EasyPost carrier accounts.` };
    const format = formatOf(shipment);
    // The customs forms EasyPost answers are PDFs printed behind the label; a thermal ZPL label could not carry them.
    if (format === 'ZPL' && customsOf(shipment)) return { kind: 'refused', message: CUSTOMS_NEED_PDF };
    if (predefinedPackageOf(shipment) === 'unsold') return { kind: 'refused', message: UNSOLD_PACKAGING };

    const earlier = this.shipmentIds.get(key);
    const ready = earlier ? await this.earlierShipment(earlier, format) : await this.createShipment(shipment, key, journal);
    if ('kind' in ready) return ready;

    const rate = pickRate(ready.rates, shippingService.uid);
    if (!rate) return { kind: 'refused', message: noRateMessageOf(ready, shippingService.uid) };
    // The shipment is created, not bought: over the customer's price, it is left unbought (EasyPost charges nothing).
    // The rate already carries a signature asked for (delivery_confirmation); insurance is charged at the buy.
    const insurance = insuranceAmountOf(shipment);
    const insuranceFee = shipment.extras?.declaredValueCents ? easyPostInsuranceFeeCents(shipment.extras.declaredValueCents) : 0;
    const underCost = belowCostRefusal(shipment, rateCentsOf(rate) + insuranceFee);
    if (underCost) return underCost;
    return this.buy(ready.id, rate.id, format, insurance);
  }

  /** The shipment this key created before: bought (its label), or still unbought (buy it now), or unknowable. */
  private async earlierShipment(shipmentId: string, format: LabelFormat): Promise<EasyPostShipment | PurchaseOutcome> {
    const reply = await this.client.getShipment(shipmentId);
    if (reply.kind !== 'ok') return unknown(`Could not check the earlier EasyPost shipment ${shipmentId}: ${failureText(reply)}`);
    const found = readEasyPostShipment(reply.body);
    if (!found) return unknown(`EasyPost's answer about shipment ${shipmentId} could not be read.`);
    return isBought(found) ? boughtLabelOf(this.client, found, format) : found;
  }

  private async createShipment(shipment: LabelShipment, key: string, journal: PurchaseJournal): Promise<EasyPostShipment | PurchaseOutcome> {
    // A return is bought on its outbound label's account alone (decision 125), never another of the same courier.
    const reply = await this.client.createShipment(toCreateShipmentRequest(shipment, key, shipment.carrierAccount ? [shipment.carrierAccount] : this.carrierAccounts));
    if (reply.kind === 'network') return notAttempted('unavailable', `EasyPost could not create the shipment: ${reply.message}`);
    if (reply.kind === 'error') return this.createRefusal(reply);
    const created = readEasyPostShipment(reply.body);
    if (!created) return notAttempted('unavailable', 'EasyPost created a shipment whose answer could not be read; nothing was bought.');
    try {
      await journal.remember({ shipmentId: created.id });
    } catch (error) {
      // Never buy what could not be written down: a lost answer would leave no way to find the label.
      return notAttempted('unavailable', `The EasyPost shipment could not be recorded before buying: ${error instanceof Error ? error.message : String(error)}`);
    }
    this.rememberShipment(key, created.id);
    return created;
  }

  private createRefusal(reply: Extract<EasyPostReply, { kind: 'error' }>): PurchaseOutcome {
    const atTheDoor = turnedAway(reply);
    if (atTheDoor) return atTheDoor;
    // A bad API key is our configuration, not the shipment: another carrier may still sell it.
    if (reply.status === 401 || reply.status === 403) return notAttempted('unavailable', `EasyPost refused our API key (${reply.status}).`);
    if (reply.status >= 500 || reply.status === 408) return notAttempted('unavailable', `EasyPost is unavailable: ${failureText(reply)}`);
    return { kind: 'refused', message: refusalMessageOf(reply.error) };
  }

  private async buy(shipmentId: string, rateId: string, format: LabelFormat, insurance: string | null): Promise<PurchaseOutcome> {
    const reply = await this.client.buyShipment(shipmentId, rateId, insurance);
    if (reply.kind === 'ok') {
      const bought = readEasyPostShipment(reply.body);
      if (bought && isBought(bought)) return boughtLabelOf(this.client, bought, format);
      return this.settle(shipmentId, format, `EasyPost answered the buy of shipment ${shipmentId} with a success that names no label.`, { unreadable: true });
    }
    if (reply.kind === 'network') {
      if (reply.failure === 'refused') return notAttempted('unavailable', `EasyPost could not be reached to buy: ${reply.message}`);
      if (reply.failure === 'unreadable') return this.settle(shipmentId, format, `EasyPost answered the buy of shipment ${shipmentId} with a success we could not read: ${reply.message}`, { unreadable: true });
      return this.settle(shipmentId, format, `The answer to the EasyPost buy was lost: ${reply.message}`);
    }
    const atTheDoor = turnedAway(reply);
    if (atTheDoor) return atTheDoor;
    if (reply.status >= 500 || reply.status === 408) return this.settle(shipmentId, format, `EasyPost failed during the buy: ${failureText(reply)}`);
    // Postage already bought, or a buy of this shipment still running: only the shipment can say which.
    if (isPurchaseConflict(reply.status, reply.error.code)) return this.settle(shipmentId, format, `EasyPost refused a second buy: ${failureText(reply)}`);
    // Any other 4xx is a refusal once EasyPost confirms nothing was bought.
    return this.settle(shipmentId, format, `EasyPost refused the buy: ${failureText(reply)}`, { refusal: refusalMessageOf(reply.error) });
  }

  /**
   * One look at the shipment after an unclear buy. A label settles it; its absence proves nothing after a lost or
   * unreadable answer (the buy may still be running, or was done), so it stays unknown, unless EasyPost had clearly
   * refused the buy.
   */
  private async settle(shipmentId: string, format: LabelFormat, why: string, answer: { refusal?: string; unreadable?: boolean } = {}): Promise<PurchaseOutcome> {
    const reply = await this.client.getShipment(shipmentId);
    const found = reply.kind === 'ok' ? readEasyPostShipment(reply.body) : null;
    if (found && isBought(found)) return boughtLabelOf(this.client, found, format);
    if (found && answer.refusal) return { kind: 'refused', message: answer.refusal };
    return unknown(why, answer.unreadable);
  }

  private rememberShipment(key: string, shipmentId: string): void {
    this.shipmentIds.delete(key);
    this.shipmentIds.set(key, shipmentId);
    while (this.shipmentIds.size > this.rememberKeys) {
      const oldest = this.shipmentIds.keys().next();
      if (oldest.done) return;
      this.shipmentIds.delete(oldest.value);
    }
  }
}
