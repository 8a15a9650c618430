import { Inject, Injectable, Logger, Optional, type OnApplicationShutdown } from '@nestjs/common';
import type { ApiMode } from '@labeldesk/contracts';
import { CarrierAlerts } from '../alerts/carrier-alerts';
import { CARRIER_REGISTRY, type CarrierAdapter, type LabelShipment, type PurchaseOutcome } from '../carrier.port';
import { formatOf } from '../label-file';
import type { CarrierRegistry } from '../registry/carrier-registry';
import { PurchaseJournalRepository, type PurchaseRecord } from './purchase-journal.repository';

/**
 * A purchase whose worker showed a sign of life this recently may still be on its way: it is not asked about (or
 * replaced) yet. A running attempt is touched every HEARTBEAT_MS, however long it waits for the carrier's limits, so
 * only an attempt whose worker died (or lost its database) goes quiet.
 */
export const IN_FLIGHT_MS = 20_000;
export const HEARTBEAT_MS = 5_000;

const stateOf = (outcome: PurchaseOutcome) => outcome.kind;

/** What a purchase answered, and the attempt left for the caller to settle (buyLeavingBoughtUnsettled), if any. */
export interface Purchase {
  outcome: PurchaseOutcome;
  unsettled: PurchaseRecord | null;
}

/** buyAt's answer when a first attempt finds the key already begun: the journal's record of it decides. */
const KNOWN_KEY = Symbol('known key');
/** Another worker started a purchase of this label a moment ago: it is theirs to finish. */
const BEING_BOUGHT: PurchaseOutcome = { kind: 'unknown', message: 'This label is being bought by another worker' };

/**
 * The one way a label is bought, for single orders and bulk items alike. Carriers are tried in the registry's order;
 * the next one only when the last provably bought nothing (`not_attempted`). A refusal ends the purchase (the shipment
 * is wrong, another carrier would refuse it too); an `unknown` ends it too and is never failed over: the journal
 * remembers which carrier was asked, and the next purchase with the same key asks that carrier what became of it.
 */
@Injectable()
export class LabelPurchaser implements OnApplicationShutdown {
  private readonly logger = new Logger(LabelPurchaser.name);
  /** Shipping service uids per carrier, read once: a carrier that does not sell a shipping service is passed over, not asked. */
  private readonly sells = new Map<CarrierAdapter, Promise<ReadonlySet<string>>>();
  /** This worker's attempts still running, touched by the heartbeat. */
  private readonly running = new Map<string, PurchaseRecord>();
  private heartbeat: NodeJS.Timeout | null = null;

  constructor(
    @Inject(CARRIER_REGISTRY) private readonly registry: CarrierRegistry,
    private readonly journal: PurchaseJournalRepository,
    @Optional() private readonly alerts?: CarrierAlerts,
  ) {}

  /** Purchases the carriers take at once (their bulkheads queue the rest): what bulk keeps in flight by default. */
  get carrierConcurrency(): number {
    return this.registry.maxConcurrentPurchases;
  }

  /** A test-mode label (decision 119) is bought from the sandbox alone, whatever carriers sell live labels. */
  async buy(shipment: LabelShipment, idempotencyKey: string, mode: ApiMode = 'live'): Promise<PurchaseOutcome> {
    return (await this.purchase(shipment, idempotencyKey, false, mode)).outcome;
  }

  /**
   * As `buy`, but a label bought by a new attempt is left `sent` in the journal for the caller to settle in the
   * statement that stores the label (`unsettled`; docs/decisions/063): a bulk engine storing a group of labels then
   * writes one statement, not two. Until it is settled the attempt reads as a purchase whose answer was lost, which
   * the next purchase with its key asks the same carrier about: the caller may fail to settle it, never buy twice.
   */
  async buyLeavingBoughtUnsettled(shipment: LabelShipment, idempotencyKey: string, mode: ApiMode = 'live'): Promise<Purchase> {
    return this.purchase(shipment, idempotencyKey, true, mode);
  }

  private async purchase(shipment: LabelShipment, idempotencyKey: string, leaveBought: boolean, mode: ApiMode = 'live'): Promise<Purchase> {
    const carriers = this.registry.forMode(mode);
    // Most keys are new: their first attempt is begun at once, one statement rather than a look-up and then a begin.
    const fresh = await this.buyAt(carriers, shipment, idempotencyKey, null, true, leaveBought);
    if (fresh !== KNOWN_KEY) return fresh;

    // The journal knows this key: what became of its last attempt decides.
    let replacing: string | null = null;
    const previous = await this.journal.find(idempotencyKey);
    if (previous) {
      if (previous.state === 'not_attempted' || previous.state === 'refused') {
        replacing = previous.attemptId;
      } else {
        const settled = await this.askAgain(previous, shipment);
        if (settled) return { outcome: settled, unsettled: null };
        replacing = previous.attemptId;
      }
    }
    const outcome = await this.buyAt(carriers, shipment, idempotencyKey, replacing, false, leaveBought);
    return outcome === KNOWN_KEY ? { outcome: BEING_BOUGHT, unsettled: null } : outcome;
  }

  /**
   * Asks the carriers in order, each attempt begun in the journal first. KNOWN_KEY when `fresh` and the key turned
   * out to have an attempt already (the caller looks at it); a begin refused later means another worker got there.
   */
  private async buyAt(
    carriers: CarrierRegistry,
    shipment: LabelShipment,
    idempotencyKey: string,
    replacing: string | null,
    fresh: boolean,
    leaveBought: boolean,
  ): Promise<Purchase | typeof KNOWN_KEY> {
    const format = formatOf(shipment);
    let last: PurchaseOutcome | null = null;
    for (const carrier of carriers.ordered) {
      // A carrier that does not make the label file asked for is passed over, like one that does not sell the shipping service.
      if (!carrier.profile.labelFormats.includes(format)) continue;
      // Nor is one that sells no packaging but the sender's own box, for a label in USPS Cubic or Flat Rate packaging.
      if (shipment.package.packaging && !carrier.profile.sellsPackaging) continue;
      const offers = await this.offers(carrier, shipment.serviceUid);
      if (offers === null) last ??= { kind: 'not_attempted', reason: 'unavailable', message: `${carrier.profile.displayName} could not be asked what it sells` };
      if (!offers) continue;
      const attempt = await this.journal.begin(idempotencyKey, carrier.profile.id, replacing);
      // On the fresh pass `replacing` is null until this worker has begun an attempt of its own.
      if (!attempt) return fresh && replacing === null ? KNOWN_KEY : { outcome: BEING_BOUGHT, unsettled: null };
      const outcome = await this.purchaseAt(carrier, attempt, shipment);
      const unsettled = leaveBought && outcome.kind === 'bought' ? attempt : null;
      if (!unsettled) await this.journal.settle(attempt, stateOf(outcome));
      this.alerts?.note(carrier.profile.id, outcome, idempotencyKey);
      if (outcome.kind !== 'not_attempted') return { outcome, unsettled };
      this.logger.warn(`${carrier.profile.id} did not take label ${idempotencyKey} (${outcome.reason}): ${outcome.message}`);
      last = outcome;
      replacing = attempt.attemptId;
    }
    return {
      outcome: last ?? { kind: 'refused', message: unsoldMessage(shipment, format) },
      unsettled: null,
    };
  }

  /**
   * What became of an earlier attempt, asked of the carrier that was asked then. Null when it provably bought nothing
   * (the purchase may start again, at any carrier); otherwise the outcome to answer.
   */
  private async askAgain(previous: PurchaseRecord, shipment: LabelShipment): Promise<PurchaseOutcome | null> {
    if (previous.state === 'sent' && Date.now() - previous.aliveAt.getTime() < IN_FLIGHT_MS) {
      return { kind: 'unknown', message: 'The carrier has not answered about this label yet' };
    }
    const carrier = this.registry.get(previous.carrier);
    if (!carrier) {
      // Asking another carrier could buy the label twice: it waits until its carrier is configured again.
      return { kind: 'unknown', message: `This label was asked of ${previous.carrier}, which is no longer configured` };
    }
    const outcome = await this.resolveAt(carrier, previous, shipment);
    // The carrier's answer about a lost purchase may be one we cannot read either: the operator hears of it too.
    this.alerts?.note(carrier.profile.id, outcome, previous.idempotencyKey);
    if (outcome.kind === 'not_attempted') {
      await this.journal.settle(previous, 'not_attempted');
      return null;
    }
    await this.journal.settle(previous, stateOf(outcome));
    return outcome;
  }

  private async purchaseAt(carrier: CarrierAdapter, attempt: PurchaseRecord, shipment: LabelShipment): Promise<PurchaseOutcome> {
    this.running.set(attempt.attemptId, attempt);
    this.startHeartbeat();
    try {
      return await carrier.purchase(shipment, attempt.idempotencyKey, { remember: (refs) => this.journal.remember(attempt, refs) });
    } catch (error) {
      // An adapter answers every carrier reply with an outcome; a throw is a fault of ours mid-purchase, so nothing
      // says whether the buy went out.
      this.logger.error(`${carrier.profile.id} purchase ${attempt.idempotencyKey} threw`, error instanceof Error ? error.stack : String(error));
      return { kind: 'unknown', message: 'The carrier did not confirm the label' };
    } finally {
      this.running.delete(attempt.attemptId);
    }
  }

  private startHeartbeat(): void {
    if (this.heartbeat) return;
    this.heartbeat = setInterval(() => {
      if (this.running.size === 0) return this.stopHeartbeat();
      this.journal.touch([...this.running.values()]).catch((error: unknown) => this.logger.warn(`purchase heartbeat: ${String(error)}`));
    }, HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  private stopHeartbeat(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
  }

  onApplicationShutdown(): void {
    this.stopHeartbeat();
  }

  private async resolveAt(carrier: CarrierAdapter, attempt: PurchaseRecord, shipment: LabelShipment): Promise<PurchaseOutcome> {
    try {
      return await carrier.resolve(shipment, attempt.idempotencyKey, attempt.refs);
    } catch (error) {
      this.logger.error(`${carrier.profile.id} resolve ${attempt.idempotencyKey} threw`, error instanceof Error ? error.stack : String(error));
      return { kind: 'unknown', message: 'The carrier did not confirm the label' };
    }
  }

  /** Null when the carrier's list cannot be read now: it is passed over this time (asked again next time), never a throw. */
  private async offers(carrier: CarrierAdapter, uid: string): Promise<boolean | null> {
    let uids = this.sells.get(carrier);
    if (!uids) {
      uids = carrier.listShippingServices().then((shippingServices) => new Set(shippingServices.map((shippingService) => shippingService.uid)));
      this.sells.set(carrier, uids);
    }
    try {
      return (await uids).has(uid);
    } catch (error) {
      this.sells.delete(carrier);
      this.logger.warn(`${carrier.profile.id} shipping services unreadable: ${String(error)}`);
      return null;
    }
  }
}

/** Why no carrier took the label: nobody sells the service, in that file format, or in that packaging. */
const unsoldMessage = (shipment: LabelShipment, format: string): string => {
  if (shipment.package.packaging) return `No carrier here sells ${shipment.serviceUid} in that packaging (${shipment.package.packaging}): buy it for your own box instead`;
  return format === 'PDF' ? `No carrier sells ${shipment.serviceUid}` : `No carrier sells ${shipment.serviceUid} as a ${format} label`;
};
