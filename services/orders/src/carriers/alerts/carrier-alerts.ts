import { Injectable, Logger } from '@nestjs/common';
import { formatUsd } from '@labeldesk/contracts';
import type { CarrierId, PurchaseOutcome } from '../carrier.port';
import { catalogServiceOf } from '../catalog/shipping-service-catalog';
import { CarrierAlertsRepository, type CarrierAlertReason } from './carrier-alerts.repository';
import { unreadablePurchaseText } from './unreadable-answer';

/** Writes of one carrier's alert state, at most this often per process: a batch meets the same trouble per row. */
const WRITE_EVERY_MS = 10_000;

/**
 * Tells admins what purchases and SCAN forms meet: a carrier with no funds left upstream, or one whose circuit opened
 * (it stopped answering), raise an alert that the carrier's next sale clears; an answer we could not read after a
 * purchase or a form raises one that no sale clears. Writing an alert never gets in a purchase's way.
 */
@Injectable()
export class CarrierAlerts {
  private readonly logger = new Logger(CarrierAlerts.name);
  private readonly lastWrite = new Map<string, number>();

  constructor(private readonly alerts: CarrierAlertsRepository) {}

  /** What a carrier answered to a purchase (or to the question what became of one) with this key. */
  note(carrier: CarrierId, outcome: PurchaseOutcome, idempotencyKey: string): void {
    if (outcome.kind === 'unknown' && outcome.unreadable) {
      this.throttled(`${carrier}:unreadable_answer`, () => this.alerts.raise(carrier, 'unreadable_answer', unreadablePurchaseText(idempotencyKey, outcome.message)));
      return;
    }
    if (outcome.kind === 'refused' && outcome.belowCost) {
      const { serviceUid, costCents, priceCents } = outcome.belowCost;
      this.priceBelowCost(carrier, serviceUid, `${catalogServiceOf(serviceUid)?.name ?? serviceUid} cost ${formatUsd(costCents)} for a label a customer was to pay ${formatUsd(priceCents)} for: it was not bought. Raise that price list.`);
      return;
    }
    const reason = reasonOf(outcome);
    if (reason) this.throttled(`${carrier}:${reason}`, () => this.alerts.raise(carrier, reason, outcome.kind === 'not_attempted' ? outcome.message : ''));
    else if (outcome.kind === 'bought') this.throttled(`${carrier}:sold`, () => this.alerts.clear(carrier));
  }

  /**
   * A SCAN form the carrier may have made without our reading it (`message` names the form). Written every time: a
   * form is asked of the carrier once, so these never come in a burst.
   */
  unconfirmedScanForm(carrier: CarrierId, message: string): void {
    this.alerts.raise(carrier, 'unreadable_answer', message).catch((error: unknown) => this.logger.error(`carrier alert not written (${carrier} SCAN form): ${String(error)}; it was: ${message}`));
  }

  /** A customer's price was under this carrier's cost for a service, which was not offered for the parcel (issue 45). */
  priceBelowCost(carrier: CarrierId, serviceUid: string, message: string): void {
    this.throttled(`${carrier}:price:${serviceUid}`, () => this.alerts.raisePriceBelowCost(carrier, serviceUid, message));
  }

  private throttled(key: string, write: () => Promise<void>): void {
    const now = Date.now();
    if (now - (this.lastWrite.get(key) ?? 0) < WRITE_EVERY_MS) return;
    this.lastWrite.set(key, now);
    write().catch((error: unknown) => {
      this.lastWrite.delete(key);
      this.logger.warn(`carrier alert not written (${key}): ${String(error)}`);
    });
  }
}

const reasonOf = (outcome: PurchaseOutcome): Exclude<CarrierAlertReason, 'unreadable_answer'> | null => {
  if (outcome.kind !== 'not_attempted') return null;
  if (outcome.reason === 'upstream_funds') return 'upstream_funds';
  if (outcome.reason === 'circuit_open') return 'unavailable';
  return null;
};
