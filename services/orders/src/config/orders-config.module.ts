import { Global, Module, type DynamicModule } from '@nestjs/common';
import { CARRIER_SETTINGS, ORDERS_ENV, type OrdersEnv } from './env.schema';

/**
 * The parsed environment, one value for every feature module: global, as the ORM and the transport are. ORDERS_ENV is
 * what every feature reads; CARRIER_SETTINGS is the same value read by the carriers, whose plugins' settings it holds.
 */
@Global()
@Module({})
export class OrdersConfigModule {
  static forEnv(env: OrdersEnv): DynamicModule {
    return {
      module: OrdersConfigModule,
      providers: [
        { provide: ORDERS_ENV, useValue: env },
        { provide: CARRIER_SETTINGS, useValue: env },
      ],
      exports: [ORDERS_ENV, CARRIER_SETTINGS],
    };
  }
}
