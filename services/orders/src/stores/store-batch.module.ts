import { Module } from '@nestjs/common';
import { BulkModule } from '../bulk';
import { BuyStoreBatchUseCase } from './buy-store-batch.usecase';
import { StoreBatchController } from './store-batch.controller';
import { StoreBatchRepository } from './store-batch.repository';
import { StoreOrdersRepository } from './store-orders.repository';

/**
 * The inbox's purchase of many imported orders as one bulk batch (decision 113): claims each order for its batch row
 * and hands the rows to bulk's submit, which holds, buys, files and confirms as for an uploaded file.
 */
@Module({
  imports: [BulkModule],
  controllers: [StoreBatchController],
  providers: [StoreOrdersRepository, StoreBatchRepository, BuyStoreBatchUseCase],
})
export class StoreBatchModule {}
