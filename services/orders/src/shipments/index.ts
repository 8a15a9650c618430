/** The public API v1's reads of single orders: nothing above imports them, the module is all app.module needs. */
export { ShipmentsModule } from './shipments.module';
