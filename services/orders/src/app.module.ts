import { Module, type DynamicModule } from '@nestjs/common';
import { serviceModule } from '@labeldesk/nest-service';
import type { OrdersEnv } from './config/env.schema';
import { ordersMigrations } from './database/migrations';

/** The orders service: its schema and health for now; its features arrive with their issues. */
@Module({})
export class OrdersModule {
  static forEnv(env: OrdersEnv): DynamicModule {
    return serviceModule(OrdersModule, 'orders', env, { entities: [], migrations: ordersMigrations });
  }
}
