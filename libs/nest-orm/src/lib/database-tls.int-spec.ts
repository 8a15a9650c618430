import { MikroORM } from '@mikro-orm/postgresql';
import { Client } from 'pg';
import { ormConfig } from './orm.module';

const adminUrl = process.env['TEST_POSTGRES_URL'] ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const withParameters = (url: string, parameters: string) => `${url}${url.includes('?') ? '&' : '?'}${parameters}`;
const configFor = (databaseUrl: string) => ({ ...ormConfig({ schema: 'public', databaseUrl, poolMax: 1, entities: [], migrations: [] }), connect: false });

/**
 * A production DATABASE_URL says how to secure the connection (`sslmode=verify-full&sslrootcert=…`): the services'
 * own pool (MikroORM's) must honour it, not only the migration lock's connection.
 */
describe('the TLS parameters of DATABASE_URL', () => {
  let serverHasTls: boolean;

  beforeAll(async () => {
    const admin = new Client({ connectionString: adminUrl });
    await admin.connect();
    serverHasTls = (await admin.query<{ ssl: string }>('show ssl')).rows[0]?.ssl === 'on';
    await admin.end();
  });

  it("reach the ORM's pool: sslmode=verify-full asks the server for TLS", async () => {
    const orm = await MikroORM.init(configFor(withParameters(adminUrl, 'sslmode=verify-full')));
    try {
      const query = orm.em.getConnection().execute<Array<{ ssl: boolean }>>('select ssl from pg_stat_ssl where pid = pg_backend_pid()');
      // This machine's server may run with or without TLS: either the session is encrypted or the server's refusal
      // shows the pool asked for it. Without the parameters reaching pg, the pool connects in the clear either way.
      if (serverHasTls) await expect(query).resolves.toEqual([{ ssl: true }]);
      else await expect(query).rejects.toThrow(/does not support SSL/);
    } finally {
      await orm.close(true);
    }
  });

  it("reach the ORM's pool: sslmode=verify-full with an sslrootcert that cannot be read refuses to start", async () => {
    const orm = await MikroORM.init(configFor(withParameters(adminUrl, 'sslmode=verify-full&sslrootcert=/nonexistent/root.crt')));
    try {
      await expect(orm.em.getConnection().execute('select 1')).rejects.toThrow(/root\.crt/);
    } finally {
      await orm.close(true);
    }
  });

  it('leave a URL without them as it was: a plain connection', async () => {
    const orm = await MikroORM.init(configFor(adminUrl));
    try {
      await expect(orm.em.getConnection().execute('select 1 as one')).resolves.toEqual([{ one: 1 }]);
    } finally {
      await orm.close(true);
    }
  });
});
