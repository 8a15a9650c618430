import { initOrm } from '@labeldesk/nest-orm';
import { createPostgresDatabase, type TestDatabase } from '@labeldesk/nest-orm/testing';
import { createEmbeddedDatabaseFromTemplate } from '@labeldesk/testing';
import type { RawService } from '@labeldesk/contracts';
import type { MikroORM } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { pricingMigrations } from '../src/database/migrations';
import { DefaultShippingServiceEntity, UserShippingServiceEntity } from '../src/shipping-services/shipping-service.entities';
import { ShippingServiceRepository } from '../src/shipping-services/shipping-service.repository';

const databases: Array<[string, () => Promise<TestDatabase>]> = [
  ['PostgreSQL', () => createPostgresDatabase('pricing_concurrent_catalog_it')],
  ['embedded PGlite', createEmbeddedDatabaseFromTemplate],
];

const raw = (uid: string): RawService => ({ uid, name: uid, category: 'Test', maxWeight: 70, carrier: 'sandbox', suggestedPrices: [{ fromWeight: 1, toWeight: 70, price: 900 }] });
const CARRIER_SERVICES = [raw('usps_priority'), raw('usps_ground_advantage'), raw('ups_ground'), raw('fedex_ground')];

describe.each(databases)('catalogue writes at the same moment on %s', (_name, createDatabase) => {
  let database: TestDatabase;
  let orm: MikroORM;
  let repository: ShippingServiceRepository;

  beforeAll(async () => {
    database = await createDatabase();
    orm = await initOrm({ schema: 'pricing', databaseUrl: database.url, poolMax: 8, entities: [DefaultShippingServiceEntity, UserShippingServiceEntity], migrations: pricingMigrations });
    repository = new ShippingServiceRepository(orm);
  }, 60_000);

  afterAll(async () => {
    await orm?.close();
    await database?.drop();
  });

  it("syncs a fresh install's defaults from eight requests at once without an error, each service once", async () => {
    const results = await Promise.allSettled(Array.from({ length: 8 }, () => repository.syncDefaults(CARRIER_SERVICES)));
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    const defaults = await repository.listDefaults();
    expect(defaults.map((d) => d.uid).sort()).toEqual(CARRIER_SERVICES.map((s) => s.uid).sort());
    // Every write raised the version once, in turn.
    expect((await repository.catalogVersions(randomUUID())).defaults).toBe(8);
  });

  it('copies the defaults to a user from eight requests at once, each service once', async () => {
    const userId = randomUUID();
    const defaults = await repository.listDefaults();
    const results = await Promise.allSettled(Array.from({ length: 8 }, () => repository.initializeUser(userId, defaults)));
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    expect((await repository.listForUser(userId)).map((s) => s.uid).sort()).toEqual(CARRIER_SERVICES.map((s) => s.uid).sort());
  });
});
