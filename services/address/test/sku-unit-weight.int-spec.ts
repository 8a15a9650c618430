import { packageWeightLb } from '@labeldesk/contracts';
import { initOrm } from '@labeldesk/nest-orm';
import { createPostgresDatabase, type TestDatabase } from '@labeldesk/nest-orm/testing';
import { createEmbeddedDatabaseFromTemplate } from '@labeldesk/testing';
import type { MikroORM } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { SavedAddressEntity } from '../src/addresses/saved-address.entity';
import { addressMigrations } from '../src/database/migrations';
import { SkuEntity } from '../src/skus/sku.entity';
import { toSkuRecord } from '../src/skus/sku.mapper';
import { SkuRepository } from '../src/skus/sku.repository';

/** A SKU without the customs defaults of migration 005. */
const NO_CUSTOMS = { hsTariffNumber: null, originCountry: null, valueCents: null, declaredValueCents: null };

const databases: Array<[string, () => Promise<TestDatabase>]> = [
  ['PostgreSQL', () => createPostgresDatabase('address_sku_weight_it')],
  ['embedded PGlite', createEmbeddedDatabaseFromTemplate],
];

const [beforeUnitWeight] = addressMigrations;

describe.each(databases)('SKU weights per unit on %s', (_name, createDatabase) => {
  let database: TestDatabase;
  let orm: MikroORM;
  let skus: SkuRepository;
  const userId = randomUUID();
  const oldSkuId = randomUUID();

  beforeAll(async () => {
    database = await createDatabase();
    // A database as it was before the migration, with a SKU saved then: one weight, 2.5 lb.
    const before = await initOrm({ schema: 'address', databaseUrl: database.url, poolMax: 2, entities: [SavedAddressEntity], migrations: beforeUnitWeight ? [beforeUnitWeight] : [] });
    await before.em
      .fork()
      .execute(`insert into "address"."skus" ("id", "user_id", "sku", "max_qty", "weight", "length", "width", "height", "description") values (?, ?, 'MUG-OLD', 4, 2.5, 10, 8, 4, 'Mug')`, [oldSkuId, userId]);
    await before.close();

    orm = await initOrm({ schema: 'address', databaseUrl: database.url, poolMax: 5, entities: [SavedAddressEntity, SkuEntity], migrations: addressMigrations });
    skus = new SkuRepository(orm);
  }, 60_000);

  afterAll(async () => {
    await orm?.close();
    await database?.drop();
  });

  it('reads a SKU saved before the migration as its weight per unit with no packaging', async () => {
    const [old] = (await skus.list(userId)).map(toSkuRecord);
    expect(old).toEqual({ _id: oldSkuId, sku: 'MUG-OLD', maxQty: 4, weight: 2.5, packagingWeight: 0, length: 10, width: 8, height: 4, description: 'Mug', ...NO_CUSTOMS });
    // Its meaning is unchanged for one unit, and 4 units now weigh 4 × 2.5.
    expect(old && packageWeightLb(old, 1)).toBe(2.5);
    expect(old && packageWeightLb(old, 4)).toBe(10);
  });

  it('saves and changes a packaging weight next to the weight per unit', async () => {
    const [saved] = await skus.insertAll(userId, [{ sku: 'BOX-9', maxQty: 4, weight: 1.2, packagingWeight: 0.3, length: 12, width: 10, height: 6, description: null, ...NO_CUSTOMS }]);
    expect(saved && toSkuRecord(saved)).toMatchObject({ weight: 1.2, packagingWeight: 0.3 });
    const changed = await skus.update(userId, saved?.id ?? '', { sku: 'BOX-9', maxQty: 4, weight: 1.25, packagingWeight: 0.5, length: 12, width: 10, height: 6, description: null });
    expect(toSkuRecord(changed)).toMatchObject({ weight: 1.25, packagingWeight: 0.5 });
    const rows = await orm.em.fork().execute<Array<{ unit_weight: number; packaging_weight: number }>>(`select "unit_weight", "packaging_weight" from "address"."skus" where "sku" = 'BOX-9'`);
    expect(rows.map((r) => [Number(r.unit_weight), Number(r.packaging_weight)])).toEqual([[1.25, 0.5]]);
  });

  it('keeps the packaging weight when a change leaves it out, as clients written before it do', async () => {
    const [saved] = await skus.insertAll(userId, [{ sku: 'BOX-10', maxQty: 4, weight: 1.2, packagingWeight: 0.3, length: 12, width: 10, height: 6, description: null, ...NO_CUSTOMS }]);
    const changed = await skus.update(userId, saved?.id ?? '', { sku: 'BOX-10', maxQty: 5, weight: 1.2, packagingWeight: undefined, length: 12, width: 10, height: 6, description: null });
    expect(toSkuRecord(changed)).toMatchObject({ maxQty: 5, packagingWeight: 0.3 });
    const cleared = await skus.update(userId, saved?.id ?? '', { sku: 'BOX-10', maxQty: 5, weight: 1.2, packagingWeight: 0, length: 12, width: 10, height: 6, description: null });
    expect(toSkuRecord(cleared)).toMatchObject({ packagingWeight: 0 });
  });

  it('refuses a negative packaging weight in the database itself', async () => {
    await expect(
      orm.em.fork().execute(`update "address"."skus" set "packaging_weight" = -1 where "id" = ?`, [oldSkuId]),
    ).rejects.toThrow(/skus_packaging_weight_check/);
  });
});
