import type { ServiceDefinition } from '@labeldesk/nest-service';
import { OrdersModule } from './app.module';
import { ordersEnvSchema } from './config/env.schema';

export const ordersService: ServiceDefinition<typeof ordersEnvSchema> = {
  name: 'orders',
  envSchema: ordersEnvSchema,
  module: (env) => OrdersModule.forEnv(env),
};
