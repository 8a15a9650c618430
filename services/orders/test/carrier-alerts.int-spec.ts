import { CarrierAlertsRepository } from '../src/carriers/alerts/carrier-alerts.repository';
import { openOrdersDatabase, type OrdersDatabase } from './support/orders-database';

/** The carriers' standing alerts on the real PostgreSQL server, shared by two replicas. */
describe('CarrierAlertsRepository on PostgreSQL', () => {
  let db: OrdersDatabase;
  let alerts: CarrierAlertsRepository;
  let other: CarrierAlertsRepository;

  beforeAll(async () => {
    db = await openOrdersDatabase('orders_alerts_it');
    alerts = new CarrierAlertsRepository(db.orm);
    other = new CarrierAlertsRepository(db.replica);
  }, 60_000);

  afterAll(async () => {
    await db?.close();
  });

  beforeEach(async () => {
    await alerts.clear('easypost');
    await alerts.clear('usps');
  });

  /** Time passing, moved by hand: the alerts standing now began and were last seen an hour ago (not a 20 ms sleep). */
  const anHourAgo = () => db.sql(`update "orders"."carrier_alerts" set "since" = "since" - interval '1 hour', "last_seen" = "last_seen" - interval '1 hour'`);

  it('keeps one alert per carrier: seen again from another replica, it keeps when it began and takes the latest words', async () => {
    await alerts.raise('easypost', 'upstream_funds', 'EasyPost: insufficient funds');
    await anHourAgo();
    const [first] = await alerts.list();
    await other.raise('easypost', 'upstream_funds', 'EasyPost: insufficient funds (again)');
    const listed = await other.list();
    expect(listed).toEqual([{ carrier: 'easypost', reason: 'upstream_funds', message: 'EasyPost: insufficient funds (again)', since: first?.since, lastSeen: expect.any(Date) }]);
    expect(listed[0]!.lastSeen.getTime()).toBeGreaterThan(first!.lastSeen.getTime());
  });

  it('starts a new alert when the reason changes, and a sale from either replica clears only that carrier', async () => {
    await alerts.raise('easypost', 'unavailable', 'EasyPost is not answering');
    await alerts.raise('usps', 'upstream_funds', 'USPS: no funds');
    await anHourAgo();
    const [before] = await alerts.list();
    await alerts.raise('easypost', 'upstream_funds', 'EasyPost: insufficient funds');
    const easypost = (await alerts.list()).find((alert) => alert.carrier === 'easypost');
    expect(easypost).toMatchObject({ reason: 'upstream_funds', message: 'EasyPost: insufficient funds' });
    expect(easypost!.since.getTime()).toBeGreaterThan(before!.since.getTime());

    await other.clear('easypost');
    expect((await alerts.list()).map((alert) => alert.carrier)).toEqual(['usps']);
  });
});
