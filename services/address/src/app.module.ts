import { Module, type DynamicModule } from '@nestjs/common';
import { serviceModule } from '@labeldesk/nest-service';
import type { AddressEnv } from './config/env.schema';
import { addressMigrations } from './database/migrations';

/** The address service: its schema and health for now; its features arrive with their issues. */
@Module({})
export class AddressModule {
  static forEnv(env: AddressEnv): DynamicModule {
    return serviceModule(AddressModule, 'address', env, { entities: [], migrations: addressMigrations });
  }
}
