import { Module } from '@nestjs/common';
import { ManageStoresUseCase } from './manage-stores.usecase';
import { StoreAccounts } from './store-accounts';
import { StoreCallbacksUseCase } from './store-callbacks.usecase';
import { StoreOAuthPendingRepository } from './store-oauth-pending.repository';
import { StoreConnectionsRepository } from './store-connections.repository';
import { storeHttpProvider } from './store-http.provider';
import { StoreOrdersRepository } from './store-orders.repository';
import { StoreSecrets } from './store-secrets';
import { storeSettingsProvider } from './store-settings';
import { StoreSync } from './store-sync';
import { StoreWriteBack } from './store-writeback';
import { SellerSkus } from '../orders';
import { StoresController } from './stores.controller';

/**
 * Connected stores (issue 47, decision 105): connections, imports (on connect, on demand, scheduled) and the write-back outbox. An imported order's label
 * is bought through the single purchase (the gateway asks for it under the order's own idempotency key), so nothing
 * here buys or moves money.
 */
@Module({
  controllers: [StoresController],
  providers: [StoreConnectionsRepository, StoreOrdersRepository, StoreSecrets, storeHttpProvider, storeSettingsProvider, StoreAccounts, StoreOAuthPendingRepository, ManageStoresUseCase, StoreCallbacksUseCase, StoreWriteBack, StoreSync, SellerSkus],
})
export class StoresModule {}
