import { startHookTimeout } from '@labeldesk/testing';
import { balanceOf, bulkRow, SINGLE_LABEL_ORDER, submitBulk, waitForBulk, type Api } from './support/bulk-api';
import { BALANCE, expectBatchPaidOnce, PRICE, startBuying } from './support/carrier-buying';
import { batchTrackingNumbers, easyPostBuysReceived, easyPostSales, startCarrierFakes, type CarrierFakes } from './support/carrier-fakes';

describe('orders killed (-9) while EasyPost buys are in flight (distributed mode)', () => {
  let fakes: CarrierFakes;
  let running: Awaited<ReturnType<typeof startBuying>>;

  beforeAll(async () => {
    // Two seconds a request: buys are still on their way when the process dies. The gateway answers an order still
    // buying after 3 s (a label takes 4 s here); recovery resumes an order untouched for 5 s and a row whose claim is 10 s old.
    fakes = await startCarrierFakes({ latencyMs: 2_000 });
    running = await startBuying(fakes, 'easypost,usps', { ORDER_REPLY_WAIT_MS: '3000' }, { BULK_CONCURRENCY: '8', BULK_CLAIM_LEASE_SECONDS: '10', ORDER_STALE_SECONDS: '5' });
  }, startHookTimeout());

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
