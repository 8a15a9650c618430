import { Inject, Injectable } from '@nestjs/common';
import { ORDERS_ENV, type OrdersEnv } from '../config';
import { LabelTrackingRepository } from './label-tracking.repository';
import { mapLimited, PeriodicTask } from '../common';
import { TrackingRefresh } from './tracking-refresh';

/** Tracking requests in flight at once while polling (inside each carrier's own limit). */
const POLL_CONCURRENCY = 4;

/**
 * Polls the carriers for labels' tracking within their quotas: at most TRACKING_POLL_BATCH labels every
 * TRACKING_POLL_SECONDS, each asked again only TRACKING_REFRESH_SECONDS after its last answer, never once delivered
 * or returned. EasyPost also pushes (webhooks); polling catches what a push missed.
 */
@Injectable()
export class TrackingPoller extends PeriodicTask<number> {
  constructor(
    private readonly tracking: LabelTrackingRepository,
    private readonly refresh: TrackingRefresh,
    @Inject(ORDERS_ENV) private readonly env: Pick<OrdersEnv, 'TRACKING_POLL_SECONDS' | 'TRACKING_POLL_BATCH'>,
  ) {
    super();
  }

  protected get everyMs(): number {
    return this.env.TRACKING_POLL_SECONDS * 1000;
  }

  /** One round; answers how many labels it asked about (0 while a round is running here). */
  async poll(): Promise<number> {
    return (await this.runRound()) ?? 0;
  }

  protected async round(): Promise<number> {
    const due = await this.tracking.claimDue(this.env.TRACKING_POLL_BATCH, Math.max(60, this.env.TRACKING_POLL_SECONDS * 2));
    await mapLimited(due, POLL_CONCURRENCY, (label) => this.refresh.refresh(label).catch(() => null));
    return due.length;
  }
}
