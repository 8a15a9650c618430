import type { ServiceDefinition } from '@labeldesk/nest-service';
import { AuthModule } from './app.module';
import { authEnvSchema } from './config/env.schema';

export const authService: ServiceDefinition<typeof authEnvSchema> = {
  name: 'auth',
  envSchema: authEnvSchema,
  module: (env) => AuthModule.forEnv(env),
};
