import { FINAL_BULK_STATUSES, type BulkOrder, type BulkOrderItemInput } from '@labeldesk/contracts';
import { request as httpRequest } from 'node:http';

type Body = Record<string, unknown>;

export interface ApiAnswer {
  status: number;
  body: Body;
  headers: Headers;
  bytes: Buffer | null;
}

/** A JSON client for one system's REST API. */
export const apiClient = (baseUrl: string) => async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}, signal?: AbortSignal): Promise<ApiAnswer> => {
  const response = await fetch(`${baseUrl}/api${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    ...(signal === undefined ? {} : { signal }),
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  const isJson = (response.headers.get('content-type') ?? '').includes('json');
  return { status: response.status, body: (isJson ? await response.json() : {}) as Body, headers: response.headers, bytes: isJson ? null : Buffer.from(await response.arrayBuffer()) };
};
export type Api = ReturnType<typeof apiClient>;

/**
 * POSTs a body the server refuses before reading it, and answers what the server said, as curl shows it. fetch fails
 * outright ("fetch failed", ECONNRESET) when the connection closes while it is still sending, even after the answer
 * has arrived: that race made a 413 test fail once in the distributed mode's proxy.
 */
export const postOversized = (baseUrl: string, path: string, body: string, headers: Record<string, string> = {}): Promise<{ status: number; body: Body }> =>
  new Promise((resolve, reject) => {
    let answered = false;
    const outgoing = httpRequest(`${baseUrl}/api${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), ...headers } }, (response) => {
      answered = true;
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Body }));
      response.on('error', reject);
    });
    // A write cut off after the answer came is the refusal working, not a failure.
    outgoing.on('error', (error) => answered || reject(error));
    outgoing.end(body);
  });

/** The first admin's session token (every test system has one, made at start). */
export const adminTokenOf = async (call: Api, system: { adminEmail: string; adminPassword: string }): Promise<string> =>
  String((await call('POST', '/auth/login', { email: system.adminEmail, password: system.adminPassword })).body['token']);

/**
 * A valid single-label purchase body (`POST /orders/v2`), priced 850 cents (the tier up to 5 lb). Its 2 lb stay under
 * that price at every carrier the tests buy from (the EasyPost fake's Priority Mail is $8.05 for 2 lb, $9.20 for 3):
 * a label is never sold under its cost.
 */
export const SINGLE_LABEL_ORDER = {
  service_name: 'USPS Priority Mail',
  sender: { sender_name: 'Ann Sender', sender_address1: '1 Main St', sender_city: 'Austin', sender_state_province: 'TX', sender_zip_postal: '78701', sender_country: 'US' },
  receiver: { receiver_name: 'Bob Receiver', receiver_address1: '200 Pine Ave', receiver_city: 'Seattle', receiver_state_province: 'WA', receiver_zip_postal: '98101', receiver_country: 'US' },
  package: { package_length: 10, package_width: 8, package_height: 4, package_weight: 2 },
};

/** A valid bulk row; `i` makes its recipient, Amazon ids and SKU distinct. */
export const bulkRow = (i: number, change: { weight?: number; service?: string; quantity?: number; sku?: string } = {}): BulkOrderItemInput => ({
  courier: 'usps',
  service_name: change.service ?? 'USPS Priority Mail',
  manifested: false,
  sender: { sender_name: 'Ann Sender', sender_phone: '555-111-2222', sender_company: 'Acme', sender_address1: '1 Main St', sender_address2: '', sender_city: 'Austin', sender_state_province: 'TX', sender_zip_postal: '78701', sender_country: 'US' },
  receiver: { receiver_name: `Bob ${i}`, receiver_phone: '', receiver_company: '', receiver_address1: `${100 + i} Pine Ave`, receiver_address2: '', receiver_city: 'Seattle', receiver_state_province: 'WA', receiver_zip_postal: '98101', receiver_country: 'US' },
  package: {
    package_length: 10, package_width: 8, package_height: 4, package_weight: change.weight ?? 2, package_weight_unit: 'LB',
    package_description: 'Mug', package_reference1: String(change.quantity ?? 1), package_reference2: change.sku ?? `SKU-${i % 3}`,
    order_id: `114-${String(1000000 + i).padStart(7, '0')}-${String(2000000 + i).padStart(7, '0')}`, order_item_id: String(30000000000000 + i),
    sku_number: change.sku ?? `SKU-${i % 3}`, quantity: change.quantity ?? 1,
  },
});


/** A customer with the sandbox services, and `balanceCents` set by the admin. */
export const newBulkCustomer = async (call: Api, adminToken: string, balanceCents: number, label = 'bulk') => {
  const registered = await call('POST', '/auth/register', { name: 'Bulk Buyer', email: `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`, password: 'bulk-password', confirmPassword: 'bulk-password' });
  const token = String(registered.body['token']);
  const userId = String((registered.body['user'] as Body)['_id']);
  await call('POST', `/userServices/${userId}/initialize`, undefined, { token });
  if (balanceCents > 0) {
    const credited = await call('POST', `/auth/users/details/${userId}`, { balance: balanceCents }, { token: adminToken });
    if (credited.status !== 200) throw new Error(`could not set the balance: ${credited.status} ${JSON.stringify(credited.body)}`);
  }
  return { token, userId };
};

export const submitBulk = async (call: Api, who: { token: string; userId: string }, rows: BulkOrderItemInput[], options?: Body) => {
  const init = await call('POST', '/orders/bulk/init', { userId: who.userId }, { token: who.token });
  if (init.status !== 200) throw new Error(`bulk init answered ${init.status} ${JSON.stringify(init.body)}`);
  const orderId = String(init.body['orderId']);
  const processed = await call('POST', `/orders/bulk/process/${who.userId}`, { orderId, orderData: rows, ...(options ? { options } : {}) }, { token: who.token });
  return { orderId, processed };
};

export const waitForBulk = async (call: Api, token: string, orderId: string, until: (b: BulkOrder) => boolean = (b) => FINAL_BULK_STATUSES.includes(b.status), timeoutMs = 120_000): Promise<BulkOrder> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await call('GET', `/orders/bulk/order/${orderId}`, undefined, { token });
    const order = answer.body as unknown as BulkOrder;
    if (answer.status === 200 && until(order)) return order;
    if (Date.now() > deadline) throw new Error(`bulk ${orderId} still ${String(order.status)} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
};

export const balanceOf = async (call: Api, token: string): Promise<number> => Number((await call('GET', '/auth/api/balance', undefined, { token })).body['balance']);
