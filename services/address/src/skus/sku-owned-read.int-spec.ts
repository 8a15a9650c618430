import { initOrm } from '@labeldesk/nest-orm';
import { createPostgresDatabase, type TestDatabase } from '@labeldesk/nest-orm/testing';
import { ownerScopeOf } from '@labeldesk/nest-transport';
import type { MikroORM } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { SavedAddressEntity } from '../addresses/saved-address.entity';
import { addressMigrations } from '../database/migrations';
import { SkuEntity } from './sku.entity';
import { SkuRepository } from './sku.repository';

const NO_CUSTOMS = { hsTariffNumber: null, originCountry: null, valueCents: null, declaredValueCents: null };

/** The owner-scoped read filters by owner in the query itself: another user's SKU never leaves the database. */
describe('SkuRepository.findOwned on PostgreSQL', () => {
  let database: TestDatabase;
  let orm: MikroORM;
  let skus: SkuRepository;

  beforeAll(async () => {
    database = await createPostgresDatabase('address_sku_owned_it');
    orm = await initOrm({ schema: 'address', databaseUrl: database.url, poolMax: 2, entities: [SavedAddressEntity, SkuEntity], migrations: addressMigrations });
    skus = new SkuRepository(orm);
  }, 60_000);

  afterAll(async () => {
    await orm?.close();
    await database?.drop();
  });

  it("finds a SKU for its owner and an admin, and another user's no more than a missing one", async () => {
    const owner = randomUUID();
    const [mug] = await skus.insertAll(owner, [{ sku: 'MUG-1', maxQty: 4, weight: 2.5, packagingWeight: 0, length: 10, width: 8, height: 4, description: 'Mug', ...NO_CUSTOMS }]);
    if (!mug) throw new Error('no SKU was saved');
    expect(await skus.findOwned(mug.id, ownerScopeOf({ userId: owner, role: 'user' }))).toMatchObject({ id: mug.id, userId: owner });
    expect(await skus.findOwned(mug.id, ownerScopeOf({ userId: randomUUID(), role: 'admin' }))).toMatchObject({ id: mug.id, userId: owner });
    expect(await skus.findOwned(mug.id, ownerScopeOf({ userId: randomUUID(), role: 'user' }))).toBeNull();
    expect(await skus.findOwned(randomUUID(), ownerScopeOf({ userId: owner, role: 'user' }))).toBeNull();
  });
});
