import { MikroORM } from '@mikro-orm/postgresql';
import { Client } from 'pg';
import { ormConfig } from './orm.module';

const adminUrl = process.env['TEST_POSTGRES_URL'] ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
/** The test server's CA certificate, when it runs with TLS: then verify-full is checked end to end. */
const rootCert = process.env['TEST_POSTGRES_CA'];
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

  it("reach the ORM's pool: sslmode=verify-full asks the server for TLS and checks its certificate", async () => {
    const orm = await MikroORM.init(configFor(withParameters(adminUrl, rootCert ? `sslmode=verify-full&sslrootcert=${rootCert}` : 'sslmode=verify-full')));
    try {
      const query = orm.em.getConnection().execute<Array<{ ssl: boolean }>>('select ssl from pg_stat_ssl where pid = pg_backend_pid()');
      // Without the parameters reaching pg the pool connects in the clear and this answers [{ ssl: false }]. With
      // them: an encrypted session when the server's CA is known (TEST_POSTGRES_CA), else the refusal says TLS was
      // asked for (a server without TLS, or one whose certificate cannot be verified without its CA).
      if (rootCert) await expect(query).resolves.toEqual([{ ssl: true }]);
      else if (serverHasTls) await expect(query).rejects.toThrow(/certificate/);
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
