import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { ORDERS_ENV, type OrdersEnv } from '../config/env.schema';
import { LabelTrackingRepository } from './label-tracking.repository';
import { TrackingRefresh } from './tracking-refresh';
import { mapLimited } from './void-label.usecase';

/** Tracking requests in flight at once while polling (inside each carrier's own limit). */
const POLL_CONCURRENCY = 4;

/**
 * Polls the carriers for labels' tracking within their quotas: at most TRACKING_POLL_BATCH labels every
 * TRACKING_POLL_SECONDS, each asked again only TRACKING_REFRESH_SECONDS after its last answer, never once delivered
 * or returned. EasyPost also pushes (webhooks); polling catches what a push missed.
 */
@Injectable()
export class TrackingPoller implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(TrackingPoller.name);
  private timer: NodeJS.Timeout | null = null;
  private running = false;

  constructor(
    private readonly tracking: LabelTrackingRepository,
    private readonly refresh: TrackingRefresh,
    @Inject(ORDERS_ENV) private readonly env: Pick<OrdersEnv, 'TRACKING_POLL_SECONDS' | 'TRACKING_POLL_BATCH'>,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.poll().catch((error: unknown) => this.logger.error(`tracking poll failed: ${String(error)}`)), this.env.TRACKING_POLL_SECONDS * 1000);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
  }

  /** One round; answers how many labels it asked about. */
  async poll(): Promise<number> {
    if (this.running) return 0;
    this.running = true;
    try {
      const due = await this.tracking.claimDue(this.env.TRACKING_POLL_BATCH, Math.max(60, this.env.TRACKING_POLL_SECONDS * 2));
      await mapLimited(due, POLL_CONCURRENCY, (label) => this.refresh.refresh(label).catch(() => null));
      return due.length;
    } finally {
      this.running = false;
    }
  }
}
