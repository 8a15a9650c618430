import { Inject, Injectable, Logger } from '@nestjs/common';
import { CARRIER_REGISTRY, type CarrierRegistry, type TrackingReport } from '../carriers';
import { ORDERS_ENV, type OrdersEnv } from '../config';
import { LabelTrackingRepository, type StoredTracking, type TrackedLabel } from './label-tracking.repository';

/**
 * Asks a label's carrier where the parcel is and stores the answer. A report older than the one stored (a webhook
 * replayed late, a slow poll) does not replace it; a label once used stays used.
 */
@Injectable()
export class TrackingRefresh {
  private readonly logger = new Logger(TrackingRefresh.name);

  constructor(
    private readonly tracking: LabelTrackingRepository,
    @Inject(CARRIER_REGISTRY) private readonly registry: CarrierRegistry,
    @Inject(ORDERS_ENV) private readonly env: Pick<OrdersEnv, 'TRACKING_REFRESH_SECONDS'>,
  ) {}

  /** The stored tracking after asking the carrier; the stored one (or null) when the carrier did not answer. */
  async refresh(label: TrackedLabel): Promise<StoredTracking | null> {
    const carrier = this.registry.get(label.carrier);
    if (!carrier) return this.tracking.get(label.kind, label.labelId);
    let report: TrackingReport | null;
    try {
      report = await carrier.track({ trackingNumber: label.trackingNumber, carrierRefs: label.carrierRefs, purchasedAt: label.purchasedAt });
    } catch (error) {
      // The port says adapters do not throw for a carrier's answer; a wrapper (circuit open) may.
      this.logger.warn(`tracking of ${label.trackingNumber} at ${label.carrier}: ${error instanceof Error ? error.message : String(error)}`);
      report = null;
    }
    if (!report) return this.tracking.get(label.kind, label.labelId);
    return this.record(label, report);
  }

  /** Stores a report (polled or pushed) unless the one stored is newer. */
  async record(label: Pick<TrackedLabel, 'kind' | 'labelId' | 'trackingNumber' | 'carrier'>, report: TrackingReport): Promise<StoredTracking> {
    const stored = await this.tracking.get(label.kind, label.labelId);
    if (stored && stored.checkedAt && isOlder(report, stored)) return stored;
    return this.tracking.save(label, report, this.env.TRACKING_REFRESH_SECONDS);
  }
}

const lastEventAt = (events: ReadonlyArray<{ occurredAt: Date | string }>): number =>
  events.reduce((latest, e) => Math.max(latest, new Date(e.occurredAt).getTime()), 0);

/** True when the report knows less than what is stored: fewer events and none newer. */
export const isOlder = (report: TrackingReport, stored: Pick<StoredTracking, 'events'>): boolean =>
  report.events.length < stored.events.length && lastEventAt(report.events) <= lastEventAt(stored.events);
