import type { ServiceDefinition } from '@labeldesk/nest-service';
import { OrdersServiceModule } from './app.module';
import { ordersEnvSchema } from './config';

export const ordersService: ServiceDefinition<typeof ordersEnvSchema> = {
  name: 'orders',
  envSchema: ordersEnvSchema,
  module: (env) => OrdersServiceModule.forEnv(env),
};
