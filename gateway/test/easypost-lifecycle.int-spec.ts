import { startDistributed, startHookTimeout, type DistributedSystem } from '@labeldesk/testing';
import { createHmac } from 'node:crypto';
import { Client } from 'pg';
import { adminTokenOf, apiClient, balanceOf, bulkRow, newBulkCustomer, submitBulk, waitForBulk, type Api } from './support/bulk-api';
import { carrierEnvOf, priceCarrierServices, startCarrierFakes, type CarrierFakes } from './support/carrier-fakes';
import { buySingleLabel, eventually, labelStateOf, voidBooksOf } from './support/lifecycle-api';

const SECRET = 'easypost-webhook-secret-for-tests';
const sign = (body: string, secret = SECRET) => `hmac-sha256-hex=${createHmac('sha256', secret).update(body).digest('hex')}`;
const REFUND_PATH = /^\/v2\/shipments\/shp_[0-9a-f]+\/refund$/;

const query = async <Row extends Record<string, unknown>>(databaseUrl: string, sql: string, params: unknown[]): Promise<Row[]> => {
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    return (await db.query<Row>(sql, params)).rows;
  } finally {
    await db.end();
  }
};

const storedTracking = async (databaseUrl: string, orderId: string) =>
  (await query<{ status: string; used: boolean; events: unknown[] }>(databaseUrl, `select status, used, events from orders.label_tracking where label_kind = 'single' and label_id = $1`, [orderId]))[0] ?? null;

/** Voids, refunds and tracking pushes through EasyPost (its fake answering every request in 1.5 s), distributed mode. */
describe('the label lifecycle at EasyPost (distributed mode)', () => {
  let fakes: CarrierFakes;
  let system: DistributedSystem;
  let call: Api;
  let who: { token: string; userId: string };

  beforeAll(async () => {
    fakes = await startCarrierFakes({ latencyMs: 1_500 });
    system = await startDistributed(
      { ...carrierEnvOf(fakes, 'easypost'), ORDER_REPLY_WAIT_MS: '30000' },
      { ordersEnv: { REFUND_RECONCILE_SECONDS: '1', EASYPOST_WEBHOOK_SECRET: SECRET, ORDER_STALE_SECONDS: '5', CARRIER_TIMEOUT_MS: '5000' } },
    );
    call = apiClient(system.baseUrl);
    const adminToken = await adminTokenOf(call, system);
    await priceCarrierServices(call, adminToken);
    who = await newBulkCustomer(call, adminToken, 100_000, 'ep-life');
  }, startHookTimeout());

  afterAll(async () => {
    await system?.stop();
    await fakes?.stop();
  }, 60_000);

  it('finishes a void whose orders process was killed (-9) mid-way: one refund asked of EasyPost, credited once when EasyPost pays', async () => {
    const label = await buySingleLabel(call, who);
    const before = await balanceOf(call, who.token);
    const refundsAsked = () => fakes.easyPost.requests.filter((r) => r.method === 'POST' && REFUND_PATH.test(r.path)).length;
    const asked = refundsAsked();

    // The customer's request is given up once the process is back: the gateway would wait its 60 s for a reply the
    // killed process can never send, and what the test follows is the void's recovery, not that answer.
    const customerGivesUp = new AbortController();
    const pending = call('POST', `/orders/${label.orderId}/void`, undefined, { token: who.token }, customerGivesUp.signal).catch(() => null);
    // The claim is written, EasyPost is being asked: the process dies.
    await eventually(() => query(system.databaseUrl, `select 1 from orders.label_voids where label_id = $1`, [label.orderId]), (rows) => rows.length === 1, 30_000, 'the void claim');
    await system.killOrders(0);
    await system.startOrders();
    customerGivesUp.abort();
    await pending;

    await eventually(() => labelStateOf(call, who, label.orderId), (state) => state === 'refund_pending', 60_000, 'the refund request after the restart');
    fakes.easyPost.settleRefundOf(label.trackingNumber, 'refunded');
    await eventually(() => labelStateOf(call, who, label.orderId), (state) => state === 'refunded', 60_000, 'the refund');

    expect(refundsAsked() - asked).toBe(1);
    expect((await voidBooksOf(system.databaseUrl, who.userId)).refunds.filter((r) => r.key === `void:single:${label.orderId}`)).toEqual([
      { key: `void:single:${label.orderId}`, cents: expect.any(Number), linked: true },
    ]);
    const price = (await voidBooksOf(system.databaseUrl, who.userId)).refunds.find((r) => r.key === `void:single:${label.orderId}`)?.cents ?? 0;
    expect(price).toBeGreaterThan(0);
    expect(await balanceOf(call, who.token)).toBe(before + price);
  }, 240_000);

  it("voids a batch in one bulk refund request to EasyPost, then credits each label once as EasyPost pays", async () => {
    const { orderId } = await submitBulk(call, who, Array.from({ length: 3 }, (_, i) => bulkRow(i)));
    await waitForBulk(call, who.token, orderId, undefined, 120_000);
    const before = await balanceOf(call, who.token);
    const bulkRefunds = () => fakes.easyPost.requests.filter((r) => r.method === 'POST' && r.path === '/v2/refunds').length;
    const singleRefunds = () => fakes.easyPost.requests.filter((r) => r.method === 'POST' && REFUND_PATH.test(r.path)).length;
    const [bulkBefore, singleBefore] = [bulkRefunds(), singleRefunds()];

    const voided = await call('POST', `/orders/bulk/${orderId}/void`, {}, { token: who.token });
    expect(voided.body).toMatchObject({ voided: 0, refundPending: 3, refused: 0 });
    expect([bulkRefunds() - bulkBefore, singleRefunds() - singleBefore]).toEqual([1, 0]);
    const results = voided.body['results'] as Array<{ trackingNumber: string; amount: number }>;
    for (const r of results) fakes.easyPost.settleRefundOf(r.trackingNumber, 'refunded');
    const labels = async () => (await call('GET', `/orders/bulk/${orderId}/labels`, undefined, { token: who.token })).body['labels'] as Array<{ state: string }>;
    await eventually(labels, (all) => all.every((l) => l.state === 'refunded'), 60_000, 'the batch refunds');
    expect(await balanceOf(call, who.token)).toBe(before + results.reduce((cents, r) => cents + r.amount, 0));
    const refunds = (await voidBooksOf(system.databaseUrl, who.userId)).refunds.filter((r) => r.key.startsWith('void:bulk:'));
    expect(refunds).toHaveLength(3);
  }, 240_000);

  it('takes a signed tracker.updated push, and changes nothing for a forged, unsigned or replayed one', async () => {
    const label = await buySingleLabel(call, who);
    const push = (body: string, signature?: string) => call('POST', '/webhooks/carriers/easypost', body, signature === undefined ? {} : { 'x-hmac-signature': signature });
    // EasyPost's tracker starts with no scans (as recorded); a first scan makes the later stale report one scan short.
    fakes.easyPost.addTrackingEvent(label.trackingNumber, { status: 'pre_transit', message: 'Shipping Label Created, USPS Awaiting Item', city: 'AUSTIN', state: 'TX', zip: '78701' });
    const event = JSON.stringify(fakes.easyPost.addTrackingEvent(label.trackingNumber, { status: 'in_transit', message: 'Accepted at USPS Origin Facility', city: 'AUSTIN', state: 'TX', zip: '78701' }));
    const before = await storedTracking(system.databaseUrl, label.orderId);
    expect(before?.used ?? false).toBe(false);

    for (const [body, signature] of [[event, undefined], [event, sign(event, 'not-our-secret')], [event, 'hmac-sha256-hex=00'], [`${event} `, sign(event)], [event, '']] as const) {
      const refused = await push(body, signature);
      expect(refused.status).toBe(401);
    }
    expect(await storedTracking(system.databaseUrl, label.orderId)).toEqual(before);

    expect((await push(event, sign(event))).status).toBe(200);
    const after = await storedTracking(system.databaseUrl, label.orderId);
    expect(after).toMatchObject({ status: 'in_transit', used: true });

    // The same event again, and an older report under a new id, change nothing.
    expect((await push(event, sign(event))).status).toBe(200);
    const older = JSON.parse(event) as { id: string; result: { status: string; tracking_details: unknown[] } };
    const stale = JSON.stringify({ ...older, id: `${older.id}x`, result: { ...older.result, status: 'pre_transit', tracking_details: older.result.tracking_details.slice(0, 1) } });
    expect((await push(stale, sign(stale))).status).toBe(200);
    expect(await storedTracking(system.databaseUrl, label.orderId)).toEqual(after);

    // The scan pushed makes the label used: it can no longer be voided.
    const refused = await call('POST', `/orders/${label.orderId}/void`, undefined, { token: who.token });
    expect(refused.status).toBe(422);
  }, 180_000);
});
