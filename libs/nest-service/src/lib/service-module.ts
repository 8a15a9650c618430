import type { DynamicModule, Provider, Type } from '@nestjs/common';
import type { ServiceName } from '@labeldesk/contracts';
import type { BaseServiceEnv } from '@labeldesk/nest-config';
import { OrmModule, type OrmModuleOptions } from '@labeldesk/nest-orm';
import { APP_GUARD } from '@nestjs/core';
import { CallerGuard, callerKeysFromEnv, TransportModule, transportFromEnv } from '@labeldesk/nest-transport';
import { HealthModule } from './health.module';

export interface ServiceModuleParts {
  entities: OrmModuleOptions['entities'];
  migrations: OrmModuleOptions['migrations'];
  controllers?: Type[];
  providers?: Provider[];
}

/** The wiring every service shares: its own schema (named after it), its migrations, its health handler, an RpcClient, the caller check. */
export const serviceModule = (module: Type, name: ServiceName, env: BaseServiceEnv, parts: ServiceModuleParts): DynamicModule => ({
  module,
  imports: [
    OrmModule.forRoot({ schema: name, databaseUrl: env.DATABASE_URL, poolMax: env.DB_POOL_MAX, entities: parts.entities, migrations: parts.migrations }),
    HealthModule.forService(name),
    // Services call each other through RpcClient; the NATS client connects on first use only.
    TransportModule.forRoot({
      transport: transportFromEnv(env, `${name}-client`),
      rpcTimeoutMs: env.RPC_TIMEOUT_MS,
      callerKeys: callerKeysFromEnv(name, env),
    }),
  ],
  controllers: parts.controllers ?? [],
  // Every message's caller token is checked before its handler runs (docs/decisions/013). The transports themselves
  // run each message in its correlation id and count it in flight for a graceful stop (docs/decisions/020).
  providers: [...(parts.providers ?? []), { provide: APP_GUARD, useClass: CallerGuard }],
});
