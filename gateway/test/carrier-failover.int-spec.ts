import { generateCallerKeys } from '@labeldesk/nest-transport';
import { startDistributed, startEmbedded, type DistributedSystem } from '@labeldesk/testing';
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { booksOf } from './support/books';
import { adminTokenOf, apiClient, balanceOf, bulkRow, newBulkCustomer, SINGLE_LABEL_ORDER, submitBulk, waitForBulk, type Api } from './support/bulk-api';
import { batchTrackingNumbers, carrierEnvOf, easyPostBuysReceived, easyPostSales, priceCarrierServices, startCarrierFakes, type CarrierFakes } from './support/carrier-fakes';
import { describeCarrierFailover } from './support/carrier-failover.suite';

const BALANCE = 10_000_000;
const PRICE = 850;

describeCarrierFailover('distributed', (env) => startDistributed(env));
describeCarrierFailover('embedded', (env) => startEmbedded(env));

/** A system buying from the fakes, with an admin who has priced the carriers' services and a funded customer. */
const startBuying = async (fakes: CarrierFakes, carriers: 'easypost' | 'easypost,usps', env: NodeJS.ProcessEnv, ordersEnv: NodeJS.ProcessEnv) => {
  const system = await startDistributed({ ...carrierEnvOf(fakes, carriers), ...env }, { ordersEnv });
  const call = apiClient(system.baseUrl);
  const adminToken = await adminTokenOf(call, system);
  await priceCarrierServices(call, adminToken);
  return { system, call, customer: await newBulkCustomer(call, adminToken, BALANCE, 'carrier') };
};

/** The batch's money: every row charged once from the hold, the hold closed, the balance down by exactly the labels. */
const expectBatchPaidOnce = async (system: DistributedSystem, userId: string, orderId: string, rows: number, otherLabels = 0) => {
  const books = await booksOf(system, userId, orderId);
  expect(books.batch).toMatchObject({ itemsSucceeded: rows, distinctTracking: rows, charges: rows, chargeKeys: rows, chargedCents: rows * PRICE });
  expect(books.batch.holds).toHaveLength(1);
  for (const hold of books.batch.holds) expect({ status: hold.status, captured: hold.captured, whole: hold.captured + hold.released }).toEqual({ status: 'closed', captured: rows * PRICE, whole: hold.amount });
  expect(books).toMatchObject({ balance: BALANCE - (rows + otherLabels) * PRICE, held: 0, refunds: 0, charges: rows + otherLabels });
};

describe('a 1,000-row batch through EasyPost answering in 300 ms and rate-limiting 5 % of requests (distributed mode)', () => {
  let fakes: CarrierFakes;
  let running: Awaited<ReturnType<typeof startBuying>>;

  beforeAll(async () => {
    // Each 429 says Retry-After: 1 (the fake's random share); the guard pauses every EasyPost call for it.
    fakes = await startCarrierFakes({ latencyMs: 300, rateLimitShare: 0.05, seed: 20_260_623 });
    running = await startBuying(fakes, 'easypost', {}, { BULK_CLAIM_LEASE_SECONDS: '15' });
  }, 120_000);

  afterAll(async () => {
    await running?.system.stop();
    await fakes?.stop();
  }, 60_000);

  it('buys every row exactly once, completes the batch and charges exactly the labels bought', async () => {
    const { system, call, customer } = running;
    const { orderId, processed } = await submitBulk(call, customer, Array.from({ length: 1000 }, (_, i) => bulkRow(i)));
    expect(processed.status).toBe(200);
    const done = await waitForBulk(call, customer.token, orderId, undefined, 240_000);
    expect(done).toMatchObject({ status: 'completed', processedCount: 1000, failedCount: 0, bulkOrderData: { cost: 1000 * PRICE } });

    const sales = easyPostSales(fakes.easyPost);
    expect([fakes.easyPost.labelsSold(), sales.size, [...sales.values()].filter((codes) => codes.length !== 1)]).toEqual([1000, 1000, []]);
    expect(new Set(await batchTrackingNumbers(call, customer.token, orderId))).toEqual(new Set([...sales.values()].flat()));
    // A shipment is created once per row: a row retried after a 429 buys the shipment it already has.
    expect(fakes.easyPost.shipmentsCreated()).toBe(1000);
    // The 429s did happen: requests to create or buy that created or sold nothing.
    const creates = fakes.easyPost.requests.filter((r) => r.method === 'POST' && r.path === '/v2/shipments').length;
    expect(creates - fakes.easyPost.shipmentsCreated() + easyPostBuysReceived(fakes.easyPost) - fakes.easyPost.labelsSold()).toBeGreaterThan(20);

    await expectBatchPaidOnce(system, customer.userId, orderId, 1000);
    expect(await balanceOf(call, customer.token)).toBe(BALANCE - 1000 * PRICE);
  }, 300_000);
});

describe('orders killed (-9) while EasyPost buys are in flight (distributed mode)', () => {
  let fakes: CarrierFakes;
  let running: Awaited<ReturnType<typeof startBuying>>;

  beforeAll(async () => {
    // Two seconds a request: buys are still on their way when the process dies. The gateway answers an order still
    // buying after 3 s (a label takes 4 s here); recovery resumes an order untouched for 5 s and a row whose claim is 10 s old.
    fakes = await startCarrierFakes({ latencyMs: 2_000 });
    running = await startBuying(fakes, 'easypost,usps', { ORDER_REPLY_WAIT_MS: '3000' }, { BULK_CONCURRENCY: '8', BULK_CLAIM_LEASE_SECONDS: '10', ORDER_STALE_SECONDS: '5' });
  }, 120_000);

  afterAll(async () => {
    await running?.system.stop();
    await fakes?.stop();
  }, 60_000);

  it('resolves every purchase at EasyPost after a restart: nothing bought twice, nothing from USPS, money exact', async () => {
    const { system, call, customer } = running;
    const { orderId } = await submitBulk(call, customer, Array.from({ length: 40 }, (_, i) => bulkRow(i)));
    const single = await call('POST', '/orders/v2', SINGLE_LABEL_ORDER, { token: customer.token, 'idempotency-key': 'killed-mid-buy-0001' });
    expect(single.status).toBe(202);
    const singleId = String((single.body['data'] as Record<string, unknown>)['orderId']);

    // Killed once buys have reached EasyPost and are not answered yet: EasyPost sells them to a process that is gone.
    const deadline = Date.now() + 30_000;
    while (easyPostBuysReceived(fakes.easyPost) - fakes.easyPost.labelsSold() < 4 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    const buysInFlight = easyPostBuysReceived(fakes.easyPost) - fakes.easyPost.labelsSold();
    await system.killOrders(0);
    expect(buysInFlight).toBeGreaterThanOrEqual(4);
    await system.startOrders();

    const done = await waitForBulk(call, customer.token, orderId, undefined, 180_000);
    expect(done).toMatchObject({ status: 'completed', processedCount: 40, failedCount: 0 });
    const singleDone = await waitForOrder(call, customer, singleId, 'completed', 120_000);

    const sales = easyPostSales(fakes.easyPost);
    expect([fakes.easyPost.labelsSold(), sales.size, [...sales.values()].filter((codes) => codes.length !== 1)]).toEqual([41, 41, []]);
    expect(sales.get(singleId)).toEqual([singleDone.tracking_number]);
    expect(new Set(await batchTrackingNumbers(call, customer.token, orderId))).toEqual(new Set([...sales.entries()].filter(([key]) => key.startsWith('bulk:')).flatMap(([, codes]) => codes)));
    // An unknown purchase is never asked of the next carrier.
    expect([fakes.usps.labelsSold(), fakes.usps.requests.length]).toEqual([0, 0]);
    await expectBatchPaidOnce(system, customer.userId, orderId, 40, 1);
    expect(await balanceOf(call, customer.token)).toBe(BALANCE - 41 * PRICE);
  }, 300_000);
});

interface ListedOrder {
  _id: string;
  status: string;
  tracking_number: string | null;
}

const waitForOrder = async (call: Api, who: { token: string; userId: string }, orderId: string, status: string, timeoutMs: number): Promise<ListedOrder> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const orders = (await call('GET', `/orders/${who.userId}`, undefined, { token: who.token })).body['orders'] as ListedOrder[] | undefined;
    const order = orders?.find((o) => o._id === orderId);
    if (order?.status === status) return order;
    if (Date.now() > deadline) throw new Error(`order ${orderId} still ${String(order?.status)} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 250));
  }
};

describe('orders started with CARRIERS=easypost and no EASYPOST_API_KEY', () => {
  const root = resolve(__dirname, '../..');

  it('exits at once (its own process) naming EASYPOST_API_KEY and nothing else', async () => {
    const keys = generateCallerKeys();
    // Everything else orders needs is there: the key is the only thing wrong.
    const env = { PATH: process.env['PATH'], CARRIERS: 'easypost', DATABASE_URL: 'postgresql://postgres@127.0.0.1:5432/postgres', CALLER_KEY: keys.keys.orders, CALLER_TRUST: keys.trust };
    const child = spawn(process.execPath, [join(root, 'services/orders/dist/main.js')], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((done) => {
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      child.once('exit', (exitCode) => {
        clearTimeout(timer);
        done(exitCode);
      });
    });
    expect(code).toBe(1);
    expect(output.trim().split('\n')).toEqual(['orders: invalid environment:', '  - EASYPOST_API_KEY: required by CARRIERS=easypost (easypost)']);
  }, 30_000);

  it('stops the embedded product at start-up, naming EASYPOST_API_KEY', async () => {
    await expect(startEmbedded({ CARRIERS: 'easypost', EASYPOST_API_KEY: undefined })).rejects.toThrow(/EASYPOST_API_KEY: required by CARRIERS=easypost \(easypost\)/);
  }, 60_000);
});
