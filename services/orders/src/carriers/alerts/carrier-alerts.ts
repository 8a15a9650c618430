import { Injectable, Logger } from '@nestjs/common';
import type { CarrierId, PurchaseOutcome } from '../carrier.port';
import { CarrierAlertsRepository, type CarrierAlertReason } from './carrier-alerts.repository';

/** Writes of one carrier's alert state, at most this often per process: a batch meets the same trouble per row. */
const WRITE_EVERY_MS = 10_000;

/**
 * Tells admins what purchases meet: a carrier with no funds left upstream, or one whose circuit opened (it stopped
 * answering), raise an alert; the carrier's next sale clears it. Writing an alert never gets in a purchase's way.
 */
@Injectable()
export class CarrierAlerts {
  private readonly logger = new Logger(CarrierAlerts.name);
  private readonly lastWrite = new Map<string, number>();

  constructor(private readonly alerts: CarrierAlertsRepository) {}

  note(carrier: CarrierId, outcome: PurchaseOutcome): void {
    const reason = reasonOf(outcome);
    if (reason) this.throttled(`${carrier}:${reason}`, () => this.alerts.raise(carrier, reason, outcome.kind === 'not_attempted' ? outcome.message : ''));
    else if (outcome.kind === 'bought') this.throttled(`${carrier}:sold`, () => this.alerts.clear(carrier));
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

const reasonOf = (outcome: PurchaseOutcome): CarrierAlertReason | null => {
  if (outcome.kind !== 'not_attempted') return null;
  if (outcome.reason === 'upstream_funds') return 'upstream_funds';
  if (outcome.reason === 'circuit_open') return 'unavailable';
  return null;
};
