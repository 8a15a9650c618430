import { startHookTimeout } from '@labeldesk/testing';
import { balanceOf, bulkRow, submitBulk, waitForBulk } from './support/bulk-api';
import { BALANCE, expectBatchPaidOnce, PRICE, startBuying } from './support/carrier-buying';
import { batchTrackingNumbers, easyPostBuysReceived, easyPostSales, startCarrierFakes, type CarrierFakes } from './support/carrier-fakes';

// Enough rows for about 30 429s at 6 % of some 500 requests (the test asks for more than 10), each pausing the calls
// for its Retry-After of 1 s; the speed of a 1,000-row batch at 300 ms is a benchmark's to show
// (npm run bench:bulk-rates), not this test's.
const ROWS = 250;

describe('a 250-row batch through EasyPost answering in 300 ms and rate-limiting 6 % of requests (distributed mode)', () => {
  let fakes: CarrierFakes;
  let running: Awaited<ReturnType<typeof startBuying>>;

  beforeAll(async () => {
    // Each 429 says Retry-After: 1 (the fake's random share); the guard pauses every EasyPost call for it.
    fakes = await startCarrierFakes({ latencyMs: 300, rateLimitShare: 0.06, seed: 20_260_623 });
    running = await startBuying(fakes, 'easypost', {}, { BULK_CLAIM_LEASE_SECONDS: '15' });
  }, startHookTimeout());

  afterAll(async () => {
    await running?.system.stop();
    await fakes?.stop();
  }, 60_000);

  it('buys every row exactly once, completes the batch and charges exactly the labels bought', async () => {
    const { system, call, customer } = running;
    const { orderId, processed } = await submitBulk(call, customer, Array.from({ length: ROWS }, (_, i) => bulkRow(i)));
    expect(processed.status).toBe(200);
    const done = await waitForBulk(call, customer.token, orderId, undefined, 240_000);
    expect(done).toMatchObject({ status: 'completed', processedCount: ROWS, failedCount: 0, bulkOrderData: { cost: ROWS * PRICE } });

    const sales = easyPostSales(fakes.easyPost);
    expect([fakes.easyPost.labelsSold(), sales.size, [...sales.values()].filter((codes) => codes.length !== 1)]).toEqual([ROWS, ROWS, []]);
    expect(new Set(await batchTrackingNumbers(call, customer.token, orderId))).toEqual(new Set([...sales.values()].flat()));
    // A shipment is created once per row: a row retried after a 429 buys the shipment it already has.
    expect(fakes.easyPost.shipmentsCreated()).toBe(ROWS);
    // The 429s did happen: requests to create or buy that created or sold nothing.
    const creates = fakes.easyPost.requests.filter((r) => r.method === 'POST' && r.path === '/v2/shipments').length;
    expect(creates - fakes.easyPost.shipmentsCreated() + easyPostBuysReceived(fakes.easyPost) - fakes.easyPost.labelsSold()).toBeGreaterThan(10);

    await expectBatchPaidOnce(system, customer.userId, orderId, ROWS);
    expect(await balanceOf(call, customer.token)).toBe(BALANCE - ROWS * PRICE);
  }, 300_000);
});
