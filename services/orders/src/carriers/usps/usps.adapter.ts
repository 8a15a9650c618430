import type {
  AddressVerification,
  LabelAddress,
  CarrierAdapter,
  CarrierShippingService,
  CarrierProfile,
  CarrierRefs,
  LabelShipment,
  LabelShipper,
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
import { uspsScanFormRequestOf } from './usps-scan-form';
import { uspsScanFormAnswer } from './usps-scan-form-answer';
import { toUspsAddressQuery, undeliverableOfUspsProblems, verificationOfUspsAddress } from './usps-address';
import { uspsRefundCheckOf, uspsTrackingReportOf } from './usps-tracking.mapper';
import { formatOf } from '../label-file';
import { idempotencyUuid, type UspsBody, type UspsFailure, UspsClient, type UspsPayer, type UspsProblem } from './usps.client';
import { RETURN_LABEL_PARTS, uspsLabelAnswer } from './usps-label-answer';
import { toReturnLabelRequest, type UspsReturnLabelRequest } from './usps-return-label';
import { baseRateCentsOf, toBaseRatesQuery, toInternationalBaseRatesQuery } from './usps-prices';
import { belowCostRefusal } from '../purchase/below-cost';
import { centralDate, describeRefusal, type Mapped, toBoughtLabel, toLabelRequest, USPS_SHIPPING_SERVICES, type UspsShipper, uspsShipperProblem } from './usps.mapper';
import { goesAbroad, internationalServiceOf, toBoughtInternationalLabel, toInternationalLabelRequest, USPS_INTERNATIONAL_SERVICES } from './usps-international.mapper';
import type { UspsInternationalLabelRequest } from './usps-international.schema';
import type { UspsLabelRequest } from './usps.schema';
import { cancelResponseSchema, trackingResponseSchema } from './usps.schema';

/** The paying account (crid, mids, EPS or permit) is the client's UspsPayer; the rest is the adapter's own. */
export interface UspsCarrierOptions extends UspsPayer {
  clientId: string;
  clientSecret: string;
  /** `https://apis.usps.com`, or `https://apis-tem.usps.com` for USPS's test environment. */
  apiUrl: string;
  /** Per request (default 20 s). */
  timeoutMs?: number;
  /** Default 4: USPS quotas are small (a default of about 60 calls an hour has been reported). */
  maxConcurrentPurchases?: number;
  now?: () => Date;
  /**
   * The shipper to report with each label under `SENDER_INFORMATION`: a platform selling labels for its customers
   * must name each one (phone, e-mail and our user id), or USPS refuses the label (160275). Null when the shipment
   * lacks them: the adapter then refuses the shipment itself, in words the customer can act on.
   */
  shipperOf: (shipment: LabelShipment) => UspsShipper | null;
  /**
   * Days after a refund request (DISPUTED) that it is taken as settled, by the label's tracking (default 21): USPS
   * publishes no refund status (docs/carriers.md).
   */
  refundSettleDays?: number;
}

const MID = /^(\d{6}|\d{9})$/;

/** A UPU S10 item number (`CP123456785US`): what USPS's international labels carry. */
const S10_NUMBER = /^[A-Z]{2}\d{9}US$/;

/** A label request and the API it goes to; a return keeps its outbound form, which its price is asked by. */
type LabelRequestOf =
  | { api: 'domestic'; body: UspsLabelRequest }
  | { api: 'international'; body: UspsInternationalLabelRequest }
  | { api: 'return'; body: UspsReturnLabelRequest; outbound: UspsLabelRequest };

/** USPS's return services start in the US: a return from abroad is refused before anything is sent. */
export const NO_RETURN_FROM_ABROAD = 'USPS makes return labels from US addresses only: this parcel would come back from abroad.';

/** A label without the shipper's contact is refused by USPS (160275): said here before anything is sent. */
export const NO_SHIPPER_CONTACT = "USPS needs the shipper's phone and e-mail: add a phone number to the sender address";

const problemText = (problems: readonly UspsProblem[]) =>
  problems
    .map((problem) => problem.detail ?? problem.title ?? problem.code ?? '')
    .filter((text) => text.length > 0)
    .join('; ')
    .replace(/[{}[\]]/g, '');

const describeFailure = (failure: UspsFailure): string => {
  if (failure.kind !== 'http') return failure.message;
  const text = problemText(failure.problems);
  return `HTTP ${failure.status}${text ? `: ${text}` : ''}`;
};

const STEP_NAMES = { token: 'sign-in (OAuth token)', payment: 'payment authorization', prices: 'price check', label: 'label purchase', cancel: 'cancellation', tracking: 'tracking', address: 'address check', 'scan-form': 'SCAN form' } as const;

/** A 400 about the idempotency key itself: the key is known to USPS with another body, so a label may exist. */
const namesIdempotencyKey = (problems: readonly UspsProblem[]) => problems.some((problem) => /x-idempotency-key/i.test(problem.parameter ?? ''));

/** A 400 about our account or credentials rather than the shipment: another carrier may well sell the label. */
const namesOurAccount = (problems: readonly UspsProblem[]) =>
  problems.some((problem) => /x-payment-authorization-token|oauthtoken|manifestmid|crid|baserate|mailerid/i.test(problem.parameter ?? ''));

/** A 400 about the mailing date: a body remembered from another day may be too old for USPS now. */
const namesMailingDate = (problems: readonly UspsProblem[]) => problems.some((problem) => /mailingdate/i.test(problem.parameter ?? ''));

/**
 * The journal keeps one entry per mailing date a buy was sent with (`mailingDate:2026-06-23`), so a purchase retried
 * after midnight Central adds its date instead of hiding the first one.
 */
const MAILING_DATE_REF = /^mailingDate:(\d{4}-\d{2}-\d{2})$/;
const mailingDateRef = (mailingDate: string) => `mailingDate:${mailingDate}`;

const refusedShipment = (failure: UspsFailure): failure is Extract<UspsFailure, { kind: 'http' }> =>
  failure.kind === 'http' && (failure.status === 400 || failure.status === 422) && !namesIdempotencyKey(failure.problems) && !namesOurAccount(failure.problems);

/**
 * USPS counts our calls against an hourly quota. Without a Retry-After we leave it this long before asking again: a
 * retry within seconds would only spend more calls, and the whole hour may be too long for one burst.
 */
export const USPS_QUOTA_PAUSE_MS = 10 * 60 * 1000;

const inWords = (ms: number): string => (ms < 120_000 ? `${Math.ceil(ms / 1000)} s` : `${Math.ceil(ms / 60_000)} min`);

const rateLimited = (failure: Extract<UspsFailure, { kind: 'http' }>): PurchaseOutcome => {
  const when =
    failure.retryAfterMs !== null
      ? `USPS asks us to try again in ${inWords(failure.retryAfterMs)}`
      : `USPS gave no time to wait, so it is asked again in ${inWords(USPS_QUOTA_PAUSE_MS)} (the quota is counted per hour)`;
  return {
    kind: 'not_attempted',
    reason: 'rate_limited',
    message: `USPS's hourly API quota is used up (HTTP 429 at the ${STEP_NAMES[failure.step]}); nothing was bought. ${when}.`,
    retryAfterMs: failure.retryAfterMs ?? USPS_QUOTA_PAUSE_MS,
  };
};

/** A purchase that did not end in a label: whether USPS may have sold it decides everything. */
const purchaseFailure = (failure: UspsFailure): PurchaseOutcome => {
  const step = STEP_NAMES[failure.step];
  if (failure.kind === 'http' && failure.status === 429) return rateLimited(failure);
  if (failure.step === 'prices') {
    // Asked before anything is bought: whatever USPS answered, no label exists.
    if (refusedShipment(failure)) return { kind: 'refused', message: describeRefusal(failure.problems, 'the shipment could not be priced') };
    return { kind: 'not_attempted', reason: 'unavailable', message: `USPS could not price the label before buying it, so nothing was bought: ${describeFailure(failure)}` };
  }
  if (failure.step === 'token' || failure.step === 'payment') {
    if (failure.kind === 'http' && failure.problems.some((problem) => problem.code === '100007')) {
      return { kind: 'not_attempted', reason: 'upstream_funds', message: `USPS refused the payment authorization: ${describeFailure(failure)}` };
    }
    return { kind: 'not_attempted', reason: 'unavailable', message: `USPS ${step} failed before the purchase: ${describeFailure(failure)}` };
  }
  if (failure.kind === 'unreachable') return { kind: 'not_attempted', reason: 'unavailable', message: `USPS could not be reached (${failure.message})` };
  if (failure.kind === 'unreadable') return { kind: 'unknown', message: `USPS sold the label but its answer cannot be read: ${failure.message}`, unreadable: true };
  if (failure.kind === 'no_answer' || failure.status >= 500 || namesIdempotencyKey(failure.problems)) {
    return { kind: 'unknown', message: `USPS may have sold the label: ${step} ${describeFailure(failure)}` };
  }
  if (refusedShipment(failure)) return { kind: 'refused', message: describeRefusal(failure.problems, 'the shipment was not accepted') };
  // 401/403 after a fresh token, an account problem, a 404: USPS turned the request away before selling anything.
  return { kind: 'not_attempted', reason: 'unavailable', message: `USPS turned the ${step} away: ${describeFailure(failure)}` };
};

/** Resolving repeats the buy: only a label or a clear refusal settles it; anything else leaves it unknown. */
const resolveFailure = (failure: UspsFailure): PurchaseOutcome => {
  if (refusedShipment(failure)) return { kind: 'refused', message: describeRefusal(failure.problems, 'the shipment was not accepted') };
  const message = `USPS could not confirm the purchase: ${STEP_NAMES[failure.step]} ${describeFailure(failure)}`;
  return failure.kind === 'unreadable' ? { kind: 'unknown', message, unreadable: true } : { kind: 'unknown', message };
};

const voidFailure = (failure: UspsFailure, trackingNumber: string): VoidOutcome => {
  if (failure.kind === 'http' && failure.status === 400) {
    const detail = problemText(failure.problems);
    // USPS takes one refund request per CRID per label per day: the first one stands.
    if (/already been submitted today/i.test(detail)) return { kind: 'refund_pending', refundRef: null };
    if (/already canceled/i.test(detail)) return { kind: 'voided' };
    if (/order not found/i.test(detail)) return { kind: 'refused', message: `USPS has no label ${trackingNumber} on this account (Order not found).` };
    return { kind: 'refused', message: `USPS would not cancel label ${trackingNumber}: ${detail || 'no reason given'}.` };
  }
  const wait = failure.kind === 'http' && failure.retryAfterMs !== null ? `; try again in ${Math.ceil(failure.retryAfterMs / 1000)} s` : '';
  return { kind: 'unknown', message: `USPS could not be asked to void label ${trackingNumber}: ${STEP_NAMES[failure.step]} ${describeFailure(failure)}${wait}` };
};

/**
 * A SCAN form request that did not end in a form. Sent without an answer (time-out, reset): the form may exist, so it
 * is unconfirmed. Not sent (unreachable, or a sign-in step that failed first): no form. Otherwise USPS answered and
 * made no form: 400/422 is its refusal, in its words; a 429 or a 401/403 is turned away before anything is done; and
 * a 5xx is the service failing the request (503 "Service is unavailable"), which is not a form. Should a 5xx ever
 * have made one after all, asking again still cannot put a label on two forms: USPS refuses a label already on a form
 * (160040, naming that form's number), and that refusal reaches the operator.
 */
const scanFormFailure = (failure: UspsFailure): ScanFormOutcome => {
  if (failure.kind === 'no_answer' && failure.step === 'scan-form') return { kind: 'unconfirmed', message: `USPS may have made the SCAN form: the request was sent but ${failure.message}`, barcode: null, carrierRefs: {} };
  if (failure.kind === 'http' && (failure.status === 400 || failure.status === 422)) return { kind: 'refused', message: problemText(failure.problems) || 'USPS did not accept the SCAN form' };
  if (failure.kind === 'http' && failure.status === 429) {
    const wait = failure.retryAfterMs !== null ? `try again in ${inWords(failure.retryAfterMs)}` : 'USPS gave no time to wait (the quota is counted per hour)';
    return { kind: 'unknown', message: `USPS's hourly API quota is used up (HTTP 429 at the SCAN form): no form was made; ${wait}` };
  }
  if (failure.kind === 'unreachable') return { kind: 'unknown', message: `USPS could not be reached (${failure.message}): the SCAN form was not asked for` };
  if (failure.kind !== 'http') return { kind: 'unknown', message: `The SCAN form was not asked for: the ${STEP_NAMES[failure.step]} failed first (${failure.message})` };
  return { kind: 'unknown', message: `USPS made no SCAN form: ${describeFailure(failure)}` };
};

/**
 * USPS Labels API v3, bought directly with our own EPS or permit account; a receiver abroad goes through International
 * Labels 3.3.7 with its customs form (usps-international.mapper.ts), a return through `POST /labels/v3/return-label`
 * (usps-return-label.ts), each keyed, resolved and cancelled the same way. The idempotency key goes to USPS as a stable
 * UUID (`X-Idempotency-Key`): USPS answers a repeated key and body with the label it already sold, at no new charge,
 * so a lost answer is resolved by asking again with the same body (its mailing date is journaled before the buy).
 * Cancelling before the 12:30am CT manifest is free; after it USPS files a refund request (DISPUTED).
 */
export class UspsCarrierAdapter implements CarrierAdapter {
  readonly profile: CarrierProfile;
  private readonly client: UspsClient;
  private readonly now: () => Date;
  private readonly shipperOf: (shipment: LabelShipment) => UspsShipper | null;
  private readonly refundSettleDays: number;

  constructor(options: UspsCarrierOptions) {
    const { clientId, clientSecret, apiUrl, crid, mid, manifestMid, accountType, accountNumber, permitZip, timeoutMs = 20_000, maxConcurrentPurchases = 4, refundSettleDays = 21 } = options;
    if (!clientId || !clientSecret) throw new Error('USPS: clientId and clientSecret are required');
    if (!/^https?:\/\/[^/]+/.test(apiUrl)) throw new Error(`USPS: apiUrl must be an http(s) URL, got "${apiUrl}"`);
    if (!/^\d{2,18}$/.test(crid)) throw new Error(`USPS: the CRID must be 2 to 18 digits, got "${crid}"`);
    if (!MID.test(mid) || !MID.test(manifestMid)) throw new Error('USPS: mid and manifestMid must be 6 or 9 digits');
    if (!accountNumber) throw new Error('USPS: accountNumber is required');
    if (accountType === 'PERMIT' && !/^\d{5}$/.test(permitZip ?? '')) throw new Error('USPS: a PERMIT account needs its 5-digit permitZip');
    if (!Number.isInteger(timeoutMs) || timeoutMs < 1) throw new RangeError(`USPS: timeoutMs must be a positive integer, got ${timeoutMs}`);
    if (!Number.isInteger(maxConcurrentPurchases) || maxConcurrentPurchases < 1) throw new RangeError(`USPS: maxConcurrentPurchases must be a positive integer, got ${maxConcurrentPurchases}`);

    this.profile = { id: 'usps', displayName: 'USPS', postage: true, labelFormats: ['PDF', 'ZPL'], maxConcurrentPurchases, needsShipperContact: true };
    this.now = options.now ?? (() => new Date());
    this.shipperOf = options.shipperOf;
    if (!(Number.isFinite(refundSettleDays) && refundSettleDays >= 0)) throw new RangeError(`USPS: refundSettleDays must be ≥ 0, got ${refundSettleDays}`);
    this.refundSettleDays = refundSettleDays;
    this.client = new UspsClient({
      apiUrl,
      clientId,
      clientSecret,
      payer: { crid, mid, manifestMid, accountType, accountNumber, permitZip },
      timeoutMs,
      now: () => this.now().getTime(),
    });
  }

  /** The shipper's contact USPS would refuse, said before a return is bought (decision 128). */
  shipperProblem(shipper: LabelShipper | null): string | null {
    return uspsShipperProblem(shipper);
  }

  async listShippingServices(): Promise<CarrierShippingService[]> {
    return [...USPS_SHIPPING_SERVICES, ...USPS_INTERNATIONAL_SERVICES].map(({ uid, name, category, maxWeightLb }) => ({ uid, name, category, maxWeightLb }));
  }

  async purchase(shipment: LabelShipment, idempotencyKey: string, journal: PurchaseJournal): Promise<PurchaseOutcome> {
    const mailingDate = centralDate(this.now());
    const shipper = this.shipperOf(shipment);
    if (!shipper) return { kind: 'refused', message: NO_SHIPPER_CONTACT };
    const request = this.requestOf(shipment, mailingDate, shipper);
    if (!request.ok) return { kind: 'refused', message: request.message };
    const underCost = await this.priceChecked(shipment, request.value);
    if (underCost) return underCost;
    const key = idempotencyUuid(idempotencyKey);
    // Before the buy: a lost answer is resolved by repeating this exact body, and the body holds the mailing date.
    await journal.remember({ uspsIdempotencyKey: key, [mailingDateRef(mailingDate)]: 'sent' });
    const answer = await this.send(request.value, key);
    return answer.ok ? this.bought(answer.value, shipment) : purchaseFailure(answer.failure);
  }

  /**
   * The request of the API that sells the label: International Labels 3.3.7 for a receiver abroad (with its customs
   * form), Labels 3.9.13 at home. A service of the other API is refused before anything is sent.
   */
  private requestOf(shipment: LabelShipment, mailingDate: string, shipper: UspsShipper): Mapped<LabelRequestOf> {
    if (shipment.isReturn) return this.returnRequestOf(shipment, mailingDate, shipper);
    const abroad = goesAbroad(shipment);
    if (abroad !== (internationalServiceOf(shipment.serviceUid) !== undefined)) {
      return { ok: false, message: abroad ? `USPS does not carry ${shipment.serviceUid.replace(/_/g, ' ')} abroad: choose an international service.` : 'USPS international services go abroad only: choose a domestic service for a US address.' };
    }
    if (!abroad) {
      const domestic = toLabelRequest(shipment, { mailingDate, shipper });
      return domestic.ok ? { ok: true, value: { api: 'domestic', body: domestic.value } } : domestic;
    }
    const international = toInternationalLabelRequest(shipment, { mailingDate, shipper });
    return international.ok ? { ok: true, value: { api: 'international', body: international.value } } : international;
  }

  /**
   * A return (decision 118): Labels 3.9.13's return label for the return shipment (buyer to seller), made from the
   * outbound request of the same shipment with the class's return service.
   */
  private returnRequestOf(shipment: LabelShipment, mailingDate: string, shipper: UspsShipper): Mapped<LabelRequestOf> {
    if (shipment.from.country !== 'US' || shipment.to.country !== 'US' || internationalServiceOf(shipment.serviceUid)) return { ok: false, message: NO_RETURN_FROM_ABROAD };
    const outbound = toLabelRequest(shipment, { mailingDate, shipper });
    return outbound.ok ? { ok: true, value: { api: 'return', body: toReturnLabelRequest(outbound.value), outbound: outbound.value } } : outbound;
  }

  /**
   * The below-cost guard (decisions 090, 112 and 118): a label sold at a price is priced first with USPS's Prices API
   * of its kind (Domestic Prices at home, International Prices abroad), on the label request's own ingredients, and
   * refused when USPS charges more than the price (the admin is alerted by the purchaser). Null lets the buy go on. No
   * price given (a carrier test) goes on unchecked.
   */
  private async priceChecked(shipment: LabelShipment, request: LabelRequestOf): Promise<PurchaseOutcome | null> {
    if (shipment.maxCostCents === undefined) return null;
    const answer =
      request.api === 'international'
        ? await this.client.searchInternationalBaseRates(toInternationalBaseRatesQuery(request.body))
        : await this.client.searchBaseRates(request.api === 'return' ? { ...toBaseRatesQuery(request.outbound), mailClass: request.body.packageDescription.mailClass } : toBaseRatesQuery(request.body));
    if (!answer.ok) return purchaseFailure(answer.failure);
    const costCents = baseRateCentsOf(answer.value);
    if (costCents === null) return { kind: 'not_attempted', reason: 'unavailable', message: 'USPS answered the price check without a price, so nothing was bought.' };
    return belowCostRefusal(shipment, costCents);
  }

  private send(request: LabelRequestOf, key: string) {
    if (request.api === 'return') return this.client.createReturnLabel(request.body, key);
    return request.api === 'international' ? this.client.createInternationalLabel(request.body, key) : this.client.createLabel(request.body, key);
  }

  /**
   * Repeats the buy with the same key and body. USPS answers the body it already sold, so each journaled mailing date
   * is tried, newest first: another day's body under this key is refused as a key conflict, and a date too old to
   * buy with means nothing was sold under it. Today's date comes last, when it was never sent.
   */
  async resolve(shipment: LabelShipment, idempotencyKey: string, refs: CarrierRefs): Promise<PurchaseOutcome> {
    const today = centralDate(this.now());
    const remembered = Object.keys(refs)
      .map((ref) => MAILING_DATE_REF.exec(ref)?.[1])
      .filter((date): date is string => date !== undefined)
      .sort()
      .reverse();
    const key = idempotencyUuid(idempotencyKey);
    const shipper = this.shipperOf(shipment);
    if (!shipper) return { kind: 'refused', message: NO_SHIPPER_CONTACT };
    let outcome: PurchaseOutcome = { kind: 'unknown', message: 'USPS could not confirm the purchase' };
    for (const mailingDate of remembered.includes(today) ? remembered : [...remembered, today]) {
      const request = this.requestOf(shipment, mailingDate, shipper);
      if (!request.ok) return { kind: 'refused', message: request.message };
      const answer = await this.send(request.value, key);
      if (answer.ok) return this.bought(answer.value, shipment);
      outcome = resolveFailure(answer.failure);
      const tryAnotherBody = answer.failure.kind === 'http' && (namesIdempotencyKey(answer.failure.problems) || namesMailingDate(answer.failure.problems));
      if (!tryAnotherBody) return outcome;
    }
    return outcome;
  }

  async void(label: LabelToVoid): Promise<VoidOutcome> {
    // A refund request already filed is not filed again (USPS would open a second dispute on another day).
    const disputeId = label.carrierRefs['disputeId'];
    if (disputeId) return { kind: 'refund_pending', refundRef: disputeId };
    // A label abroad is cancelled through the API that sold it (its refs say so; its S10 number too).
    const abroad = label.carrierRefs['labelApi'] === 'international' || S10_NUMBER.test(label.trackingNumber);
    const answer = abroad ? await this.client.cancelInternationalLabel(label.trackingNumber) : await this.client.cancelLabel(label.trackingNumber);
    if (!answer.ok) return voidFailure(answer.failure, label.trackingNumber);
    const cancel = cancelResponseSchema.safeParse(answer.value);
    if (!cancel.success) return { kind: 'unknown', message: `USPS answered the void of ${label.trackingNumber} with neither CANCELED nor DISPUTED` };
    return cancel.data.status === 'CANCELED' ? { kind: 'voided' } : { kind: 'refund_pending', refundRef: cancel.data.disputeId ?? null };
  }

  /**
   * `POST /scan-forms/v3/scan-form` (PS Form 5630). USPS refuses a label it did not sell, a cancelled one or one on a
   * form already (400, its words passed on); the labels are manifested within minutes of the form.
   */
  async scanForm(request: ScanFormRequest): Promise<ScanFormOutcome> {
    const answer = await this.client.createScanForm(uspsScanFormRequestOf(request));
    if (!answer.ok) return scanFormFailure(answer.failure);
    const read = uspsScanFormAnswer(answer.value.contentType, answer.value.bytes);
    if (read.ok) return { kind: 'created', file: read.file, barcode: read.barcode, carrierRefs: { scanFormNumber: read.barcode } };
    // A 2xx is a form USPS made: never asked again, and the operator finds it by its number when the metadata had one.
    return { kind: 'unconfirmed', message: read.message, barcode: read.barcode, carrierRefs: read.barcode ? { scanFormNumber: read.barcode } : {} };
  }

  /**
   * USPS has no refund-status call: pending until `refundSettleDays` after the request, then decided by tracking (any
   * scan past "label created" means the label was used). Tracking is only asked once the wait is over.
   */
  async refundStatus(refund: PendingRefund): Promise<RefundCheck> {
    const now = this.now();
    const pending = uspsRefundCheckOf(refund.requestedAt, now, this.refundSettleDays, null);
    if (pending.kind === 'refund_pending') return pending;
    return uspsRefundCheckOf(refund.requestedAt, now, this.refundSettleDays, await this.track(refund));
  }

  /** `GET /tracking/v3/tracking/{trackingNumber}?expand=DETAIL`; null for any failure (asked again later). */
  async track(label: LabelToVoid): Promise<TrackingReport | null> {
    const answer = await this.client.trackPackage(label.trackingNumber);
    if (!answer.ok) return null;
    const response = trackingResponseSchema.safeParse(answer.value);
    return response.success ? uspsTrackingReportOf(response.data) : null;
  }

  /** USPS Addresses v3: a 404 is an address USPS has no match for; any other failure is no answer. */
  async verifyAddress(address: LabelAddress): Promise<AddressVerification | null> {
    const answer = await this.client.verifyAddress(toUspsAddressQuery(address));
    if (answer.ok) return verificationOfUspsAddress(address, answer.value);
    const { failure } = answer;
    return failure.kind === 'http' && failure.status === 404 ? undeliverableOfUspsProblems(failure.problems) : null;
  }

  /**
   * A 2xx is a sale, read by its Content-Type (JSON or multipart). If it still cannot be read, the label exists but we
   * do not have it: unknown and unreadable, so the operator is alerted; never a reason to buy again.
   */
  private bought(answer: UspsBody, shipment: LabelShipment): PurchaseOutcome {
    const body = uspsLabelAnswer(answer.contentType, answer.bytes, shipment.isReturn ? RETURN_LABEL_PARTS : undefined);
    const read = goesAbroad(shipment) && !shipment.isReturn ? toBoughtInternationalLabel : toBoughtLabel;
    const label = body.ok ? read(body.value, shipment.serviceUid, formatOf(shipment)) : body;
    if (!label.ok) return { kind: 'unknown', message: label.message, unreadable: true };
    return { kind: 'bought', label: shipment.isReturn ? { ...label.value, carrierRefs: { ...label.value.carrierRefs, labelApi: 'return' } } : label.value };
  }
}
