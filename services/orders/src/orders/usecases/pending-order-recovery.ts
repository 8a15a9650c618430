import { Inject, Injectable } from '@nestjs/common';
import { PeriodicTask } from '../../common';
import { ORDERS_ENV, type OrdersEnv } from '../../config';
import { OrderRepository } from '../order.repository';
import { ProcessOrderUseCase } from './process-order.usecase';

/**
 * An order left pending by a crash or a lost reply is resumed: processing is idempotent, so it ends
 * completed (charged once, one label) or cancelled (refunded). Each replica claims orders with SKIP LOCKED.
 */
@Injectable()
export class PendingOrderRecovery extends PeriodicTask<number> {
  constructor(
    private readonly orders: OrderRepository,
    private readonly process: ProcessOrderUseCase,
    @Inject(ORDERS_ENV) private readonly env: OrdersEnv,
  ) {
    super();
  }

  protected get everyMs(): number {
    return Math.min(60_000, this.env.ORDER_STALE_SECONDS * 500);
  }

  /** Resumes every stale pending order; answers how many it settled (0 while a sweep is running here). */
  async sweep(): Promise<number> {
    return (await this.runRound()) ?? 0;
  }

  protected async round(): Promise<number> {
    let settled = 0;
    for (;;) {
      const order = await this.orders.claimStale(new Date(Date.now() - this.env.ORDER_STALE_SECONDS * 1000));
      if (!order) break;
      settled++;
      await this.process.execute(order).then(
        () => this.logger.log(`resumed order ${order.id}: completed`),
        (error: unknown) => this.logger.warn(`resumed order ${order.id}: ${error instanceof Error ? error.message : String(error)}`),
      );
    }
    return settled;
  }
}
