import { Module } from '@nestjs/common';
import { ShipmentsController } from './shipments.controller';
import { ShipmentsRepository } from './shipments.repository';

/** Single orders as the public API v1 reads them: one by id in any state, or a page by cursor (decision 103). */
@Module({
  controllers: [ShipmentsController],
  providers: [ShipmentsRepository],
})
export class ShipmentsModule {}
