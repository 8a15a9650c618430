import { Module, type DynamicModule } from '@nestjs/common';
import { serviceModule } from '@labeldesk/nest-service';
import type { PricingEnv } from './config/env.schema';
import { pricingMigrations } from './database/migrations';

/** The pricing service: its schema and health for now; its features arrive with their issues. */
@Module({})
export class PricingModule {
  static forEnv(env: PricingEnv): DynamicModule {
    return serviceModule(PricingModule, 'pricing', env, { entities: [], migrations: pricingMigrations });
  }
}
