import type { ServiceDefinition } from '@labeldesk/nest-service';
import { PricingModule } from './app.module';
import { pricingEnvSchema } from './config/env.schema';

export const pricingService: ServiceDefinition<typeof pricingEnvSchema> = {
  name: 'pricing',
  envSchema: pricingEnvSchema,
  module: (env) => PricingModule.forEnv(env),
};
