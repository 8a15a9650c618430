import { balanceOf, bulkRow, submitBulk, waitForBulk } from './support/bulk-api';
import { BALANCE, expectBatchPaidOnce, PRICE, startBuying } from './support/carrier-buying';
import { batchTrackingNumbers, easyPostBuysReceived, easyPostSales, startCarrierFakes, type CarrierFakes } from './support/carrier-fakes';

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
