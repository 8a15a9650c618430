import { Module } from '@nestjs/common';
import { ApiEventsController } from './api-events.controller';
import { ApiEventsRepository } from './api-events.repository';
import { ShipmentsController } from './shipments.controller';
import { ShipmentsRepository } from './shipments.repository';

/** What the public API v1 reads (decision 103): single orders, one by id in any state or a page by cursor, and webhook events. */
@Module({
  controllers: [ShipmentsController, ApiEventsController],
  providers: [ShipmentsRepository, ApiEventsRepository],
})
export class ShipmentsModule {}
