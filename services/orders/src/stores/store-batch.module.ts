import { Module } from '@nestjs/common';
import { BulkModule } from '../bulk';
import { BuyStoreBatchUseCase } from './buy-store-batch.usecase';
import { SellerSkus } from '../orders';
import { StoreAccounts } from './store-accounts';
import { StoreBatchController } from './store-batch.controller';
import { StoreBatchRepository } from './store-batch.repository';
import { StoreCancelWriteBack } from './store-cancel-writeback';
import { StoreCancelRepository } from './store-cancel.repository';
import { StoreConnectionsRepository } from './store-connections.repository';
import { storeHttpProvider } from './store-http.provider';
import { StoreOrdersRepository } from './store-orders.repository';
import { StoreSecrets } from './store-secrets';
import { storeSettingsProvider } from './store-settings';

/**
 * The inbox's purchase of many imported orders as one bulk batch (decision 113): claims each order for its batch row
 * and hands the rows to bulk's submit, which holds, buys, files and confirms as for an uploaded file; and the void of
 * a label written back, which asks its store to cancel the fulfilment.
 */
@Module({
  imports: [BulkModule],
  controllers: [StoreBatchController],
  providers: [
    StoreOrdersRepository,
    StoreBatchRepository,
    BuyStoreBatchUseCase,
    SellerSkus,
    StoreCancelRepository,
    StoreCancelWriteBack,
    StoreConnectionsRepository,
    StoreSecrets,
    StoreAccounts,
    storeHttpProvider,
    storeSettingsProvider,
  ],
})
export class StoreBatchModule {}
