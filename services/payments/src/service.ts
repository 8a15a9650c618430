import type { ServiceDefinition } from '@labeldesk/nest-service';
import { PaymentsModule } from './app.module';
import { paymentsEnvSchema } from './config/env.schema';

export const paymentsService: ServiceDefinition<typeof paymentsEnvSchema> = {
  name: 'payments',
  envSchema: paymentsEnvSchema,
  module: (env) => PaymentsModule.forEnv(env),
};
