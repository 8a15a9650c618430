/** What other features may use of single orders: the module, the entity and the repository. */
export { OrdersModule } from './orders.module';
export { OrderEntity } from './order.entity';
export { OrderRepository } from './order.repository';
export { LabelDownloads } from './label-downloads';
export { rowToOrderListItem, type OrderListRow } from './order.mapper';
export { LabelPricer } from './label-pricer';
export { keyModeOf, listedMode } from './order-mode';
export { SellerSkus } from './seller-skus';
