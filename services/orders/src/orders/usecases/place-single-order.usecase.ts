import { Inject, Injectable } from '@nestjs/common';
import { DomainError, ErrorCode, type OrdersRpc, type ParsedRequestOf } from '@labeldesk/contracts';
import { createHash, randomUUID } from 'node:crypto';
import { ORDERS_ENV, type OrdersEnv } from '../../config/env.schema';
import { OrderEntity } from '../order.entity';
import { OrderRepository } from '../order.repository';
import { ProcessOrderUseCase, type ProcessedOrder } from './process-order.usecase';

type Request = ParsedRequestOf<typeof OrdersRpc.placeSingle>;

/**
 * Buys one label. The order row exists before any money moves; the client's idempotency key makes a double
 * click or a retry answer the same order: a completed one is answered again, a failed one is tried again
 * (it was never charged, or was refunded), one in flight is refused until it settles or goes stale.
 */
@Injectable()
export class PlaceSingleOrderUseCase {
  constructor(
    private readonly orders: OrderRepository,
    private readonly process: ProcessOrderUseCase,
    @Inject(ORDERS_ENV) private readonly env: OrdersEnv,
  ) {}

  async execute(request: Request): Promise<ProcessedOrder> {
    const requestHash = createHash('sha256').update(JSON.stringify(request.order)).digest('hex');
    const draft = Object.assign(new OrderEntity(), {
      id: randomUUID(),
      userId: request.userId,
      idempotencyKey: request.idempotencyKey,
      requestHash,
      serviceName: request.order.service_name,
      courier: request.order.courier,
      sender: request.order.sender,
      receiver: request.order.receiver,
      package: request.order.package,
    });
    const { order, created } = await this.orders.insertOrFind(draft);
    if (created) return this.process.execute(order);

    if (order.requestHash !== requestHash) {
      throw new DomainError(ErrorCode.CONFLICT, 'This idempotency key was already used for a different order');
    }
    if (order.status === 'completed' && order.pdfName && order.trackingNumber) {
      return { orderId: order.id, pdfName: order.pdfName, trackingNumber: order.trackingNumber, priceCents: order.priceCents ?? 0 };
    }
    const stale = Date.now() - order.updatedAt.getTime() > this.env.ORDER_STALE_SECONDS * 1000;
    if (order.status === 'pending' && !stale) {
      throw new DomainError(ErrorCode.ORDERS_IN_PROGRESS, 'This order is already being processed. Please wait a moment.');
    }
    if (order.status === 'pending') return this.process.execute(order);
    // A cancelled order was refunded or never charged: a new attempt posts under new ledger keys.
    return this.process.execute(await this.orders.transition(order.id, 'cancelled', { status: 'pending', failureReason: null, attempt: order.attempt + 1 }));
  }
}
