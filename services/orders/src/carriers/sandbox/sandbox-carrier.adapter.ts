import { sandboxAddressVerification } from './sandbox-address';
import { SandboxCarrierError } from './sandbox-carrier.error';
import {
  type AddressVerification,
  type BoughtLabel,
  type CarrierAdapter,
  type CarrierRate,
  type CarrierShippingService,
  type CarrierProfile,
  type CarrierRefs,
  type LabelAddress,
  type LabelShipment,
  type LabelToVoid,
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
import { belowCostRefusal } from '../purchase/below-cost';
import { isUnavailable } from './rating';
import { parseUsZip } from './impb';
import { renderSandboxLabel, renderSandboxZplLabel, type SandboxLabelInput } from './sandbox-label';
import { labelInputFor } from './sandbox-label-input';
import { sandboxRateOf, sandboxRates, sandboxRetailCents } from './sandbox-rates';
import type { SandboxFaults } from './sandbox-faults';
import { checkedLifecycle, isSandboxTrackingNumber, type SandboxLifecycleSettings, simulatedRefundCheck, simulatedTracking, simulatedVoid } from './sandbox-lifecycle';
import { renderScanForm } from './scan-form-renderer';
import { sandboxScanFormNumber, scanFormRefusal } from './sandbox-scan-form';
import { findSandboxCourierService, findSandboxService, SANDBOX_SHIPPING_SERVICES } from './sandbox-services';
import { checkCustomsAtHome, withCustomsAtHome } from './abroad/customs-at-home';
import { checkInternationalLabel, internationalLabelFor, isAbroad, sandboxInternationalRates } from './abroad/international-purchase';
import { internationalRate } from './abroad/international-rates';
import { findSandboxInternationalService } from './abroad/international-services';

export interface SandboxCarrierOptions {
  /** Simulated carrier latency per label, in ms (default 0). */
  latencyMs?: number;
  /** Probability (0..1) that a label request fails with a retryable error (default 0). */
  failureRate?: number;
  /** Source of randomness for the failure injection (default Math.random); pass a seeded one in tests. */
  random?: () => number;
  /** Clock for the ship date (default: now). */
  now?: () => Date;
  /** The label serial of an idempotency key: a new one for a new key, the same one for a key seen before. */
  nextSerial: (idempotencyKey: string) => Promise<number>;
  /** The serial already issued to a key, null when none was (what `resolve` asks); default: the labels this process remembers. */
  issuedSerial?: (idempotencyKey: string) => Promise<number | null>;
  /** Faults a test plays (a lost answer, a 429, an outage…), as a real carrier's fake server does. */
  faults?: SandboxFaults;
  /** How many labels are remembered for idempotent replays and voiding (default 10,000; oldest forgotten first). */
  rememberLabels?: number;
  /**
   * Renders the label PDF (default: renderLabel on the calling thread). The service passes a LabelRenderPool's
   * render; its errors (a crashed worker, a full queue) are not SandboxCarrierErrors: the purchase answers unknown and the same key is asked again.
   */
  render?: (input: SandboxLabelInput) => Promise<Buffer>;
  /** The simulated manifest, tracking and refund settlement (SANDBOX_* settings); defaults as USPS behaves. */
  lifecycle?: Partial<SandboxLifecycleSettings>;
}

type TrackingState = 'issued' | 'voided';

/**
 * The built-in carrier: SAMPLE labels of every domestic courier it simulates (USPS IMpb labels with the test Mailer ID,
 * UPS 1Z and FedEx 12-digit labels under the sandbox's own shipper and prefix; no postage), priced and timed by the
 * rating model (rating/), with optional latency and failure injection, so that the embedded mode compares real-looking
 * rates and retries and recovery can be exercised without a real carrier.
 *
 * A replayed idempotency key gets the same serial from `nextSerial` (the service keeps one per key in its
 * database), so after a restart or on another replica the same key answers the same tracking number, as a real
 * carrier does. Void, refund status and tracking are worked out from the tracking number, the purchase instant and
 * the clock (sandbox-lifecycle.ts), so every replica answers them alike for any label the sandbox issued.
 */
export class SandboxCarrierAdapter implements CarrierAdapter {
  readonly profile: CarrierProfile = { id: 'sandbox', displayName: 'Sandbox', postage: false, labelFormats: ['PDF', 'ZPL'], maxConcurrentPurchases: 256, needsShipperContact: false, sellsPackaging: true };
  private readonly latencyMs: number;
  private readonly failureRate: number;
  private readonly random: () => number;
  private readonly now: () => Date;
  private readonly nextSerial: (idempotencyKey: string) => Promise<number>;
  private readonly rememberLabels: number;
  private readonly render: (input: SandboxLabelInput) => Promise<Buffer>;
  private readonly issuedSerial: ((idempotencyKey: string) => Promise<number | null>) | null;
  private readonly faults: SandboxFaults | null;
  private readonly lifecycle: SandboxLifecycleSettings;
  /** Idempotency key → the label, or the request still in flight (so concurrent duplicates share it). */
  private readonly labelsByKey = new Map<string, Promise<BoughtLabel>>();
  private readonly tracking = new Map<string, TrackingState>();

  constructor(options: SandboxCarrierOptions) {
    const { latencyMs = 0, failureRate = 0, random = Math.random, now = () => new Date(), nextSerial, rememberLabels = 10_000, render = renderSandboxLabel, issuedSerial, faults, lifecycle = {} } = options;
    if (!Number.isFinite(latencyMs) || latencyMs < 0) throw new RangeError(`latencyMs must be ≥ 0, got ${latencyMs}`);
    if (!(failureRate >= 0 && failureRate <= 1)) throw new RangeError(`failureRate must be within 0..1, got ${failureRate}`);
    if (!Number.isInteger(rememberLabels) || rememberLabels < 1) throw new RangeError(`rememberLabels must be a positive integer, got ${rememberLabels}`);
    this.latencyMs = latencyMs;
    this.failureRate = failureRate;
    this.random = random;
    this.now = now;
    this.nextSerial = nextSerial;
    this.rememberLabels = rememberLabels;
    this.render = render;
    this.issuedSerial = issuedSerial ?? null;
    this.faults = faults ?? null;
    this.lifecycle = checkedLifecycle(lifecycle);
  }

  async listShippingServices(): Promise<CarrierShippingService[]> {
    return SANDBOX_SHIPPING_SERVICES.map(({ uid, name, category, maxWeightLb }) => ({ uid, name, category, maxWeightLb }));
  }

  /** The rating model's cost and days of every service that carries the shipment in the sender's box. */
  async rates(shipment: LabelShipment): Promise<CarrierRate[]> {
    if (this.faults?.unreachable) throw new SandboxCarrierError('Sandbox carrier: connection refused', true);
    return isAbroad(shipment) ? sandboxInternationalRates(shipment, this.now()) : sandboxRates(shipment, this.now());
  }

  async purchase(shipment: LabelShipment, idempotencyKey: string, journal: PurchaseJournal): Promise<PurchaseOutcome> {
    const fault = this.faults?.beforeBuy();
    if (fault) return fault;
    const rate = isAbroad(shipment) ? internationalRate(shipment.serviceUid, shipment) : sandboxRateOf(shipment.serviceUid, shipment);
    const underCost = 'unavailable' in rate ? null : belowCostRefusal(shipment, rate.costCents);
    if (underCost) return underCost;
    try {
      const label = await this.createLabel(shipment, idempotencyKey);
      // With durable serials (issuedSerial), `resolve` finds the label by its key: the journal's copy of the serial
      // would be one more write a label for nothing. Only serials this process alone knows go to the journal.
      if (this.issuedSerial === null) await journal.remember(label.carrierRefs);
      if (this.faults?.loseAnswer()) return { kind: 'unknown', message: 'Sandbox carrier: the answer was lost' };
      return { kind: 'bought', label };
    } catch (error) {
      return outcomeOf(error);
    }
  }

  async resolve(shipment: LabelShipment, idempotencyKey: string, refs: CarrierRefs): Promise<PurchaseOutcome> {
    const known = this.labelsByKey.has(idempotencyKey) || refs['serial'] !== undefined || (this.issuedSerial !== null && (await this.issuedSerial(idempotencyKey)) !== null);
    if (!known) return { kind: 'not_attempted', reason: 'not_bought', message: 'Sandbox carrier: no label was issued for this key' };
    try {
      // The same key answers the same serial: this draws the label again, it does not issue another.
      return { kind: 'bought', label: await this.createLabel(shipment, idempotencyKey) };
    } catch (error) {
      const outcome = outcomeOf(error);
      return outcome.kind === 'not_attempted' ? { kind: 'unknown', message: outcome.message } : outcome;
    }
  }

  async void(label: LabelToVoid): Promise<VoidOutcome> {
    if (this.faults?.unreachable) return { kind: 'unknown', message: 'Sandbox carrier: connection refused' };
    if (!isSandboxTrackingNumber(label.trackingNumber)) return { kind: 'refused', message: `The sandbox did not issue label ${label.trackingNumber}.` };
    const outcome = simulatedVoid(label.trackingNumber, label.purchasedAt, this.now(), this.lifecycle, label.manifestedAt ?? null);
    if (outcome.kind !== 'refused') this.markVoided(label.trackingNumber);
    return outcome;
  }

  async refundStatus(refund: PendingRefund): Promise<RefundCheck> {
    if (this.faults?.unreachable) return { kind: 'unknown', message: 'Sandbox carrier: connection refused' };
    if (!isSandboxTrackingNumber(refund.trackingNumber)) return { kind: 'refund_rejected', reason: `The sandbox did not issue label ${refund.trackingNumber}.` };
    return simulatedRefundCheck(refund.trackingNumber, refund.purchasedAt, refund.requestedAt, this.now(), this.lifecycle);
  }

  async track(label: LabelToVoid): Promise<TrackingReport | null> {
    if (this.faults?.unreachable || !isSandboxTrackingNumber(label.trackingNumber)) return null;
    return simulatedTracking(label.trackingNumber, label.purchasedAt, this.now(), this.lifecycle);
  }

  /** A made-up but deterministic verification (see sandboxAddressVerification); nothing when the sandbox is down. */
  async verifyAddress(address: LabelAddress): Promise<AddressVerification | null> {
    return this.faults?.unreachable ? null : sandboxAddressVerification(address);
  }

  /** A SAMPLE PS Form 5630; its number follows from our form id, so asking again draws the same form. */
  async scanForm(request: ScanFormRequest): Promise<ScanFormOutcome> {
    if (this.faults?.unreachable) return { kind: 'unknown', message: 'Sandbox carrier: connection refused' };
    const refusal = scanFormRefusal(request);
    if (refusal) return { kind: 'refused', message: refusal };
    const barcode = sandboxScanFormNumber(request.formId);
    const file = await renderScanForm({ barcode, mailingDate: request.mailingDate, from: request.from, trackingNumbers: request.labels.map((l) => l.trackingNumber), createdAt: this.now() });
    return { kind: 'created', file, barcode, carrierRefs: { scanFormId: `SBX-SF-${barcode}` } };
  }

  /** Voids the sandbox accepted (a repeated void of the same label counts once). */
  get voidsAccepted(): number {
    return [...this.tracking.values()].filter((state) => state === 'voided').length;
  }

  async createLabel(shipment: LabelShipment, idempotencyKey: string): Promise<BoughtLabel> {
    if (!idempotencyKey) throw new SandboxCarrierError('Sandbox carrier: an idempotency key is required', false);
    const known = this.labelsByKey.get(idempotencyKey);
    if (known) return copy(await known);

    const attempt = this.issueLabel(shipment, idempotencyKey);
    this.remember(idempotencyKey, attempt);
    try {
      return copy(await attempt);
    } catch (error) {
      // A failed attempt bought nothing: the same key may try again.
      if (this.labelsByKey.get(idempotencyKey) === attempt) this.labelsByKey.delete(idempotencyKey);
      throw error;
    }
  }

  /** Marks a label this process issued as voided, without the simulated manifest (diagnostics and older specs). */
  async voidLabel(trackingNumber: string): Promise<void> {
    const state = this.tracking.get(trackingNumber);
    if (!state) throw new SandboxCarrierError(`Sandbox carrier: unknown tracking number ${trackingNumber}`, false);
    // Voiding twice is harmless (a retried void must not fail).
    this.tracking.set(trackingNumber, 'voided');
  }

  /** Counted for `voidsAccepted`, whichever process issued the label; a repeated void counts once. */
  private markVoided(trackingNumber: string): void {
    this.tracking.delete(trackingNumber);
    this.tracking.set(trackingNumber, 'voided');
    evictOldest(this.tracking, this.rememberLabels * 10);
  }

  /** For tests and diagnostics: `issued`, `voided`, or undefined when this carrier does not know the number. */
  trackingState(trackingNumber: string): TrackingState | undefined {
    return this.tracking.get(trackingNumber);
  }

  private async issueLabel(shipment: LabelShipment, idempotencyKey: string): Promise<BoughtLabel> {
    if (this.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, this.latencyMs));
    if (this.failureRate > 0 && this.random() < this.failureRate) {
      // The carrier's "no" to this label (SANDBOX_FAILURE_RATE exercises failed rows, refunds and Retry Failed); outages
      // are played by SandboxFaults.
      throw new SandboxCarrierError('Sandbox carrier: simulated failure', false);
    }

    if (isAbroad(shipment) || findSandboxInternationalService(shipment.serviceUid)) return this.issueInternationalLabel(shipment, idempotencyKey);
    const service = findSandboxService(shipment.serviceUid) ?? findSandboxCourierService(shipment.serviceUid);
    if (!service) {
      const known = SANDBOX_SHIPPING_SERVICES.map((s) => s.uid).join(', ');
      throw new SandboxCarrierError(`Sandbox carrier: unknown service "${shipment.serviceUid}" (known: ${known})`, false);
    }
    const weightLb = shipment.package.weightLb;
    if (!Number.isFinite(weightLb) || weightLb <= 0) {
      throw new SandboxCarrierError(`Sandbox carrier: package weight must be a positive number of pounds, got ${weightLb}`, false);
    }
    if (weightLb > service.maxWeightLb) {
      throw new SandboxCarrierError(`Sandbox carrier: ${service.name} takes at most ${service.maxWeightLb} lb, the package weighs ${weightLb} lb`, false);
    }
    if (!parseUsZip(shipment.to.zip)) {
      throw new SandboxCarrierError(`Sandbox carrier: destination ZIP "${shipment.to.zip}" is neither 5 digits nor ZIP+4`, false);
    }
    // What the courier would charge us for this box: the label's cost, as a real carrier's bill.
    const rate = sandboxRateOf(service.uid, shipment);
    if (isUnavailable(rate)) throw new SandboxCarrierError(`Sandbox carrier: ${rate.unavailable}`, false);

    // APO/FPO/DPO and the territories: a customs declaration, on a PDF (decision 123), refused before a serial is drawn.
    checkCustomsAtHome(shipment);

    const serial = await this.nextSerial(idempotencyKey);
    const { input, trackingNumber } = labelInputFor(service, shipment, serial, this.now());
    const format = formatOf(shipment);
    // ZPL is text put together in microseconds: only the PDF goes to the render pool.
    const file = format === 'ZPL' ? renderSandboxZplLabel(input) : await withCustomsAtHome(shipment, await this.render(input), trackingNumber, this.now());
    this.rememberTracking(trackingNumber);
    return {
      carrier: 'sandbox',
      trackingNumber,
      serviceUid: service.uid,
      format,
      file,
      costCents: rate.costCents,
      retailCents: sandboxRetailCents(rate.costCents),
      carrierRefs: { serial: String(serial) },
    };
  }

  /** A label abroad (decision 098): checked before its serial is drawn, then the label and its customs pages in one PDF. */
  private async issueInternationalLabel(shipment: LabelShipment, idempotencyKey: string): Promise<BoughtLabel> {
    if (!isAbroad(shipment)) throw new SandboxCarrierError('Sandbox carrier: a service abroad cannot carry a parcel to a US address; choose a US service', false);
    checkInternationalLabel(shipment);
    const serial = await this.nextSerial(idempotencyKey);
    const label = await internationalLabelFor(shipment, serial, this.now());
    this.rememberTracking(label.trackingNumber);
    return {
      carrier: 'sandbox',
      trackingNumber: label.trackingNumber,
      serviceUid: shipment.serviceUid,
      format: 'PDF',
      file: label.file,
      costCents: label.costCents,
      retailCents: sandboxRetailCents(label.costCents),
      carrierRefs: { serial: String(serial) },
    };
  }

  private remember(key: string, label: Promise<BoughtLabel>): void {
    this.labelsByKey.set(key, label);
    evictOldest(this.labelsByKey, this.rememberLabels);
  }

  private rememberTracking(trackingNumber: string): void {
    this.tracking.set(trackingNumber, 'issued');
    // Tracking states are tiny: keep ten times as many as labels.
    evictOldest(this.tracking, this.rememberLabels * 10);
  }
}

function evictOldest<K, V>(map: Map<K, V>, max: number): void {
  while (map.size > max) {
    const oldest = map.keys().next();
    if (oldest.done) return;
    map.delete(oldest.value);
  }
}

/** A refused shipment (SandboxCarrierError, not retryable), a simulated outage (retryable) or a fault of ours (anything else). */
function outcomeOf(error: unknown): PurchaseOutcome {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof SandboxCarrierError) return error.retryable ? { kind: 'not_attempted', reason: 'unavailable', message } : { kind: 'refused', message };
  // A crashed render worker or a database hiccup after the serial was drawn: the label may exist.
  return { kind: 'unknown', message };
}

/** Callers get their own object and Buffer, so nobody can alter the remembered label. */
function copy(label: BoughtLabel): BoughtLabel {
  return { ...label, file: Buffer.from(label.file) };
}
