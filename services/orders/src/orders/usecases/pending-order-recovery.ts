import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { ORDERS_ENV, type OrdersEnv } from '../../config/env.schema';
import { OrderRepository } from '../order.repository';
import { ProcessOrderUseCase } from './process-order.usecase';

/**
 * An order left pending by a crash or a lost reply is resumed: processing is idempotent, so it ends
 * completed (charged once, one label) or cancelled (refunded). Each replica claims orders with SKIP LOCKED.
 */
@Injectable()
export class PendingOrderRecovery implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(PendingOrderRecovery.name);
  private timer: NodeJS.Timeout | null = null;
  private running = false;

  constructor(
    private readonly orders: OrderRepository,
    private readonly process: ProcessOrderUseCase,
    @Inject(ORDERS_ENV) private readonly env: OrdersEnv,
  ) {}

  onApplicationBootstrap(): void {
    const everyMs = Math.min(60_000, this.env.ORDER_STALE_SECONDS * 500);
    this.timer = setInterval(() => void this.sweep(), everyMs);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
  }

  /** Resumes every stale pending order; answers how many it settled. */
  async sweep(): Promise<number> {
    if (this.running) return 0;
    this.running = true;
    let settled = 0;
    try {
      for (;;) {
        const order = await this.orders.claimStale(new Date(Date.now() - this.env.ORDER_STALE_SECONDS * 1000));
        if (!order) break;
        settled++;
        await this.process.execute(order).then(
          () => this.logger.log(`resumed order ${order.id}: completed`),
          (error: unknown) => this.logger.warn(`resumed order ${order.id}: ${error instanceof Error ? error.message : String(error)}`),
        );
      }
    } finally {
      this.running = false;
    }
    return settled;
  }
}
