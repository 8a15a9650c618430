import { Injectable } from '@nestjs/common';
import type { LabelTracking } from '@labeldesk/contracts';
import { LabelTrackingRepository, type StoredTracking } from './label-tracking.repository';
import type { ChargedLabel } from './label-voids.repository';
import { TrackingRefresh } from './tracking-refresh';

/** A label's tracking shown on request is asked of the carrier again when older than this. */
const SHOWN_TRACKING_MAX_AGE_MS = 5 * 60_000;

/**
 * A label's tracking as someone is about to read it (the seller's drawer, the buyer's page): the stored report, asked
 * of the carrier again first when it is older than five minutes or was never asked.
 */
@Injectable()
export class ShownTracking {
  constructor(
    private readonly tracking: LabelTrackingRepository,
    private readonly refresh: TrackingRefresh,
  ) {}

  async of(label: ChargedLabel): Promise<LabelTracking> {
    let stored: StoredTracking | null = await this.tracking.get(label.kind, label.labelId);
    if (!stored?.checkedAt || Date.now() - stored.checkedAt.getTime() > SHOWN_TRACKING_MAX_AGE_MS) stored = (await this.refresh.refresh(label)) ?? stored;
    return {
      trackingNumber: label.trackingNumber,
      carrier: label.carrier,
      courier: label.courier,
      status: stored?.checkedAt ? stored.status : 'unknown',
      used: stored?.used ?? false,
      events: stored?.events ?? [],
      checkedAt: stored?.checkedAt?.toISOString() ?? null,
    };
  }
}
