import { Controller } from '@nestjs/common';
import { OrdersEvents, type BulkWorkWaitingEvent } from '@labeldesk/contracts';
import { EventHandler, EventPayload } from '@labeldesk/nest-transport';
import { BulkEngine } from './bulk-engine';

/** Every orders replica hears that a batch has labels waiting (no queue group) and wakes its engine to claim some. */
@Controller()
export class BulkWorkListener {
  constructor(private readonly engine: BulkEngine) {}

  @EventHandler(OrdersEvents.bulkWorkWaiting)
  wake(@EventPayload(OrdersEvents.bulkWorkWaiting) _event: BulkWorkWaitingEvent): void {
    this.engine.wake();
  }
}
