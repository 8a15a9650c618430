import { API_SCOPES } from '@labeldesk/contracts';
import { createLabelDesk, LabelDeskApiError, type BuyShipmentRequest, type LabelDesk } from '@labeldesk/sdk';
import type { RunningSystem } from '@labeldesk/testing';
import { readFileSync } from 'node:fs';
import { adminTokenOf, apiClient, newBulkCustomer, type Api } from './bulk-api';
import { DRIFT, SDK_TYPES_FILE, sdkTypesOf } from './sdk-types';

const PARCEL = {
  sender: { sender_name: 'Ann Sender', sender_address1: '1 Main St', sender_city: 'Austin', sender_state_province: 'TX', sender_zip_postal: '78701', sender_country: 'US' },
  receiver: { receiver_name: 'Bob Receiver', receiver_address1: '200 Pine Ave', receiver_city: 'Seattle', receiver_state_province: 'WA', receiver_zip_postal: '98101', receiver_country: 'US' },
  package: { package_length: 10, package_width: 8, package_height: 4, package_weight: 2, package_weight_unit: 'LB' },
} satisfies Pick<BuyShipmentRequest, 'sender' | 'receiver' | 'package'>;

/**
 * The SDK (libs/sdk, decision 106) as an integrator uses it, with an API key only: its types are those of the document
 * the running system serves, then rates → buy → label → void → the list finds it voided → its events, with the API's
 * refusals thrown as typed errors, with a live key; then the same flow with a test key topped up by test-top-up, on the
 * sandbox and the test balance alone (decisions 110, 119).
 */
export const describeSdkExample = (mode: string, running: () => RunningSystem): void => {
  describe(`the TypeScript SDK with an API key (${mode} mode)`, () => {
    let labels: LabelDesk;
    let userId = '';
    let call: Api;
    let bearer: Record<string, string> = {};
    let sellerToken = '';

    beforeAll(async () => {
      const system = running();
      call = apiClient(system.baseUrl);
      const seller = await newBulkCustomer(call, await adminTokenOf(call, system), 10_000, 'sdk');
      userId = seller.userId;
      sellerToken = seller.token;
      const made = await call('POST', '/keys', { name: 'sdk example', scopes: [...API_SCOPES], password: 'bulk-password' }, { token: seller.token });
      expect(made.status).toBe(201);
      bearer = { authorization: `Bearer ${String(made.body['key'])}` };
      labels = createLabelDesk({ baseUrl: system.baseUrl, apiKey: String(made.body['key']) });
    }, 60_000);

    it("has the types of the document the system serves at /api/docs/openapi.json", async () => {
      const served = (await (await fetch(`${running().baseUrl}/api/docs/openapi.json`)).json()) as unknown;
      if ((await sdkTypesOf(served)) !== readFileSync(SDK_TYPES_FILE, 'utf8')) throw new Error(DRIFT);
    }, 60_000);

    it("rates, buys, prints, voids and lists a label, charging it once, reads its events and throws refusals as LabelDeskApiError", async () => {
      // Events are kept for the caller's endpoints: one subscribed (a public address, so no name is looked up; nothing
      // answers there, and it is turned off at the end; the SDK covers /api/v1 only, so it is made by a plain call).
      const endpoint = await call('POST', '/webhooks', { url: 'https://1.1.1.1/sdk-hooks', events: ['label.purchased', 'label.voided'] }, bearer);
      expect(endpoint.status).toBe(201);
      try {
        await rateBuyPrintVoidList();
      } finally {
        await call('PATCH', `/webhooks/${String(endpoint.body['id'])}`, { enabled: false }, bearer);
      }
    }, 180_000);

    it('runs the example flow with a test key topped up by test-top-up: rates, buys, prints and voids a sample label on the test balance, reads its events in test mode, and leaves the live balance as it was', async () => {
      const made = await call('POST', '/keys', { name: 'sdk test mode', scopes: [...API_SCOPES], password: 'bulk-password', mode: 'test' }, { token: sellerToken });
      expect(made.status).toBe(201);
      expect(String(made.body['key'])).toMatch(/^ld_test_/);
      const test = createLabelDesk({ baseUrl: running().baseUrl, apiKey: String(made.body['key']) });
      const live = await labels.balance();
      expect(await test.me()).toMatchObject({ id: userId, mode: 'test' });
      expect(await test.testTopUp(2500, { idempotencyKey: `sdk-test-${userId}` })).toEqual({ available_cents: 2500, held_cents: 0 });

      const { rates } = await test.rates(PARCEL);
      const priority = rates.find((rate) => rate.service === 'USPS Priority Mail');
      expect(priority).toMatchObject({ carrier: 'usps', priceCents: expect.any(Number) });
      const shipment = await test.buyShipment({ ...PARCEL, service_name: 'USPS Priority Mail', manifested: false, label_format: 'pdf' }, { idempotencyKey: `sdk-test-buy-${userId}` });
      expect(shipment).toMatchObject({ status: 'completed', mode: 'test', price_cents: priority?.priceCents });
      expect(await test.balance()).toEqual({ available_cents: 2500 - (shipment.price_cents ?? 0), held_cents: 0 });
      const pdf = await test.label(shipment.id);
      expect(new TextDecoder('latin1').decode(pdf.subarray(0, 5))).toBe('%PDF-');
      const voided = await test.voidShipment(shipment.id);
      expect(voided).toMatchObject({ shipment_id: shipment.id, label_state: 'voided' });
      expect(await test.balance()).toEqual({ available_cents: 2500, held_cents: 0 });

      const events = [];
      for await (const event of test.eachEvent()) if (event.type !== 'tracking.updated') events.push([event.type, event.data['orderId'], event.data['mode']]);
      expect(events).toEqual([
        ['label.voided', shipment.id, 'test'],
        ['label.purchased', shipment.id, 'test'],
      ]);
      // The live key sees neither the test label nor its money; nor may it top up.
      await expect(labels.shipment(shipment.id)).rejects.toMatchObject({ status: 404 });
      expect(await labels.testTopUp(100).catch((error: unknown) => error)).toMatchObject({ status: 403, code: 'FORBIDDEN' });
      expect(await labels.balance()).toEqual(live);
    }, 120_000);

    const rateBuyPrintVoidList = async () => {
      const reference = `SDK-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6).toString(36)}`;
      expect(await labels.me()).toMatchObject({ id: userId, auth_method: 'api_key' });
      const before = await labels.balance();

      const { rates } = await labels.rates(PARCEL);
      const priority = rates.find((rate) => rate.service === 'USPS Priority Mail');
      expect(priority).toMatchObject({ carrier: 'usps', priceCents: expect.any(Number) });
      const order: BuyShipmentRequest = { ...PARCEL, service_name: priority?.service ?? '', courier: priority?.carrier, manifested: false, label_format: 'pdf', reference, metadata: { shop: 'sdk' } };

      const idempotencyKey = `sdk-${reference}`;
      const shipment = await labels.buyShipment(order, { idempotencyKey });
      expect(shipment).toMatchObject({ status: 'completed', label_state: 'purchased', reference, metadata: { shop: 'sdk' }, price_cents: priority?.priceCents, tracking_number: expect.any(String) });
      // A retry with the same key answers the same shipment; the key with another order is refused, typed.
      expect((await labels.buyShipment(order, { idempotencyKey })).id).toBe(shipment.id);
      const conflict = await labels.buyShipment({ ...order, reference: `${reference}-other` }, { idempotencyKey }).catch((error: unknown) => error);
      expect(conflict).toBeInstanceOf(LabelDeskApiError);
      expect(conflict).toMatchObject({ status: 409, idempotencyKey, body: { code: expect.any(String), message: expect.any(String) } });
      expect((await labels.balance()).available_cents).toBe(before.available_cents - (shipment.price_cents ?? 0));

      const pdf = await labels.label(shipment.id);
      expect(new TextDecoder('latin1').decode(pdf.subarray(0, 5))).toBe('%PDF-');
      await expect(labels.label(shipment.id, 'zpl')).rejects.toMatchObject({ status: 409, code: 'CONFLICT' });

      const voided = await labels.voidShipment(shipment.id);
      expect(voided).toMatchObject({ shipment_id: shipment.id, tracking_number: shipment.tracking_number, label_state: expect.stringMatching(/^(voided|refund_pending)$/) });

      const found = [];
      for await (const one of labels.eachShipment({ reference, limit: 1 })) found.push(one);
      expect(found.map((one) => [one.id, one.label_state])).toEqual([[shipment.id, voided.label_state]]);
      const newest = await labels.listShipments({ limit: 1 });
      expect(newest.data.map((one) => one.id)).toEqual([shipment.id]);

      // Newest first: the void (when the carrier voided at once), then the purchase, each once.
      const events = [];
      for await (const event of labels.eachEvent()) if (event.data['orderId'] === shipment.id && event.type !== 'tracking.updated') events.push(event);
      expect(events.map((event) => event.type)).toEqual(voided.label_state === 'voided' ? ['label.voided', 'label.purchased'] : ['label.purchased']);
      expect((await labels.listEvents({ type: 'label.purchased', limit: 1 })).data).toEqual([
        { id: expect.any(String), type: 'label.purchased', timestamp: expect.any(String), sequence: 1, data: expect.objectContaining({ orderId: shipment.id, trackingNumber: shipment.tracking_number }) },
      ]);
      // The purchase sent again to the endpoint subscribed to it, once for two calls with one key.
      const purchase = events.at(-1);
      const replayed = await labels.replayEvent(String(purchase?.id), { idempotencyKey: `sdk-replay-${reference}` });
      expect(replayed).toEqual({ event_count: 1, endpoint_ids: [expect.any(String)] });
      expect(await labels.replayEvent(String(purchase?.id), { idempotencyKey: `sdk-replay-${reference}` })).toEqual(replayed);
    };
  });
};
