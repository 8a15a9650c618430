/**
 * Example requests the document publishes, by operationId, each with the status it answers. They are not only words:
 * gateway/test/support/openapi-contract.suite.ts (run by default-settings.int-spec.ts) sends every one to the running app (both modes) and checks the answer
 * validates against the document's schema for that status, so an example, a route and its document cannot disagree.
 * `EXAMPLE_USER_ID` stands for the caller's own user id (the test puts theirs there).
 */
export const EXAMPLE_USER_ID = '00000000-0000-4000-8000-000000000000';

export interface ApiExample {
  summary: string;
  /** The status the example answers (a success, or the error it shows). */
  answers: number;
  body?: unknown;
  query?: Record<string, string>;
  /** A header the request sends besides its credential (e.g. Idempotency-Key). */
  headers?: Record<string, string>;
}

const sender = {
  sender_name: 'Ann Sender',
  sender_phone: '555-111-2222',
  sender_address1: '1 Main St',
  sender_city: 'Austin',
  sender_state_province: 'TX',
  sender_zip_postal: '78701',
  sender_country: 'US',
};
const receiver = {
  receiver_name: 'Bob Receiver',
  receiver_address1: '200 Pine Ave',
  receiver_city: 'Seattle',
  receiver_state_province: 'WA',
  receiver_zip_postal: '98101',
  receiver_country: 'US',
};
const parcel = { package_length: 10, package_width: 8, package_height: 4, package_weight: 2.5, package_weight_unit: 'LB' };

export const API_EXAMPLES: Readonly<Record<string, readonly ApiExample[]>> = {
  ratesCompare: [
    { summary: 'Rates for a 2.5 lb parcel from Austin to Seattle', answers: 200, body: { userId: EXAMPLE_USER_ID, sender, receiver, package: parcel } },
    {
      summary: 'A parcel without its weight is refused, naming the field',
      answers: 400,
      body: { userId: EXAMPLE_USER_ID, sender, receiver, package: { package_length: 10, package_width: 8, package_height: 4, package_weight_unit: 'LB' } },
    },
  ],
  ordersPlaceSingle: [
    {
      summary: 'Buy a USPS Priority Mail label (the optional phones, company, address2, description and references left out)',
      answers: 200,
      headers: { 'Idempotency-Key': 'example-order-0001' },
      body: { service_name: 'USPS Priority Mail', courier: 'usps', sender, receiver, package: parcel },
    },
  ],
  ordersList: [{ summary: "Every order of the caller's, oldest first", answers: 200 }],
  ordersRecent: [{ summary: 'The latest orders', answers: 200 }],
  ordersTotal: [{ summary: 'How many labels were bought', answers: 200 }],
  authBalance: [{ summary: 'The balance in cents', answers: 200 }],
  paymentsList: [{ summary: 'The first page of top-ups', answers: 200, query: { page: '1', limit: '10' } }],
  shippingServicesAvailable: [{ summary: 'The services the caller may buy, with their prices', answers: 200 }],
  webhooksList: [{ summary: "The caller's webhook endpoints", answers: 200 }],
  apiKeysList: [{ summary: "The caller's API keys (never the secret)", answers: 200 }],
  packagePresetsList: [{ summary: "The caller's saved boxes", answers: 200 }],
  addressListAddresses: [{ summary: "The caller's saved addresses", answers: 200 }],
  orderSearchOrders: [{ summary: 'The newest page of 10 completed orders', answers: 200, query: { state: 'completed', limit: '10', page: '1' } }],
  // The public API v1 (decision 103): the same parcel, for the caller (no user id anywhere).
  v1AccountMe: [{ summary: 'Who the credential acts as, and its scopes', answers: 200 }],
  v1AccountBalance: [{ summary: 'The balance in cents', answers: 200 }],
  v1RatesRates: [
    { summary: 'Rates for a 2.5 lb parcel from Austin to Seattle', answers: 200, body: { sender, receiver, package: parcel } },
    { summary: 'A field the API does not take is refused, naming it', answers: 400, body: { sender, receiver, package: parcel, insurance: true } },
  ],
  v1RatesVerify: [
    {
      summary: 'Check a receiver\'s address',
      answers: 200,
      body: { address: { street1: '200 Pine Ave', city: 'Seattle', state: 'WA', zip: '98101' } },
    },
  ],
  v1ShipmentsBuy: [
    {
      summary: 'Buy a USPS Priority Mail label with your own order number and data',
      answers: 201,
      headers: { 'Idempotency-Key': 'example-v1-shipment-0001' },
      body: { service_name: 'USPS Priority Mail', courier: 'usps', sender, receiver, package: parcel, reference: 'SHOP-1001', metadata: { channel: 'webshop', picker: 'ann' } },
    },
    {
      summary: 'A purchase without an Idempotency-Key is refused: a retry must be safe',
      answers: 400,
      body: { service_name: 'USPS Priority Mail', courier: 'usps', sender, receiver, package: parcel },
    },
  ],
  v1ShipmentsList: [
    { summary: 'The newest shipment; next_cursor pages on', answers: 200, query: { limit: '1' } },
    { summary: 'The shipments of one reference', answers: 200, query: { reference: 'SHOP-1001' } },
    { summary: 'A cursor this API did not give is refused', answers: 400, query: { cursor: 'not-a-cursor' } },
  ],
  v1BatchesCreate: [
    {
      summary: 'Buy a batch of two labels; a retry with the same key answers the same batch',
      answers: 201,
      headers: { 'Idempotency-Key': 'example-v1-batch-0001' },
      body: {
        shipments: [
          { courier: 'usps', service_name: 'USPS Priority Mail', sender, receiver, package: parcel },
          { courier: 'usps', service_name: 'USPS Ground Advantage', sender, receiver: { ...receiver, receiver_name: 'Carol Receiver' }, package: parcel },
        ],
      },
    },
    { summary: 'A row with a field the API does not take is refused, naming it', answers: 400, headers: { 'Idempotency-Key': 'example-v1-batch-0002' }, body: { shipments: [{ courier: 'usps', service_name: 'USPS Priority Mail', sender, receiver, package: parcel, gift: true }] } },
  ],
  v1EventsList: [
    { summary: 'The latest ten label purchases your endpoints were sent', answers: 200, query: { type: 'label.purchased' } },
    { summary: 'An event type that does not exist is refused', answers: 400, query: { type: 'label.lost' } },
  ],
  v1EventsReplay: [
    { summary: 'An event that is not yours (or none) is not found, whoever it belongs to', answers: 404, headers: { 'Idempotency-Key': 'example-replay-0001' }, body: {} },
    { summary: 'A replay without an Idempotency-Key is refused: a double click must send once', answers: 400, body: {} },
  ],
  v1EventsReplaySince: [
    { summary: 'A webhook that is not yours (or none) is not found', answers: 404, headers: { 'Idempotency-Key': 'example-replay-0002' }, body: { since: '2026-11-01T00:00:00Z' } },
    { summary: 'since must be a time', answers: 400, headers: { 'Idempotency-Key': 'example-replay-0003' }, body: { since: 'yesterday' } },
  ],
};
