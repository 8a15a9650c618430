import { Global, Module, type DynamicModule } from '@nestjs/common';
import { ORDERS_ENV, type OrdersEnv } from './env.schema';

/** The parsed environment (ORDERS_ENV), one value for every feature module: global, as the ORM and the transport are. */
@Global()
@Module({})
export class OrdersConfigModule {
  static forEnv(env: OrdersEnv): DynamicModule {
    return { module: OrdersConfigModule, providers: [{ provide: ORDERS_ENV, useValue: env }], exports: [ORDERS_ENV] };
  }
}
