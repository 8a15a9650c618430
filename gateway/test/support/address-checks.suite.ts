import type { RunningSystem } from '@labeldesk/testing';
import { adminTokenOf, apiClient, balanceOf, bulkRow, newBulkCustomer, SINGLE_LABEL_ORDER, submitBulk, type Api } from './bulk-api';

type Body = Record<string, unknown>;

/** Issue 26: an address whose ZIP lies in another state is refused before any money moves. */
export const describeAddressChecks = (mode: string, running: () => RunningSystem): void => {
  describe(`address checks before paying (${mode} mode)`, () => {
    let system: RunningSystem;
    let call: Api;
    let adminToken: string;

    beforeAll(async () => {
      system = running();
      call = apiClient(system.baseUrl);
      adminToken = await adminTokenOf(call, system);
    }, 120_000);

    it('refuses a single label to a ZIP of another state with a 400 naming the field, charging nothing and writing no order', async () => {
      const who = await newBulkCustomer(call, adminToken, 5_000, 'addr-single');
      const order = { ...SINGLE_LABEL_ORDER, receiver: { ...SINGLE_LABEL_ORDER.receiver, receiver_state_province: 'CA', receiver_zip_postal: '10001' } };
      const refused = await call('POST', '/orders/v2', order, { token: who.token, 'idempotency-key': 'impossible-address-0001' });
      expect([refused.status, refused.body['message']]).toEqual([400, 'ZIP 10001 is in NY, not CA']);
      expect((refused.body['issues'] as Array<{ path: string }>).map((issue) => issue.path)).toEqual(['receiver.receiver_zip_postal']);
      expect(await balanceOf(call, who.token)).toBe(5_000);
      expect((await call('GET', `/orders/${who.userId}`, undefined, { token: who.token })).body['orders']).toEqual([]);
    });

    it('buys the same label once the state matches the ZIP+4', async () => {
      const who = await newBulkCustomer(call, adminToken, 5_000, 'addr-single-ok');
      const order = { ...SINGLE_LABEL_ORDER, receiver: { ...SINGLE_LABEL_ORDER.receiver, receiver_state_province: 'ny', receiver_zip_postal: '10001-2345' } };
      const bought = await call('POST', '/orders/v2', order, { token: who.token, 'idempotency-key': 'possible-address-0001' });
      expect(bought.status).toBe(200);
      expect(await balanceOf(call, who.token)).toBe(5_000 - 850);
    });

    it('refuses a bulk batch with an impossible sender address whole, naming the row and the ZIP, and buys nothing', async () => {
      const who = await newBulkCustomer(call, adminToken, 100_000, 'addr-bulk');
      const bad = bulkRow(1);
      const rows = [bulkRow(0), { ...bad, sender: { ...bad.sender, sender_state_province: 'WA', sender_zip_postal: '78701' } }];
      const { processed } = await submitBulk(call, who, rows);
      expect([processed.status, processed.body['message']]).toEqual([400, '1 row(s) have validation errors. Row 2: ZIP 78701 is in TX, not WA']);
      expect((processed.body['issues'] as Array<{ path: string }>).map((issue) => issue.path)).toEqual(['orderData.1.sender.sender_zip_postal']);
      expect(await balanceOf(call, who.token)).toBe(100_000);
      expect((await call('GET', `/orders/bulk/${who.userId}`, undefined, { token: who.token })).body['totalCount']).toBe(0);
    });

    it('answers the verify route for signed-in users only, with no carrier asked in the default offline mode but its city warning', async () => {
      const who = await newBulkCustomer(call, adminToken, 0, 'addr-verify');
      const address = { street1: '350 Fifth Ave', city: 'New York', state: 'NY', zip: '10118' };
      expect((await call('POST', '/addresses/verify', { address })).status).toBe(401);
      const answer = await call('POST', '/addresses/verify', { address }, { token: who.token });
      expect([answer.status, answer.body]).toEqual([200, { mode: 'offline', verification: null, warnings: [] }]);
      // A city other than the ZIP's usual one is a warning offline, never a refusal.
      const elsewhere = await call('POST', '/addresses/verify', { address: { ...address, city: 'Brooklyn' } }, { token: who.token });
      expect([elsewhere.status, elsewhere.body]).toEqual([200, { mode: 'offline', verification: null, warnings: ['ZIP 10118 is usually NEW YORK, NY, not BROOKLYN: check the city (USPS accepts some other names).'] }]);
      const impossible = await call('POST', '/addresses/verify', { address: { ...address, state: 'CA' } }, { token: who.token });
      expect([impossible.status, impossible.body['message']]).toEqual([400, 'ZIP 10118 is in NY, not CA']);
    });

    it('refuses to save an address book entry whose ZIP is in another state', async () => {
      const who = await newBulkCustomer(call, adminToken, 0, 'addr-book');
      const formData = { address_id: 'home', name: 'Ann', street: '1 Main St', city: 'Austin', state: 'TX', zip: '10001', country: 'US' };
      const refused = await call('POST', `/auth/save-address/${who.userId}`, { formData }, { token: who.token });
      expect([refused.status, refused.body['message']]).toEqual([400, 'ZIP 10001 is in NY, not TX']);
      expect(((await call('GET', `/auth/get-address/${who.userId}`, undefined, { token: who.token })).body['savedAddress'] as Body[])).toEqual([]);
    });
  });
};
