import { Controller, Inject, Module, type DynamicModule } from '@nestjs/common';
import { healthRpc, type ServiceHealth, type ServiceName } from '@labeldesk/contracts';
import { ORM, pingDatabase } from '@labeldesk/nest-orm';
import { RpcHandler } from '@labeldesk/nest-transport';
import type { MikroORM } from '@mikro-orm/postgresql';

export const SERVICE_NAME = Symbol('SERVICE_NAME');
const startedAt = Date.now();

/** Answers `<service>.health.check.v1` with the database's state; the gateway's /api/health asks every service. */
export const checkHealth = async (service: ServiceName, orm: MikroORM): Promise<ServiceHealth> => {
  const databaseOk = await pingDatabase(orm.em.fork());
  return {
    service,
    status: databaseOk ? 'ok' : 'degraded',
    database: databaseOk ? 'ok' : 'down',
    uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
    version: process.env['npm_package_version'] ?? '0.1.0',
  };
};

@Module({})
export class HealthModule {
  static forService(service: ServiceName): DynamicModule {
    @Controller()
    class HealthController {
      constructor(@Inject(ORM) private readonly orm: MikroORM) {}

      @RpcHandler(healthRpc(service))
      check(): Promise<ServiceHealth> {
        return checkHealth(service, this.orm);
      }
    }
    return { module: HealthModule, controllers: [HealthController], providers: [{ provide: SERVICE_NAME, useValue: service }] };
  }
}
