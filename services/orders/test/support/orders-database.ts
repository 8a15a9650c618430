import { initOrm } from '@labeldesk/nest-orm';
import { createPostgresDatabase, type TestDatabase } from '@labeldesk/nest-orm/testing';
import type { MikroORM } from '@mikro-orm/postgresql';
import { Client } from 'pg';
import { ordersMigrations } from '../../src/database/migrations';
import { OrderEntity } from '../../src/orders/order.entity';
import { StoredFileEntity } from '../../src/files/stored-file.entity';

/**
 * A throw-away database on the real PostgreSQL server with the orders service's own migrations, opened by two
 * replicas: two ORMs with pools of their own, as two orders processes would hold them.
 */
export interface OrdersDatabase {
  /** The first replica's ORM. */
  orm: MikroORM;
  /** A second replica on the same database. */
  replica: MikroORM;
  /** The database's URL, for a connection outside both pools. */
  url: string;
  /** Plain SQL on the first replica, for arranging rows and reading what the repositories wrote. */
  sql<T extends object>(query: string, params?: readonly unknown[]): Promise<T[]>;
  /** A connection of its own, outside both pools: a third party holding locks in an open transaction. */
  connect(): Promise<Client>;
  close(): Promise<void>;
}

export const openOrdersDatabase = async (prefix: string): Promise<OrdersDatabase> => {
  const database: TestDatabase = await createPostgresDatabase(prefix);
  const open = () => initOrm({ schema: 'orders', databaseUrl: database.url, poolMax: 10, entities: [OrderEntity, StoredFileEntity], migrations: ordersMigrations });
  try {
    const [orm, replica] = await Promise.all([open(), open()]);
    return {
      orm,
      replica,
      url: database.url,
      sql: <T extends object>(query: string, params: readonly unknown[] = []) => orm.em.fork().execute<T[]>(query, [...params]),
      connect: async () => {
        const client = new Client({ connectionString: database.url });
        await client.connect();
        return client;
      },
      close: async () => {
        await Promise.all([orm.close(), replica.close()]);
        await database.drop();
      },
    };
  } catch (error) {
    await database.drop();
    throw error;
  }
};

/** Settles with the promise, or rejects once `ms` have passed: a statement that waits on a lock shows as a failure, not a hang. */
export const within = <T>(ms: number, what: string, promise: Promise<T>): Promise<T> => {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
};

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
