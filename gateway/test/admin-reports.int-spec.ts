import { startDistributed, startEmbedded, type RunningSystem } from '@labeldesk/testing';
import { API_SCOPES } from '@labeldesk/contracts';
import { adminTokenOf, apiClient, bulkRow, newBulkCustomer, SINGLE_LABEL_ORDER, waitForBulk, type Api } from './support/bulk-api';
import { buySingleLabel } from './support/lifecycle-api';
import { describeReferralBonus, referralBonusBtcpay, referralBonusEnv } from './support/referral-bonus.suite';
import { sharedSystem } from './support/shared-system';

type Body = Record<string, unknown>;
interface Figures {
  labels: number;
  revenueCents: number;
  costCents: number;
  marginCents: number;
  withoutCost: { labels: number; revenueCents: number };
  givenBack: { labels: number; cents: number };
}
interface Report extends Figures {
  from: string;
  to: string;
  totals: Figures;
  byDay: Array<Figures & { day: string }>;
  byCarrier: Array<Figures & { carrier: string; courier: string }>;
  topCustomers: Array<Figures & { userId: string; name: string | null; email: string | null }>;
}

/**
 * Issue 49 through the REST API, on a system where no other suite buys labels: the admin's report sums two
 * customers' labels (one voided) by day, by carrier and by customer, to the cent of each label's recorded cost, exports
 * each table as CSV, and is refused to customers and to bad spans. Labels bought in test mode (a test key's single label
 * and batch, issue 48) change no admin figure, and the admin's orders list shows them marked test (decision 127).
 */
const describeAdminReports = (mode: string, running: () => RunningSystem): void => {
  describe(`admin reports (${mode} mode)`, () => {
    let call: Api;
    let adminToken = '';

    beforeAll(async () => {
      const system = running();
      call = apiClient(system.baseUrl);
      adminToken = await adminTokenOf(call, system);
    }, 60_000);

    const costOf = async (orderId: string): Promise<number> => Number(((await call('GET', `/admin/orders/single/${orderId}`, undefined, { token: adminToken })).body['order'] as Body)['costCents']);

    it("sums every customer's labels by day, carrier and customer, net of a voided label, and exports each table", async () => {
      const ann = await newBulkCustomer(call, adminToken, 10_000, 'report-ann');
      const bob = await newBulkCustomer(call, adminToken, 10_000, 'report-bob');
      const annLabels = [await buySingleLabel(call, ann), await buySingleLabel(call, ann), await buySingleLabel(call, ann)];
      const bobLabel = await buySingleLabel(call, bob);
      const voided = annLabels[2]!.orderId;
      expect((await call('POST', `/orders/${voided}/void`, undefined, { token: ann.token })).status).toBe(200);
      const [annCost, bobCost] = [(await costOf(annLabels[0]!.orderId)) + (await costOf(annLabels[1]!.orderId)), await costOf(bobLabel.orderId)];
      expect(annCost).toBeGreaterThan(0);

      const answer = await call('GET', '/admin/reports?top=5', undefined, { token: adminToken });
      expect(answer.status).toBe(200);
      const report = answer.body as unknown as Report;
      const kept = { labels: 3, revenueCents: 2550, costCents: annCost + bobCost, marginCents: 2550 - annCost - bobCost, withoutCost: { labels: 0, revenueCents: 0 } };
      expect(report.totals).toEqual({ ...kept, givenBack: { labels: 1, cents: 850 } });
      expect(report.byDay).toHaveLength(30);
      expect(report.byDay.at(-1)?.day).toBe(report.to);
      expect(report.byDay.reduce((sum, day) => sum + day.revenueCents, 0)).toBe(2550);
      expect(report.byCarrier).toEqual([{ carrier: 'sandbox', courier: 'usps', ...kept, givenBack: { labels: 1, cents: 850 } }]);
      expect(report.topCustomers.map((row) => [row.userId, row.labels, row.revenueCents, row.costCents, row.marginCents])).toEqual([
        [ann.userId, 2, 1700, annCost, 1700 - annCost],
        [bob.userId, 1, 850, bobCost, 850 - bobCost],
      ]);
      expect(report.topCustomers[0]?.email).toMatch(/^report-ann-/);

      const csv = await call('GET', `/admin/reports/csv?table=customers&from=${report.from}&to=${report.to}`, undefined, { token: adminToken });
      expect(csv.status).toBe(200);
      expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
      const lines = (csv.bytes ?? Buffer.alloc(0)).toString('utf8').replace(/^\uFEFF/, '').split('\r\n').filter(Boolean);
      expect(lines[0]).toBe('Customer,Email,Labels,Revenue (USD),Carrier cost (USD),Margin (USD)');
      expect(lines.slice(1).map((line) => line.split(',').slice(1, 4))).toEqual([
        [String(report.topCustomers[0]?.email), '2', '17.00'],
        [String(report.topCustomers[1]?.email), '1', '8.50'],
      ]);
    });

    it("counts no test-mode label in any admin figure: a test key's single label and batch leave the report, its export and the dashboard as they were", async () => {
      const figures = async () => {
        const report = (await call('GET', '/admin/reports?top=50', undefined, { token: adminToken })).body as unknown as Report;
        const csv = await call('GET', `/admin/reports/csv?table=days&from=${report.from}&to=${report.to}`, undefined, { token: adminToken });
        const stats = (await call('GET', '/admin/stats', undefined, { token: adminToken })).body;
        return { report, csv: (csv.bytes ?? Buffer.alloc(0)).toString('utf8'), stats: { ...stats, users: undefined } };
      };
      const before = await figures();
      const seller = await newBulkCustomer(call, adminToken, 0, 'report-test-mode');
      const made = await call('POST', '/keys', { name: 'sandbox', scopes: [...API_SCOPES], password: 'bulk-password', mode: 'test' }, { token: seller.token });
      expect(made.status).toBe(201);
      const testKey = { authorization: `Bearer ${String(made.body['key'])}` };
      const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
      expect((await call('POST', '/v1/balance/test-top-up', { amount_cents: 50_000 }, { ...testKey, 'Idempotency-Key': `report-top-up-${tag}` })).status).toBe(201);

      const single = await call('POST', '/v1/shipments', SINGLE_LABEL_ORDER, { ...testKey, 'Idempotency-Key': `report-single-${tag}` });
      expect([single.status, single.body['mode']]).toEqual([201, 'test']);
      const batch = await call('POST', '/v1/batches', { shipments: [bulkRow(1), bulkRow(2)] }, { ...testKey, 'Idempotency-Key': `report-batch-${tag}` });
      expect([batch.status, batch.body['mode']]).toEqual([201, 'test']);
      const batchId = String(batch.body['id']);
      expect((await waitForBulk(call, seller.token, batchId)).status).toBe('completed');

      // Every admin figure is as it was: the report (totals, days, carriers, customers), its export and the dashboard.
      expect(await figures()).toEqual(before);
      // The admin's list shows both, each marked test.
      const listed = await call('GET', `/admin/orders?userId=${seller.userId}`, undefined, { token: adminToken });
      expect(((listed.body['items'] as Body[]) ?? []).map((row) => [row['kind'], row['id'], row['mode']]).sort()).toEqual(
        [['batch', batchId, 'test'], ['single', String(single.body['id']), 'test']].sort(),
      );

      // The web app's Bulk Order routes make live batches only: a test key is told the route to use. The extras quote
      // and a batch's void act in the key's mode: the void gives the test balance back, and still no figure moves.
      const init = await call('POST', '/orders/bulk/init', { userId: seller.userId }, testKey);
      expect([init.status, JSON.stringify(init.body)]).toEqual([403, expect.stringContaining('with a test key use POST /api/v1/batches')]);
      const submit = await call('POST', `/orders/bulk/submit/${seller.userId}`, { orderId: batchId, rowCount: 2 }, testKey);
      expect([submit.status, JSON.stringify(submit.body)]).toEqual([403, expect.stringContaining('POST /api/v1/batches')]);
      const quote = await call('POST', '/orders/extra-services/quote', { service_name: 'USPS Priority Mail', insurance: { declared_value_cents: 25_000 } }, testKey);
      expect(quote).toMatchObject({ status: 200, body: { insuranceCents: 250, totalCents: 250 } });
      const testBalance = async () => Number((await call('GET', '/v1/balance', undefined, testKey)).body['available_cents']);
      const beforeVoid = await testBalance();
      const voided = await call('POST', `/orders/bulk/${batchId}/void`, {}, testKey);
      expect([voided.status, Number(voided.body['voided']) + Number(voided.body['refundPending'])]).toEqual([200, 2]);
      expect(await testBalance()).toBe(beforeVoid + Number(voided.body['amountBack']));
      expect(await figures()).toEqual(before);

      // A session lists its test batches with mode=test, its live ones (none here) without.
      const testBatches = await call('GET', `/orders/bulk/${seller.userId}?mode=test`, undefined, { token: seller.token });
      expect(((testBatches.body['bulkOrders'] as Body[]) ?? []).map((b) => [b['_id'], b['mode']])).toEqual([[batchId, 'test']]);
      expect((await call('GET', `/orders/bulk/${seller.userId}`, undefined, { token: seller.token })).body['totalCount']).toBe(0);
      expect((await call('GET', `/orders/bulk/${seller.userId}?mode=sandbox`, undefined, { token: seller.token })).status).toBe(400);
    }, 180_000);

    it('is refused to a customer and to a caller without a session, and a bad span is a 400 saying why', async () => {
      const customer = await newBulkCustomer(call, adminToken, 0, 'report-customer');
      expect((await call('GET', '/admin/reports', undefined, { token: customer.token })).status).toBe(403);
      expect((await call('GET', '/admin/reports/csv?table=days', undefined, { token: customer.token })).status).toBe(403);
      expect((await call('GET', '/admin/reports')).status).toBe(401);
      const backwards = await call('GET', '/admin/reports?from=2026-02-01&to=2026-01-01', undefined, { token: adminToken });
      expect([backwards.status, JSON.stringify(backwards.body)]).toEqual([400, expect.stringContaining('The start date must not be after the end date')]);
      expect((await call('GET', '/admin/reports/csv?table=users', undefined, { token: adminToken })).status).toBe(400);
    });
  });
};

/**
 * Suites that buy no labels, or only labels an admin report may count, share one system per mode with the admin reports
 * (decision 130): the referral bonus pays top-ups and sets the bonus (put back when it ends), which no report figure
 * counts; its fake BTCPay is the system's payment provider. The referral bonus goes first: it starts from the bonus off.
 * Embedded: PGlite behind the in-process transport; distributed: PostgreSQL, NATS (payments asks auth who referred a
 * customer, with the subject permissions of deploy/nats/nats.conf) and a process per service.
 */
const describeNoOtherLabelsSuites = (mode: 'embedded' | 'distributed', start: (env: NodeJS.ProcessEnv) => Promise<RunningSystem>): void => {
  const btcpay = referralBonusBtcpay();
  const running = sharedSystem(async () => {
    await btcpay.start();
    const system = await start(referralBonusEnv(btcpay));
    btcpay.webhookUrl = `${system.baseUrl}/api/payment/webhook`;
    return system;
  });
  afterAll(() => btcpay.stop(), 60_000);
  describeReferralBonus(mode, running, btcpay);
  describeAdminReports(mode, running);
};

describe('admin reports and the referral bonus on one embedded system', () => {
  describeNoOtherLabelsSuites('embedded', (env) => startEmbedded(env));
});
describe('admin reports and the referral bonus on one distributed system', () => {
  describeNoOtherLabelsSuites('distributed', (env) => startDistributed(env));
});
