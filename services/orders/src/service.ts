import type { ServiceDefinition } from '@labeldesk/nest-service';
import { OrdersServiceModule } from './app.module';
import { ordersEnvWithCarriersSchema } from './carriers';

export const ordersService: ServiceDefinition<typeof ordersEnvWithCarriersSchema> = {
  name: 'orders',
  envSchema: ordersEnvWithCarriersSchema,
  module: (env) => OrdersServiceModule.forEnv(env),
};
