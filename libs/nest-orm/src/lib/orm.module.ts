import { Global, Inject, Logger, Module, type DynamicModule, type OnApplicationShutdown } from '@nestjs/common';
import { MikroORM, ReflectMetadataProvider, type Constructor, type EntityManager } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import type { MigrationObject } from '@mikro-orm/core';
import { PostgreSqlDriver } from '@mikro-orm/postgresql';
import { Client } from 'pg';

export interface OrmModuleOptions {
  /** The service's own PostgreSQL schema: no service reads another's tables. */
  schema: string;
  databaseUrl: string;
  poolMax: number;
  entities: Constructor[];
  /** Explicit and ordered, so the compiled service needs no file globbing. */
  migrations: MigrationObject[];
}

export const ORM = Symbol('ORM');

/** The service's MikroORM configuration. */
export const ormConfig = (options: OrmModuleOptions) => ({
  driver: PostgreSqlDriver,
  clientUrl: options.databaseUrl,
  // MikroORM keeps only the URL's host, port, user, password and database: a production URL's
  // `sslmode=verify-full&sslrootcert=…` would be dropped and the pool would connect in the clear. Handing pg the
  // URL itself lets pg read those parameters, exactly as every other connection of ours (new Client) does.
  driverOptions: { connection: { connectionString: options.databaseUrl } },
  schema: options.schema,
  entities: options.entities,
  metadataProvider: ReflectMetadataProvider,
  extensions: [Migrator],
  migrations: { migrationsList: options.migrations, transactional: true, allOrNothing: true, snapshot: false, silent: true },
  pool: { min: 0, max: options.poolMax },
  allowGlobalContext: false,
  forceUtcTimezone: true,
  discovery: { warnWhenNoEntities: false },
  debug: false,
});

/** Builds the MikroORM instance and brings the service's schema up to date before anything else runs. */
export const initOrm = async (options: OrmModuleOptions): Promise<MikroORM> => {
  const orm = await MikroORM.init(ormConfig(options));
  const applied = await underMigrationLock(options.databaseUrl, options.schema, () => orm.getMigrator().up());
  if (applied.length > 0) {
    new Logger('Migrations').log(`${options.schema}: applied ${applied.map((m) => m.name).join(', ')}`);
  }
  return orm;
};

/**
 * Replicas of a service start together (a rolling update, a scale-out): one applies the migrations while the others
 * wait on a PostgreSQL advisory lock for the service's schema, then find nothing left to apply. The lock lives on a
 * connection of its own, held only while migrating; a crashed replica's lock ends with its connection.
 */
export const underMigrationLock = async <T>(databaseUrl: string, schema: string, work: () => Promise<T>): Promise<T> => {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  const key = `labeldesk-migrations:${schema}`;
  try {
    await client.query('select pg_advisory_lock(hashtext($1))', [key]);
    return await work();
  } finally {
    await client.query('select pg_advisory_unlock(hashtext($1))', [key]).catch(() => undefined);
    await client.end().catch(() => undefined);
  }
};

class OrmCloser implements OnApplicationShutdown {
  constructor(@Inject(ORM) private readonly orm: MikroORM) {}
  async onApplicationShutdown(): Promise<void> {
    await this.orm.close();
  }
}

/** Use cases take a fresh fork per operation: messages are handled concurrently and must not share an identity map. */
@Global()
@Module({})
export class OrmModule {
  static forRoot(options: OrmModuleOptions): DynamicModule {
    return {
      module: OrmModule,
      providers: [
        { provide: ORM, useFactory: () => initOrm(options) },
        OrmCloser,
      ],
      exports: [ORM],
    };
  }
}

/** True when the database answers a trivial query. */
export const pingDatabase = async (em: EntityManager): Promise<boolean> => {
  try {
    await em.getConnection().execute('select 1');
    return true;
  } catch {
    return false;
  }
};
