/** What the service composes of connected stores: the module (routes over the transport, the write-back outbox). */
export { StoresModule } from './stores.module';
export { StoreBatchModule } from './store-batch.module';
