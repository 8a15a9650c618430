import { startEmbedded, startHookTimeout, type RunningSystem } from '@labeldesk/testing';
import { adminTokenOf, apiClient, balanceOf, newBulkCustomer, SINGLE_LABEL_ORDER as ORDER, type Api } from './support/bulk-api';

const BALANCE = 5_000;

/**
 * Orders refunds a label the carrier refused by naming the charge it gives back (`refundOf`, decision 042); the
 * ledger refunds nothing that names no charge of the same user, so a wrong name would leave the customer charged.
 */
describe('a label the carrier refuses (embedded mode)', () => {
  let system: RunningSystem;
  let call: Api;
  let customer: { token: string; userId: string };

  beforeAll(async () => {
    system = await startEmbedded({ SANDBOX_FAILURE_RATE: '1' });
    call = apiClient(system.baseUrl);
    customer = await newBulkCustomer(call, await adminTokenOf(call, system), BALANCE, 'refused');
  }, startHookTimeout());

  afterAll(async () => {
    await system?.stop();
  }, 60_000);

  it('is refunded against its own charge, attempt after attempt, leaving the balance whole', async () => {
    for (let attempt = 1; attempt <= 2; attempt++) {
      const refused = await call('POST', '/orders/v2', ORDER, { token: customer.token, 'idempotency-key': 'refused-label-0001' });
      expect(refused.body['message']).toBe('Label could not be created: Sandbox carrier: simulated failure. You have not been charged.');
      expect(await balanceOf(call, customer.token)).toBe(BALANCE);
    }
    const orders = (await call('GET', `/orders/${customer.userId}`, undefined, { token: customer.token })).body['orders'] as Array<{ status: string }>;
    expect(orders.map((o) => o.status)).toEqual(['cancelled']);
  }, 60_000);
});
