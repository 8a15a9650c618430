import { startDistributed, startHookTimeout, type DistributedSystem } from '@labeldesk/testing';
import { Client } from 'pg';
import { adminTokenOf, apiClient, balanceOf, newBulkCustomer, type Api } from './support/bulk-api';
import { ageLabels, buySingleLabel, eventually, voidBooksOf } from './support/lifecycle-api';

const PRICE = 850;
const AUTO_REFUND_EVERY_SECONDS = 1;

/**
 * The daily refund of unused labels, run by two orders replicas at once every second (AUTO_REFUND_EVERY_SECONDS=1):
 * the advisory lock lets one run at a time and the one void per label makes every run after the first find nothing.
 * Half of the sandbox's labels are scanned at once (used: never refunded).
 */
describe('the automatic refund of unused labels, two orders replicas (distributed mode)', () => {
  let system: DistributedSystem;
  let call: Api;

  beforeAll(async () => {
    system = await startDistributed(
      { SANDBOX_TRACKING_SHARE: '0.5', SANDBOX_SCAN_AFTER_SECONDS: '0', SANDBOX_REFUND_DAYS: '0', REFUND_RECONCILE_SECONDS: '1' },
      { ordersReplicas: 2, ordersEnv: { AUTO_REFUND_DAYS: '25', AUTO_REFUND_EVERY_SECONDS: String(AUTO_REFUND_EVERY_SECONDS) } },
    );
    call = apiClient(system.baseUrl);
  }, startHookTimeout());

  afterAll(async () => {
    await system?.stop();
  }, 60_000);

  it('refunds each unused label once, at day 25, and never a used one or a younger one', async () => {
    const who = await newBulkCustomer(call, await adminTokenOf(call, system), 100_000, 'auto');
    const labels = await Promise.all(Array.from({ length: 8 }, (_, i) => buySingleLabel(call, who, `auto-refund-${i}-${Date.now()}`)));
    const used = new Set<string>();
    for (const label of labels) {
      const tracking = await call('GET', `/orders/${label.orderId}/tracking`, undefined, { token: who.token });
      if (tracking.body['used'] === true) used.add(label.orderId);
    }
    expect(used.size).toBeLessThan(8);
    // A label bought 24 days ago stays; 26 days ago it is due. The young one is never moved past day 25, not even for
    // a moment: both replicas run every second and would refund it.
    const young = await buySingleLabel(call, who, `auto-refund-young-${Date.now()}`);
    const before = await balanceOf(call, who.token);
    await backdate(system.databaseUrl, young.orderId, 24);
    await ageLabels(system.databaseUrl, who.userId, 26, [young.orderId]);

    const unused = labels.filter((l) => !used.has(l.orderId));
    const books = await eventually(
      () => voidBooksOf(system.databaseUrl, who.userId),
      (b) => b.refunds.length >= unused.length && b.voids.every((v) => v.state === 'refunded'),
      60_000,
      'the automatic refunds',
    );
    // Nothing more may happen in the runs that follow: a check that nothing happens waits, here for three periods of the
    // job's own contract (AUTO_REFUND_EVERY_SECONDS), each a run of both replicas.
    await new Promise((r) => setTimeout(r, 3 * AUTO_REFUND_EVERY_SECONDS * 1000));
    const settled = await voidBooksOf(system.databaseUrl, who.userId);
    expect(settled).toEqual(books);
    expect(settled.refunds.map((r) => r.key).sort()).toEqual(unused.map((l) => `void:single:${l.orderId}`).sort());
    expect(settled.refunds.every((r) => r.cents === PRICE && r.linked)).toBe(true);
    expect(settled.voids.map((v) => [v.label_id, v.requested_by]).sort()).toEqual(unused.map((l) => [l.orderId, 'auto']).sort());
    expect(await balanceOf(call, who.token)).toBe(before + unused.length * PRICE);
    expect(system.replicas('orders')).toBe(2);
  }, 180_000);
});

const backdate = async (databaseUrl: string, orderId: string, days: number): Promise<void> => {
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    await db.query(`update orders.orders set label_bought_at = now() - make_interval(days => $2) where id = $1`, [orderId, days]);
  } finally {
    await db.end();
  }
};
