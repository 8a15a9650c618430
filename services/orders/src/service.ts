import type { ServiceDefinition } from '@labeldesk/nest-service';
import { OrdersServiceModule } from './app.module';
import { ordersEnvWithCarriersSchema } from './carriers';
import { storeSettingsShape } from './stores/store-settings';

/** The orders environment: the features', every carrier plugin's and every store plugin's settings (decision 107). */
const ordersEnvSchema = ordersEnvWithCarriersSchema.safeExtend(storeSettingsShape);

export const ordersService: ServiceDefinition<typeof ordersEnvSchema> = {
  name: 'orders',
  envSchema: ordersEnvSchema,
  module: (env) => OrdersServiceModule.forEnv(env),
};
