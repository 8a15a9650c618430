/** The orders environment (every feature's settings, composed here) and its global module. */
export { OrdersConfigModule } from './orders-config.module';
export { CARRIER_IDS, type CarrierId } from './carrier-ids';
export { CARRIER_SETTINGS, ORDERS_ENV, type OrdersEnv, ordersEnvSchema } from './env.schema';
