// bench:shipments' account, made through the REST API as an integrator's is: the admin signs in, a customer registers,
// gets their services and a balance, makes an API key (labels:read and labels:buy) and buys one label with it through
// `POST /api/v1/shipments`: the product's own label, read beside a seeded one to check the seed writes what a
// purchase does.
import { randomUUID } from 'node:crypto';
import { api, retry } from './setup.mjs';
import { ADMIN } from './system.mjs';

const PASSWORD = 'bench-shipments-password';
const BALANCE_CENTS = 10_000_000;

/** The sandbox label the integrator buys (the Order Label form's fields, as a v1 body). */
const purchase = (reference) => ({
  service_name: 'USPS Priority Mail',
  courier: 'usps',
  manifested: false,
  sender: {
    sender_name: 'Acme Widgets Fulfillment',
    sender_address1: '1200 Industrial Parkway',
    sender_city: 'Columbus',
    sender_state_province: 'OH',
    sender_zip_postal: '43215',
    sender_country: 'US',
  },
  receiver: { receiver_name: 'Jane Doe', receiver_address1: '350 Fifth Avenue', receiver_address2: 'Suite 4200', receiver_city: 'New York', receiver_state_province: 'NY', receiver_zip_postal: '10118', receiver_country: 'US' },
  package: { package_length: 12, package_width: 10, package_height: 4, package_weight: 1, package_weight_unit: 'LB', package_description: 'Blue widget, large', package_reference1: '1', package_reference2: 'WID-00000' },
  reference,
  metadata: { channel: 'web' },
});

/** The integrator's key as the header an integrator sends. */
export const bearer = (key) => ({ authorization: `Bearer ${key}` });

/** The integrator: { userId, key, bought } (bought: the v1 shipment of the label bought through the API). */
export const setUpIntegrator = async (base) => {
  const call = api(base);
  const admin = await retry('admin sign-in', () => call('POST', '/auth/login', { body: ADMIN }));
  const email = `bench-shipments-${randomUUID().slice(0, 8)}@example.com`;
  const registered = await call('POST', '/auth/register', { body: { name: 'Bench Integrator', email, password: PASSWORD, confirmPassword: PASSWORD } });
  const userId = registered.user._id;
  await call('POST', `/userServices/${userId}/initialize`, { body: {}, token: registered.token });
  await call('POST', `/auth/users/details/${userId}`, { body: { balance: BALANCE_CENTS }, token: admin.token, headers: { 'idempotency-key': `bench-${randomUUID()}` } });
  const created = await call('POST', '/keys', { body: { name: 'bench-shipments', scopes: ['labels:read', 'labels:buy'], password: PASSWORD }, token: registered.token });
  const bought = await call('POST', '/v1/shipments', { body: purchase('BOUGHT-THROUGH-API'), headers: { ...bearer(created.key), 'idempotency-key': `bench-${randomUUID()}` } });
  if (bought.status !== 'completed') throw new Error(`the integrator's purchase is ${bought.status}, not completed: ${JSON.stringify(bought).slice(0, 300)}`);
  return { userId, key: created.key, bought };
};

/** The keys of an answer, nested ones dotted, sorted: two shipments have the same shape when these are equal. */
export const shapeOf = (value, prefix = '') =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? Object.entries(value)
        .flatMap(([k, v]) => (k === 'metadata' ? [`${prefix}${k}`] : shapeOf(v, `${prefix}${k}.`)))
        .sort()
    : [prefix.slice(0, -1)];
