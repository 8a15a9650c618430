import { initOrm } from '@labeldesk/nest-orm';
import { createPostgresDatabase, type TestDatabase } from '@labeldesk/nest-orm/testing';
import { createEmbeddedDatabaseFromTemplate } from '@labeldesk/testing';
import type { MikroORM } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { SavedAddressEntity } from '../src/addresses/saved-address.entity';
import { CsvMappingEntity } from '../src/csv-mappings/csv-mapping.entity';
import { CsvMappingRepository } from '../src/csv-mappings/csv-mapping.repository';
import { addressMigrations } from '../src/database/migrations';
import { SkuEntity } from '../src/skus/sku.entity';

const databases: Array<[string, () => Promise<TestDatabase>]> = [
  ['PostgreSQL', () => createPostgresDatabase('address_csv_mappings_it')],
  ['embedded PGlite', createEmbeddedDatabaseFromTemplate],
];

describe.each(databases)('CSV column mappings on %s', (_name, createDatabase) => {
  let database: TestDatabase;
  let orm: MikroORM;
  let mappings: CsvMappingRepository;
  const signature = '5eef57e7f845ca65';

  beforeAll(async () => {
    database = await createDatabase();
    orm = await initOrm({ schema: 'address', databaseUrl: database.url, poolMax: 5, entities: [SavedAddressEntity, SkuEntity, CsvMappingEntity], migrations: addressMigrations });
    mappings = new CsvMappingRepository(orm);
  }, 60_000);

  afterAll(async () => {
    await orm?.close();
    await database?.drop();
  });

  it('gives back the mapping a user saved for a signature, and nothing to another user', async () => {
    const owner = randomUUID();
    await mappings.save(owner, signature, { ToZipPostal: ['Shipping Zip'], ToRecipientName: ['shipping_first_name', 'shipping_last_name'] });
    expect((await mappings.find(owner, signature))?.mapping).toEqual({ ToZipPostal: ['Shipping Zip'], ToRecipientName: ['shipping_first_name', 'shipping_last_name'] });
    expect(await mappings.find(randomUUID(), signature)).toBeNull();
    expect(await mappings.find(owner, 'ffffffffffffffff')).toBeNull();
  });

  it('replaces the mapping on a second save (and on two at once) instead of adding a row', async () => {
    const owner = randomUUID();
    const first = await mappings.save(owner, signature, { ToCity: ['City'] });
    await Promise.all([mappings.save(owner, signature, { ToCity: ['Ship City'] }), mappings.save(owner, signature, { ToCity: ['Ship City'] })]);
    const saved = await mappings.find(owner, signature);
    expect(saved?.mapping).toEqual({ ToCity: ['Ship City'] });
    expect(saved?.id).toBe(first.id);
    expect(saved && saved.updatedAt.getTime()).toBeGreaterThanOrEqual(first.updatedAt.getTime());
    const rows = await orm.em.fork().execute<Array<{ count: string }>>(`select count(*) as count from "address"."csv_mappings" where "user_id" = ?`, [owner]);
    expect(Number(rows[0]?.count)).toBe(1);
  });

  it('refuses a signature that is not 16 hex digits in the database itself', async () => {
    await expect(mappings.save(randomUUID(), 'not-a-signature', { ToCity: ['City'] })).rejects.toThrow(/csv_mappings_signature_check/);
  });
});
