import type { ServiceDefinition } from '@labeldesk/nest-service';
import { AddressModule } from './app.module';
import { addressEnvSchema } from './config/env.schema';

export const addressService: ServiceDefinition<typeof addressEnvSchema> = {
  name: 'address',
  envSchema: addressEnvSchema,
  module: (env) => AddressModule.forEnv(env),
};
