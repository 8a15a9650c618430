import { startDistributed, startHookTimeout, type DistributedSystem } from '@labeldesk/testing';
import { booksOf } from './support/books';
import { adminTokenOf, apiClient, balanceOf, bulkRow, newBulkCustomer, submitBulk, waitForBulk, type Api } from './support/bulk-api';

const BALANCE = 10_000_000;
const PRICE = 850;
/** Each test starts its own system, then runs its batch: the start's bound plus the batch's. */
const startAnd = (flowMs: number): number => startHookTimeout() + flowMs;

/** What the three services hold about one batch, read from their own schemas, with the user's account. */
const ledgerOf = async (system: DistributedSystem, userId: string, orderId: string) => {
  const { batch, balance, held } = await booksOf(system, userId, orderId);
  return { ...batch, balanceCents: balance, heldCents: held };
};

const expectExactMoney = (money: Awaited<ReturnType<typeof ledgerOf>>, labels: number) => {
  expect(money).toMatchObject({ labelsCreated: labels, itemsSucceeded: labels, distinctTracking: labels, charges: labels, chargeKeys: labels, chargedCents: labels * PRICE, heldCents: 0 });
  expect(money.balanceCents).toBe(BALANCE - labels * PRICE);
  for (const hold of money.holds) {
    expect(hold.status).toBe('closed');
    expect(hold.captured + hold.released).toBe(hold.amount);
  }
};

describe('bulk orders survive crashes, failures and several replicas (distributed mode)', () => {
  let system: DistributedSystem | null = null;
  let call: Api;

  const begin = async (ordersEnv: NodeJS.ProcessEnv, ordersReplicas = 1) => {
    system = await startDistributed({}, { ordersEnv, ordersReplicas });
    call = apiClient(system.baseUrl);
    const adminToken = await adminTokenOf(call, system);
    return { running: system, customer: await newBulkCustomer(call, adminToken, BALANCE) };
  };

  afterEach(async () => {
    await system?.stop();
    system = null;
  }, 60_000);

  it('finishes a 160-label batch after its orders process is killed (-9) mid-way: labels created = charged = succeeded, hold released', async () => {
    const { running, customer } = await begin({ SANDBOX_LATENCY_MS: '150', BULK_CONCURRENCY: '16', BULK_CLAIM_LEASE_SECONDS: '5' });
    const { orderId, processed } = await submitBulk(call, customer, Array.from({ length: 160 }, (_, i) => bulkRow(i)));
    expect([processed.status, processed.body]).toEqual([200, expect.objectContaining({ status: 'processing', totalCount: 160 })]);
    const midway = await waitForBulk(call, customer.token, orderId, (b) => b.processedCount >= 40);
    expect(midway.status).toBe('processing');
    await running.killOrders(0);
    await running.startOrders();
    const done = await waitForBulk(call, customer.token, orderId, undefined, 180_000);
    expect(done).toMatchObject({ status: 'completed', processedCount: 160, failedCount: 0, bulkOrderData: { cost: 160 * PRICE } });
    expectExactMoney(await ledgerOf(running, customer.userId, orderId), 160);
    expect(await balanceOf(call, customer.token)).toBe(BALANCE - 160 * PRICE);
  }, startAnd(300_000));

  it('ends a batch on a carrier failing 10 % of labels with errors, and Retry Failed recovers them without charging twice', async () => {
    const { running, customer } = await begin({ SANDBOX_FAILURE_RATE: '0.1' });
    const { orderId } = await submitBulk(call, customer, Array.from({ length: 300 }, (_, i) => bulkRow(i)));
    const first = await waitForBulk(call, customer.token, orderId);
    expect(first.status).toBe('completed_with_errors');
    expect(first.failedCount).toBeGreaterThan(0);
    expect(first.processedCount + first.failedCount).toBe(300);
    expect(first.failedLabels).toHaveLength(first.failedCount);
    expect(first.failedLabels[0]?.error).toBe('Sandbox carrier: simulated failure');
    expect(first.bulkOrderData.cost).toBe(first.processedCount * PRICE);

    let last = first;
    for (let round = 0; round < 10 && last.failedCount > 0; round++) {
      const retry = await call('POST', `/orders/bulk/retry-failed/${orderId}`, undefined, { token: customer.token });
      expect(retry.status).toBe(200);
      expect(Object.keys(retry.body).sort()).toEqual(['fileData', 'finalFailedCount', 'finalProcessedCount', 'message', 'newlySuccessfulCount', 'status', 'updatedTotalCount']);
      expect(retry.body['newlySuccessfulCount']).toBe(Number(retry.body['finalProcessedCount']) - last.processedCount);
      if (Number(retry.body['finalFailedCount']) > 0) expect(retry.body['message']).toBe(`${String(retry.body['newlySuccessfulCount'])} labels recovered. ${String(retry.body['finalFailedCount'])} still failed.`);
      last = await waitForBulk(call, customer.token, orderId);
    }
    expect(last).toMatchObject({ status: 'completed', processedCount: 300, failedCount: 0 });
    expectExactMoney(await ledgerOf(running, customer.userId, orderId), 300);
    const none = await call('POST', `/orders/bulk/retry-failed/${orderId}`, undefined, { token: customer.token });
    expect(none.status).toBe(400);
  }, startAnd(300_000));

  it('ends a batch whose every label the carrier refuses as failed, charging nothing and releasing the whole hold', async () => {
    const { running, customer } = await begin({ SANDBOX_FAILURE_RATE: '1' });
    const { orderId } = await submitBulk(call, customer, Array.from({ length: 5 }, (_, i) => bulkRow(i)));
    const done = await waitForBulk(call, customer.token, orderId);
    expect(done).toMatchObject({ status: 'failed', processedCount: 0, failedCount: 5, bulkOrderData: { cost: 0, quotedCost: 5 * PRICE }, pdfName: null });
    expect(done.resultCSVName).toMatch(/^Order_Results_/);
    const money = await ledgerOf(running, customer.userId, orderId);
    expect(money).toMatchObject({ charges: 0, balanceCents: BALANCE, heldCents: 0, holds: [{ amount: 5 * PRICE, captured: 0, released: 5 * PRICE, status: 'closed' }] });
  }, startAnd(120_000));

  it('shares one batch between two orders replicas and buys every item once', async () => {
    const { running, customer } = await begin({ SANDBOX_LATENCY_MS: '50', BULK_CONCURRENCY: '8' }, 2);
    const { orderId } = await submitBulk(call, customer, Array.from({ length: 400 }, (_, i) => bulkRow(i)));
    const done = await waitForBulk(call, customer.token, orderId, undefined, 180_000);
    expect(done).toMatchObject({ status: 'completed', processedCount: 400 });
    const money = await ledgerOf(running, customer.userId, orderId);
    expectExactMoney(money, 400);
    expect(money.labelWorkers).toBe(2);
  }, startAnd(300_000));
});
