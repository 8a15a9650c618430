import type { RunningSystem } from '@labeldesk/testing';
import { adminTokenOf, apiClient, balanceOf, newBulkCustomer, SINGLE_LABEL_ORDER, type Api } from './bulk-api';
import { pdfText } from './pdf-text';

type Body = Record<string, unknown>;

const TEE = { sku: 'TEE-1', maxQty: 4, weight: 0.4, length: 10, width: 8, height: 2, description: 'Cotton T-shirt', hsTariffNumber: '6109.10', originCountry: 'PT', valueCents: 1250 };
const MUG = { sku: 'MUG-1', maxQty: 4, weight: 1.2, length: 6, width: 6, height: 6, description: 'Ceramic mug', hsTariffNumber: '6912.00', originCountry: 'CN', valueCents: 900 };
const BOWL = { sku: 'BOWL-1', maxQty: 4, weight: 1, length: 6, width: 6, height: 6, description: 'Salad bowl', originCountry: 'CN', valueCents: 1500 };
const TO_GERMANY = { receiver_name: 'Grace Receiver', receiver_address1: '10 High Street', receiver_city: 'Berlin', receiver_state_province: '', receiver_zip_postal: '10115', receiver_country: 'DE' };
const orderToGermany = (items: Body[]) => ({
  service_name: 'DHL Express Worldwide',
  sender: SINGLE_LABEL_ORDER.sender,
  receiver: TO_GERMANY,
  package: { package_length: 10, package_width: 8, package_height: 4, package_weight: 2 },
  customs: { contents_type: 'merchandise', signer: 'Ann Sender', items },
});

/**
 * Decision 126 through the REST API: an API client's label abroad declares its customs from the seller's SKUs on
 * `POST /api/orders/v2` and `POST /api/v1/shipments` (`{sku, quantity}` lines, filled by orders as bulk rows and the
 * inbox are), and `POST /api/orders/v2` takes a test key as `POST /api/v1/shipments` does.
 */
export const describeSkuCustomsApi = (mode: string, running: () => RunningSystem): void => {
  describe(`customs from SKUs and test keys on the single-label routes (${mode} mode)`, () => {
    let call: Api;
    let adminToken: string;
    let seller: { token: string; userId: string };
    let liveKey: string;
    let testKey: string;
    const bearer = (key: string, idempotencyKey: string) => ({ authorization: `Bearer ${key}`, 'Idempotency-Key': idempotencyKey });
    const unique = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
    const newKey = async (keyMode: 'live' | 'test') => {
      const made = await call('POST', '/keys', { name: `sku-customs-${keyMode}`, scopes: ['balance:read', 'labels:buy', 'labels:read'], password: 'bulk-password', mode: keyMode }, { token: seller.token });
      expect(made.status).toBe(201);
      return String(made.body['key']);
    };
    const testBalance = async () => Number((await call('GET', '/v1/balance', undefined, { authorization: `Bearer ${testKey}` })).body['available_cents']);

    beforeAll(async () => {
      call = apiClient(running().baseUrl);
      adminToken = await adminTokenOf(call, running());
      seller = await newBulkCustomer(call, adminToken, 100_000, 'sku-customs-api');
      const added = await call('POST', `/auth/add-sku/${seller.userId}`, { parsedData: [TEE, MUG, BOWL] }, { token: seller.token });
      expect(added.status).toBe(201);
      [liveKey, testKey] = [await newKey('live'), await newKey('test')];
    });

    it('buys a label to Germany with an API key whose customs lines name SKUs: the customs form shows each SKU’s description, value and HS code', async () => {
      const bought = await call('POST', '/orders/v2', orderToGermany([{ sku: 'TEE-1', quantity: 2 }, { sku: 'MUG-1', quantity: 1, value_cents: 1100 }]), bearer(liveKey, `sku-v2-${unique}`));
      expect([bought.status, bought.body['message']]).toEqual([200, undefined]);
      const data = bought.body['data'] as Body;
      expect(await balanceOf(call, seller.token)).toBe(100_000 - Number(data['price']));
      const file = await call('GET', `/orders/download/v2/${String(data['pdfName'])}`, undefined, { token: seller.token });
      expect(file.status).toBe(200);
      const text = pdfText(file.bytes ?? Buffer.alloc(0));
      // The T-shirts' value is the SKU's unit value twice; the mug's is the line's own.
      for (const shown of ['COMMERCIAL INVOICE ATTACHED', 'Cotton T-shirt', '$25.00', 'HS 610910', 'Ceramic mug', '$11.00', 'HS 691200', '$36.00', 'ANN SENDER']) expect(text).toContain(shown);

      const shipment = await call('POST', '/v1/shipments', orderToGermany([{ sku: 'mug-1', quantity: 3 }]), bearer(liveKey, `sku-v1-${unique}`));
      expect([shipment.status, shipment.body['status'], shipment.body['mode']]).toEqual([201, 'completed', 'live']);
      const label = await call('GET', `/v1/shipments/${String(shipment.body['id'])}/label`, undefined, { authorization: `Bearer ${liveKey}` });
      const labelText = pdfText(label.bytes ?? Buffer.alloc(0));
      for (const shown of ['Ceramic mug', '$27.00', 'HS 691200']) expect(labelText).toContain(shown);
    });

    it('refuses an unknown SKU naming its line, and a SKU without an HS code to Germany as a typed item, charging nothing', async () => {
      const before = await balanceOf(call, seller.token);
      const unknown = await call('POST', '/v1/shipments', orderToGermany([{ sku: 'TEE-1', quantity: 1 }, { sku: 'CAP-9', quantity: 1 }]), bearer(liveKey, `sku-unknown-${unique}`));
      expect([unknown.status, unknown.body['issues']]).toEqual([
        400,
        [{ path: 'customs.items.1.sku', message: 'SKU CAP-9 is not saved: add it with its customs defaults in SKU Management to ship it to Germany' }],
      ]);
      const noHs = await call('POST', '/orders/v2', orderToGermany([{ sku: 'BOWL-1', quantity: 2 }]), bearer(liveKey, `sku-no-hs-${unique}`));
      const message = 'Item 1 (Salad bowl) needs an HS tariff number of 6 to 10 digits; Germany requires one for every item';
      expect([noHs.status, noHs.body['message'], noHs.body['issues']]).toEqual([400, message, [{ path: 'customs.items.0.hs_tariff_number', message }]]);
      expect(await balanceOf(call, seller.token)).toBe(before);
      const listed = (await call('GET', '/v1/shipments?limit=100', undefined, { authorization: `Bearer ${liveKey}` })).body['data'] as Body[];
      expect(listed.map((shipment) => shipment['status'])).not.toContain('cancelled');
    });

    it('buys on POST /api/orders/v2 with a test key in test mode: the test balance alone pays, the key kept apart from a live one', async () => {
      const topUp = await call('POST', '/v1/balance/test-top-up', { amount_cents: 50_000 }, bearer(testKey, `sku-top-up-${unique}`));
      expect(topUp.status).toBe(201);
      const live = await balanceOf(call, seller.token);
      const key = `sku-test-v2-${unique}`;
      const bought = await call('POST', '/orders/v2', orderToGermany([{ sku: 'TEE-1', quantity: 1 }]), bearer(testKey, key));
      expect(bought.status).toBe(200);
      const data = bought.body['data'] as Body;
      expect([await balanceOf(call, seller.token), await testBalance()]).toEqual([live, 50_000 - Number(data['price'])]);
      const shipment = await call('GET', `/v1/shipments/${String(data['orderId'])}`, undefined, { authorization: `Bearer ${testKey}` });
      expect([shipment.status, shipment.body['mode']]).toEqual([200, 'test']);
      expect((await call('GET', `/v1/shipments/${String(data['orderId'])}`, undefined, { authorization: `Bearer ${liveKey}` })).status).toBe(404);
      // A replay answers the test label again; the same Idempotency-Key with the live key is a live order of its own.
      expect(((await call('POST', '/orders/v2', orderToGermany([{ sku: 'TEE-1', quantity: 1 }]), bearer(testKey, key))).body['data'] as Body)['orderId']).toBe(data['orderId']);
      expect(await testBalance()).toBe(50_000 - Number(data['price']));
      const liveBought = await call('POST', '/orders/v2', orderToGermany([{ sku: 'TEE-1', quantity: 1 }]), bearer(liveKey, key));
      expect(liveBought.status).toBe(200);
      expect((liveBought.body['data'] as Body)['orderId']).not.toBe(data['orderId']);
      expect(await balanceOf(call, seller.token)).toBe(live - Number((liveBought.body['data'] as Body)['price']));
      expect(await testBalance()).toBe(50_000 - Number(data['price']));
    });
  });
};
