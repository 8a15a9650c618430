import { initOrm } from '@labeldesk/nest-orm';
import { createPostgresDatabase, type TestDatabase } from '@labeldesk/nest-orm/testing';
import { createEmbeddedDatabaseFromTemplate } from '@labeldesk/testing';
import type { MikroORM } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { pricingMigrations } from '../src/database/migrations';
import { DefaultShippingServiceEntity, UserShippingServiceEntity } from '../src/shipping-services/shipping-service.entities';

const databases: Array<[string, () => Promise<TestDatabase>]> = [
  ['PostgreSQL', () => createPostgresDatabase('pricing_flat_heavy_it')],
  ['embedded PGlite', createEmbeddedDatabaseFromTemplate],
];

const tiers = (middleTo: number, light: number, middle: number, heavy: number) => [
  { fromWeight: 1, toWeight: 5, price: light },
  { fromWeight: 6, toWeight: middleTo, price: middle },
  { fromWeight: middleTo + 1, toWeight: 70, price: heavy },
];
const SEEDED_PRIORITY = tiers(20, 850, 1_450, 2_950);
const FLAT_PRIORITY = tiers(19, 850, 1_450, 2_950);
const SEEDED_GROUND = tiers(20, 575, 1_150, 2_400);
const FLAT_GROUND = tiers(19, 575, 1_150, 2_400);
const ADMIN_EDITED = tiers(20, 900, 1_500, 3_000);
const USER_CUSTOM = tiers(20, 850, 1_450, 2_000);

describe.each(databases)('the migration to one price from 20 lb on %s', (_name, createDatabase) => {
  let database: TestDatabase;
  let orm: MikroORM;
  const customer = randomUUID();
  const other = randomUUID();
  const options = (migrations = pricingMigrations) => ({
    schema: 'pricing',
    databaseUrl: database.url,
    poolMax: 4,
    entities: [DefaultShippingServiceEntity, UserShippingServiceEntity],
    migrations,
  });
  const pricesOf = async (table: string, where: string, params: unknown[]) =>
    (await orm.em.fork().execute<Array<{ prices: unknown }>>(`select "prices" from "pricing"."${table}" where ${where}`, params)).map((r) => r.prices);
  const versionOf = async (scope: string) =>
    Number((await orm.em.fork().execute<Array<{ version: string }>>(`select "version" from "pricing"."catalog_versions" where "scope" = ?`, [scope]))[0]?.version ?? 0);

  beforeAll(async () => {
    database = await createDatabase();
    // The catalogue as an install before the change holds it: seeded defaults, an admin's edit, users' copies.
    const before = await initOrm(options(pricingMigrations.filter((m) => m.name !== 'Migration003FlatHeavyDefaults')));
    const insert = (table: string, userId: string | null, uid: string, prices: unknown) =>
      before.em.fork().execute(
        `insert into "pricing"."${table}" ("id", ${userId ? '"user_id", ' : ''}"uid", "name", "max_weight", "enabled", "prices") values (?, ${userId ? '?, ' : ''}?, ?, 70, true, ?::jsonb)`,
        [randomUUID(), ...(userId ? [userId] : []), uid, uid, JSON.stringify(prices)],
      );
    await insert('default_services', null, 'usps_priority', SEEDED_PRIORITY);
    await insert('default_services', null, 'usps_ground_advantage', SEEDED_GROUND);
    await insert('default_services', null, 'usps_priority_express', ADMIN_EDITED);
    await insert('user_services', customer, 'usps_priority', SEEDED_PRIORITY);
    await insert('user_services', customer, 'usps_ground_advantage', USER_CUSTOM);
    await insert('user_services', other, 'usps_ground_advantage', USER_CUSTOM);
    await before.close();
    orm = await initOrm(options());
  }, 60_000);

  afterAll(async () => {
    await orm?.close();
    await database?.drop();
  });

  it('gives the seeded default tiers one price from 20 lb up to 70 lb', async () => {
    expect(await pricesOf('default_services', `"uid" = ?`, ['usps_priority'])).toEqual([FLAT_PRIORITY]);
    expect(await pricesOf('default_services', `"uid" = ?`, ['usps_ground_advantage'])).toEqual([FLAT_GROUND]);
  });

  it('leaves default prices an admin changed as they are', async () => {
    expect(await pricesOf('default_services', `"uid" = ?`, ['usps_priority_express'])).toEqual([ADMIN_EDITED]);
  });

  it('moves a user\'s untouched copy of the defaults, and never a user\'s own prices', async () => {
    expect(await pricesOf('user_services', `"user_id" = ? and "uid" = ?`, [customer, 'usps_priority'])).toEqual([FLAT_PRIORITY]);
    expect(await pricesOf('user_services', `"user_id" = ? and "uid" = ?`, [customer, 'usps_ground_advantage'])).toEqual([USER_CUSTOM]);
    expect(await pricesOf('user_services', `"user_id" = ?`, [other])).toEqual([USER_CUSTOM]);
  });

  it('raises the catalogue version of what it changed, so no replica quotes the old price', async () => {
    expect(await versionOf('defaults')).toBeGreaterThan(0);
    expect(await versionOf(customer)).toBeGreaterThan(0);
    expect(await versionOf(other)).toBe(0);
  });
});
