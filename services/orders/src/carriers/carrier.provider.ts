import type { OnApplicationShutdown, Provider } from '@nestjs/common';
import { ORM } from '@labeldesk/nest-orm';
import type { MikroORM } from '@mikro-orm/postgresql';
import { CARRIER_REGISTRY, type CarrierAdapter, type CarrierId } from './carrier.port';
import { carrierPluginOf, SAMPLE_LABEL_CARRIERS } from './carrier-plugins';
import { CARRIER_SETTINGS, type OrdersEnvWithCarriers } from './carrier-settings';
import { isClosable } from './plugin/carrier-plugin';
import { CarrierRegistry } from './registry/carrier-registry';
import { GuardedCarrier } from './registry/guarded-carrier';

/** The registry of the application: closing the application closes what its carriers hold (worker threads). */
export class ServiceCarrierRegistry extends CarrierRegistry implements OnApplicationShutdown {
  async onApplicationShutdown(): Promise<void> {
    for (const carrier of [...this.ordered, ...(this.madeTestCarriers?.ordered ?? [])]) {
      const inner = carrier instanceof GuardedCarrier ? carrier.inner : carrier;
      if (isClosable(inner)) await inner.close();
    }
  }
}

const makeCarrier = (id: CarrierId, env: OrdersEnvWithCarriers, orm: MikroORM): CarrierAdapter => carrierPluginOf(id).make(env, { orm });

/**
 * The carriers `CARRIERS` names, in its order, each behind its own limits and circuit breaker; and, where those are
 * real carriers, the sandbox alone for test-mode labels (decision 119), made when the first is priced or bought.
 */
export const carrierRegistryProvider: Provider = {
  provide: CARRIER_REGISTRY,
  inject: [CARRIER_SETTINGS, ORM],
  useFactory: (env: OrdersEnvWithCarriers, orm: MikroORM): CarrierRegistry =>
    new ServiceCarrierRegistry(
      env.CARRIERS.map((id) => new GuardedCarrier(makeCarrier(id, env, orm))),
      () => new ServiceCarrierRegistry(SAMPLE_LABEL_CARRIERS.map((id) => new GuardedCarrier(makeCarrier(id, env, orm)))),
    ),
};
