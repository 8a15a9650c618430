import { bulkOrderItemSchema, bulkOrderSchema, FINAL_BULK_STATUSES } from '@labeldesk/contracts';
import type { BulkOrder, BulkOrderItemInput } from '@labeldesk/contracts';
import { loginThroughApi, newCustomer } from './accounts';
import type { Customer } from './accounts';
import { adminCredentials, appUrl } from './env';

/** Bulk flows set up through the API: a funded customer, a batch started, a batch waited for. */

interface ApiAnswer {
  status: number;
  body: unknown;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

export const apiCall = async (path: string, options: { method?: 'GET' | 'POST' | 'PUT' | 'PATCH'; token?: string; body?: unknown } = {}): Promise<ApiAnswer> => {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.token) headers['token'] = options.token;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(appUrl(path), {
    method: options.method ?? 'GET',
    headers,
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    // not JSON: keep the text for the error message
  }
  return { status: response.status, body };
};

const expectOk = (answer: ApiAnswer, what: string): Record<string, unknown> => {
  if (answer.status < 200 || answer.status > 299 || !isRecord(answer.body)) {
    throw new Error(`${what} answered ${answer.status}: ${JSON.stringify(answer.body).slice(0, 500)}`);
  }
  return answer.body;
};

export interface FundedCustomer extends Customer {
  token: string;
  userId: string;
}

/** Registers a new customer and has the seeded admin set its balance (cents) through the admin API. */
export const fundedCustomer = async (balanceCents: number): Promise<FundedCustomer> => {
  const customer = newCustomer();
  const registered = expectOk(
    await apiCall('/api/auth/register', { method: 'POST', body: { ...customer, confirmPassword: customer.password } }),
    'register',
  );
  const token = registered['token'];
  const user = registered['user'];
  if (typeof token !== 'string' || !isRecord(user) || typeof user['_id'] !== 'string') throw new Error('register answered no token or user id');
  const userId = user['_id'];
  const admin = await loginThroughApi(adminCredentials());
  expectOk(await apiCall(`/api/auth/users/details/${userId}`, { method: 'POST', token: admin.token, body: { balance: balanceCents } }), 'set balance');
  return { ...customer, token, userId };
};

/** A service the customer may buy (the defaults are given to a new user on first use, as the web app does). */
export const serviceNameFor = async (customer: FundedCustomer): Promise<string> => {
  const read = async (): Promise<string[]> => {
    const answer = await apiCall(`/api/userServices/${customer.userId}/available`, { token: customer.token });
    if (answer.status !== 200 || !Array.isArray(answer.body)) throw new Error(`available services answered ${answer.status}`);
    return answer.body.flatMap((service: unknown) => (isRecord(service) && typeof service['name'] === 'string' ? [service['name']] : []));
  };
  let names = await read();
  if (names.length === 0) {
    await apiCall(`/api/userServices/${customer.userId}/initialize`, { method: 'POST', token: customer.token, body: {} });
    names = await read();
  }
  const name = names.find((candidate) => /priority/i.test(candidate)) ?? names[0];
  if (!name) throw new Error('the customer has no service to buy');
  return name;
};

const CITIES = [
  { city: 'Austin', state: 'TX', zip: '78701' },
  { city: 'Denver', state: 'CO', zip: '80202' },
  { city: 'Portland', state: 'OR', zip: '97205' },
  { city: 'Columbus', state: 'OH', zip: '43215' },
] as const;

/** `count` valid bulk rows (each checked against the contract's schema before it is sent). */
export const bulkRows = (count: number, serviceName: string): BulkOrderItemInput[] =>
  Array.from({ length: count }, (_, index) => {
    const to = CITIES[index % CITIES.length] ?? CITIES[0];
    const row: BulkOrderItemInput = {
      courier: 'usps',
      service_name: serviceName,
      manifested: false,
      sender: {
        sender_name: 'Sam Sender',
        sender_phone: '555-010-2000',
        sender_company: 'Sender Goods LLC',
        sender_address1: '100 Market St',
        sender_address2: '',
        sender_city: 'San Francisco',
        sender_state_province: 'CA',
        sender_zip_postal: '94105',
        sender_country: 'US',
      },
      receiver: {
        receiver_name: `Rita Receiver ${index + 1}`,
        receiver_phone: '555-010-3000',
        receiver_company: '',
        receiver_address1: `${200 + index} Main St`,
        receiver_address2: '',
        receiver_city: to.city,
        receiver_state_province: to.state,
        receiver_zip_postal: to.zip,
        receiver_country: 'US',
      },
      package: {
        package_length: 10,
        package_width: 8,
        package_height: 4,
        package_weight: 2,
        package_weight_unit: 'LB',
        package_description: 'E2E parcel',
        package_reference1: '',
        package_reference2: '',
        order_id: `114-${String(1000000 + index)}-0000000`,
        order_item_id: String(50000000000000 + index),
        sku_number: `SKU-${(index % 5) + 1}`,
        quantity: 1,
      },
    };
    bulkOrderItemSchema.parse(row);
    return row;
  });

/** init + process; resolves with the batch id once the server accepted it. */
export const startBatch = async (customer: FundedCustomer, rows: BulkOrderItemInput[]): Promise<string> => {
  const init = expectOk(await apiCall('/api/orders/bulk/init', { method: 'POST', token: customer.token, body: { userId: customer.userId } }), 'bulk init');
  const orderId = init['orderId'];
  if (typeof orderId !== 'string') throw new Error('bulk init answered no orderId');
  expectOk(
    await apiCall(`/api/orders/bulk/process/${customer.userId}`, {
      method: 'POST',
      token: customer.token,
      body: { orderId, orderData: rows, options: { labelFormat: '4x6', sortBySku: false } },
    }),
    'bulk process',
  );
  return orderId;
};

export const getBatch = async (customer: FundedCustomer, orderId: string): Promise<BulkOrder> =>
  bulkOrderSchema.parse(expectOk(await apiCall(`/api/orders/bulk/order/${orderId}`, { token: customer.token }), 'bulk order'));

/** Polls the batch until it reaches a final status (files included when it completed). */
export const waitForFinalBatch = async (customer: FundedCustomer, orderId: string, timeoutMs = 120_000): Promise<BulkOrder> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const batch = await getBatch(customer, orderId);
    const filesReady = batch.status !== 'completed' || (batch.pdfName && batch.resultCSVName && batch.autoConfirmCSVName);
    if (FINAL_BULK_STATUSES.includes(batch.status) && filesReady) return batch;
    if (Date.now() > deadline) throw new Error(`batch ${orderId} still ${batch.status} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
};
