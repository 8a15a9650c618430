import { Injectable, Logger } from '@nestjs/common';
import { OrdersEvents } from '@labeldesk/contracts';
import { RpcClient } from '@labeldesk/nest-transport';
import { BulkEngine } from './bulk-engine';

/**
 * Says that a batch has labels waiting: this replica's engine is woken at once and every other orders replica through
 * the event (BulkWorkListener), so a batch is shared between replicas from its start however long their engines idle.
 */
@Injectable()
export class BulkWorkSignal {
  private readonly logger = new Logger(BulkWorkSignal.name);

  constructor(
    private readonly engine: BulkEngine,
    private readonly rpc: RpcClient,
  ) {}

  announce(orderId: string): void {
    this.engine.wake();
    // Not sent: the other replicas find the batch at their next look (at most the engine's longest idle) instead.
    this.rpc.emit(OrdersEvents.bulkWorkWaiting, { orderId }).catch((error: unknown) => this.logger.warn(`work on ${orderId} not announced: ${String(error)}`));
  }
}
