import { Controller } from '@nestjs/common';
import { OrdersEvents, type BulkProgressEvent } from '@labeldesk/contracts';
import { EventHandler, EventPayload } from '@labeldesk/nest-transport';
import { RealtimeGateway } from './realtime.gateway';

/**
 * Progress events from orders into the batch's Socket.IO room. Every gateway replica receives every event
 * (no queue group) and relays it to the sockets connected to it.
 */
@Controller()
export class BulkProgressRelay {
  constructor(private readonly realtime: RealtimeGateway) {}

  @EventHandler(OrdersEvents.bulkProgressed)
  relay(@EventPayload(OrdersEvents.bulkProgressed) event: BulkProgressEvent): void {
    this.realtime.sendProgress(event);
  }
}
