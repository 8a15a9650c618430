// bench:api setup through the public REST API only (product spec section 7, gateway/src/http/*): the admin signs
// in; two customers register and get their services (POST /api/userServices/:id/initialize, as the web app does): a
// buyer for quotes, verify and label purchases, and a lister whose order list stays at exactly LIST_ORDERS; the admin
// sets their balances (POST /api/auth/users/details/:id, a ledger adjustment); the lister buys LIST_ORDERS labels
// with the sandbox carrier. With `rates`, the buyer asks POST /api/rates once for the rates benchmark's parcel: a route
// that answers no rates stops the run there, and the carriers' answer is then in orders' 5-minute cache.
import { randomUUID } from 'node:crypto';
import { ADMIN } from './system.mjs';

export const SERVICE_NAME = 'USPS Priority Mail';
const BALANCE_CENTS = 100_000_000;

const destinations = [
  { receiver_name: 'Jane Doe', receiver_company: '', receiver_address1: '350 Fifth Avenue', receiver_address2: 'Suite 4200', receiver_city: 'New York', receiver_state_province: 'NY', receiver_zip_postal: '10118' },
  { receiver_name: 'Maximilian Alexander Montgomery', receiver_company: 'Northwest Regional Medical Supply', receiver_address1: '12345 North Johnson Creek Boulevard', receiver_address2: 'Apartment 1205', receiver_city: 'Rancho Santa Margarita', receiver_state_province: 'CA', receiver_zip_postal: '92688-1234' },
  { receiver_name: 'Carlos Ruiz', receiver_company: '', receiver_address1: '1600 Pennsylvania Ave NW', receiver_address2: '', receiver_city: 'Washington', receiver_state_province: 'DC', receiver_zip_postal: '20500' },
];

/** The Order Label form's payload (web/src/services/orders/create-order.ts toSingleOrderPayload), label number `i`. */
export const singleOrder = (userId, i) => ({
  user_id: userId,
  service_name: SERVICE_NAME,
  manifested: false,
  courier: 'usps',
  sender: {
    sender_name: 'Acme Widgets Fulfillment',
    sender_phone: '',
    sender_company: '',
    sender_address1: '1200 Industrial Parkway',
    sender_address2: '',
    sender_city: 'Columbus',
    sender_state_province: 'OH',
    sender_zip_postal: '43215',
    sender_country: 'US',
  },
  receiver: { receiver_phone: '', receiver_country: 'US', ...destinations[i % destinations.length] },
  package: {
    package_length: 12,
    package_width: 10,
    package_height: 4,
    package_weight: 1 + (i % 30),
    package_weight_unit: 'LB',
    package_description: 'Blue widget, large',
    package_reference1: '1',
    package_reference2: `WID-${String(i).padStart(5, '0')}`,
  },
});

/** The quote the Order Label page asks for: one shipment, only service and weight (spec 7). */
export const quoteBody = (userId) => ({ userId, shipments: [{ service_name: SERVICE_NAME, package: { package_weight: 3 } }] });

/**
 * The rates benchmark's parcel (`POST /api/rates`, libs/contracts rates.schema.ts): the first label's sender, receiver
 * and package, the same every time, so every request after the first is answered from orders' carrier-rates cache.
 */
export const ratesBody = (userId) => {
  const { sender, receiver, package: parcel } = singleOrder(userId, 0);
  return { userId, sender, receiver, package: parcel };
};

export const api = (base) => async (method, path, { body, token, headers = {} } = {}) => {
  const response = await fetch(`${base}/api${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { token } : {}), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let json;
  try {
    json = JSON.parse(text);
  } catch {
    json = text;
  }
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${typeof json === 'object' ? (json.message ?? text) : text}`.slice(0, 400));
  return json;
};

export const retry = async (what, fn, attempts = 20) => {
  for (let i = 1; ; i++) {
    try {
      return await fn();
    } catch (error) {
      if (i >= attempts) throw new Error(`${what}: ${error.message}`);
      await new Promise((r) => setTimeout(r, 500));
    }
  }
};

/**
 * Prepares the users. `listOrders`: how many labels the lister buys (0 skips the lister); `rates`: warm the rates
 * cache (and refuse an empty answer). Returns tokens, ids, the count the orders list answered and the rates warmed.
 */
export const setUp = async (base, { listOrders = 200, concurrency = 4, rates = false } = {}) => {
  const call = api(base);
  // The services may still be settling right after /api/health turned 200 (distributed mode): retry the first call.
  const admin = await retry('admin sign-in', () => call('POST', '/auth/login', { body: ADMIN }));
  const register = async (name) => {
    const email = `${name}-${randomUUID().slice(0, 8)}@example.com`;
    const registered = await call('POST', '/auth/register', { body: { name, email, password: 'bench-api-password', confirmPassword: 'bench-api-password' } });
    // The web app initialises a new customer's services from the defaults (web/src/services/shipping-services/list-user-shipping-services.ts).
    await call('POST', `/userServices/${registered.user._id}/initialize`, { body: {}, token: registered.token });
    const available = await call('GET', `/userServices/${registered.user._id}/available`, { token: registered.token });
    if (!available.some((s) => s.name === SERVICE_NAME)) throw new Error(`${SERVICE_NAME} is not among the services of a new customer: ${available.map((s) => s.name).join(', ')}`);
    await call('POST', `/auth/users/details/${registered.user._id}`, { body: { balance: BALANCE_CENTS }, token: admin.token, headers: { 'idempotency-key': `bench-${randomUUID()}` } });
    return { id: registered.user._id, token: registered.token, email };
  };
  const buyer = await register('bench-buyer');
  const balance = await call('GET', '/auth/api/balance', { token: buyer.token });
  if (balance.balance !== BALANCE_CENTS) throw new Error(`the buyer's balance is ${balance.balance}, not ${BALANCE_CENTS}`);
  // One of each request before any load, so a broken route fails here with its message rather than as load errors.
  await call('POST', '/orders/price/v2/bulk', { body: quoteBody(buyer.id), token: buyer.token });
  await call('GET', '/auth/verify', { token: buyer.token });
  await call('POST', '/orders/v2', { body: singleOrder(buyer.id, 0), token: buyer.token, headers: { 'idempotency-key': `bench-${randomUUID()}` } });
  let warmedRates = null;
  if (rates) {
    const answer = await call('POST', '/rates', { body: ratesBody(buyer.id), token: buyer.token });
    // A benchmark of empty answers measures nothing: no carrier rated the parcel, so there is no cache to measure.
    if (!Array.isArray(answer?.rates) || answer.rates.length === 0) throw new Error(`POST /api/rates answered no rates for the benchmark's parcel (${JSON.stringify(answer).slice(0, 200)}): no carrier rates it, nothing to measure`);
    warmedRates = answer.rates.length;
  }

  let lister = null;
  let listed = 0;
  let setupMs = 0;
  if (listOrders > 0) {
    lister = await register('bench-lister');
    const started = performance.now();
    let next = 0;
    const worker = async () => {
      while (next < listOrders) {
        const i = next++;
        await call('POST', '/orders/v2', { body: singleOrder(lister.id, i), token: lister.token, headers: { 'idempotency-key': `bench-${randomUUID()}` } });
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
    setupMs = Math.round(performance.now() - started);
    // The route the Orders page uses (web/src/services/orders/list-orders.ts).
    listed = (await call('GET', `/orders/${encodeURIComponent(lister.id)}`, { token: lister.token })).orders.length;
    if (listed !== listOrders) throw new Error(`the lister's order list has ${listed} orders, not ${listOrders}`);
  }
  return { buyer, lister, listed, listSetupMs: setupMs, warmedRates };
};
