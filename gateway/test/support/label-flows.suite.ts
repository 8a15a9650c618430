import type { RunningSystem } from '@labeldesk/testing';

type Body = Record<string, unknown>;

const ORDER = {
  service_name: 'USPS Priority Mail',
  manifested: false,
  courier: 'usps',
  sender: { sender_name: 'Ann Sender', sender_phone: '555-111-2222', sender_company: '', sender_address1: '1 Main St', sender_address2: '', sender_city: 'Austin', sender_state_province: 'TX', sender_zip_postal: '78701', sender_country: 'US' },
  receiver: { receiver_name: 'Bob Receiver', receiver_phone: '', receiver_company: 'Acme', receiver_address1: '200 Pine Ave', receiver_address2: 'Apt 4', receiver_city: 'Seattle', receiver_state_province: 'WA', receiver_zip_postal: '98101', receiver_country: 'US' },
  package: { package_length: 10, package_width: 8, package_height: 4, package_weight: 2.5, package_weight_unit: 'LB', package_description: 'Mug', package_reference1: '2', package_reference2: 'MUG-1' },
};

/** Issue 3's money path through the real gateway and services: credit, quote, buy, replay, download, refusals. */
export const describeLabelFlows = (mode: string, running: () => RunningSystem): void => {
  describe(`buying one label (${mode} mode)`, () => {
    let system: RunningSystem;
    let adminToken: string;
    let token: string;
    let userId: string;

    const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
      const response = await fetch(`${system.baseUrl}/api${path}`, {
        method,
        headers: { 'content-type': 'application/json', ...headers },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const isJson = (response.headers.get('content-type') ?? '').includes('json');
      return { status: response.status, body: (isJson ? await response.json() : {}) as Body, headers: response.headers, bytes: isJson ? null : Buffer.from(await response.arrayBuffer()) };
    };

    beforeAll(async () => {
      system = running();
      adminToken = String((await call('POST', '/auth/login', { email: system.adminEmail, password: system.adminPassword })).body['token']);
      const registered = await call('POST', '/auth/register', { name: 'Buyer', email: `buyer-${Date.now()}@example.com`, password: 'buyer-password', confirmPassword: 'buyer-password' });
      token = String(registered.body['token']);
      userId = String((registered.body['user'] as Body)['_id']);
    }, 120_000);

    it('offers the sandbox services once the user is initialized', async () => {
      await call('POST', `/userServices/${userId}/initialize`, undefined, { token });
      const available = await call('GET', `/userServices/${userId}/available`, undefined, { token });
      expect((available.body as unknown as Array<{ name: string }>).map((s) => s.name)).toEqual(expect.arrayContaining(['USPS Priority Mail']));
    });

    it('quotes by the next whole pound', async () => {
      const price = async (weight: number) =>
        (await call('POST', '/orders/price/v2/bulk', { userId, shipments: [{ service_name: 'USPS Priority Mail', package: { package_weight: weight } }] }, { token })).body['totalPrice'];
      expect(await price(5)).toBe(850);
      expect(await price(5.1)).toBe(1450);
      const over = await call('POST', '/orders/price/v2/bulk', { userId, shipments: [{ service_name: 'USPS Priority Mail', package: { package_weight: 71 } }] }, { token });
      expect(over.status).toBe(400);
    });

    it('refuses a purchase the balance cannot cover, saying how much is missing, with nothing charged and no order listed', async () => {
      const refused = await call('POST', '/orders/v2', ORDER, { token, 'idempotency-key': 'no-money-0001' });
      expect([refused.status, refused.body['message']]).toEqual([402, 'Insufficient balance: this label costs $8.50 and your balance is $0.00. Add $8.50 to continue.']);
      expect((await call('GET', '/auth/api/balance', undefined, { token })).body['balance']).toBe(0);
      expect((await call('GET', `/orders/${userId}`, undefined, { token })).body['orders']).toEqual([]);
    });

    it('ends an order for a service the user cannot buy at once, with no order left to be charged later', async () => {
      const refused = await call('POST', '/orders/v2', { ...ORDER, service_name: 'USPS Teleport' }, { token, 'idempotency-key': 'no-service-0001' });
      expect([refused.status, refused.body['message']]).toEqual([400, 'Service "USPS Teleport" is not available to you']);
      const heavy = await call('POST', '/orders/v2', { ...ORDER, package: { ...ORDER.package, package_weight: 90 } }, { token, 'idempotency-key': 'too-heavy-0001' });
      expect(heavy.status).toBe(400);
      expect((await call('GET', `/orders/${userId}`, undefined, { token })).body['orders']).toEqual([]);
    });

    it('charges exactly once for a label bought after an admin credit, however often it is submitted', async () => {
      const credited = await call('POST', `/auth/users/details/${userId}`, { balance: 5000 }, { token: adminToken });
      expect(credited.body['balance']).toBe(5000);
      const submissions = await Promise.all([1, 2, 3].map(() => call('POST', '/orders/v2', ORDER, { token, 'idempotency-key': 'double-click-0001' })));
      const done = submissions.filter((s) => s.status === 200);
      expect(done.length).toBeGreaterThanOrEqual(1);
      expect(submissions.every((s) => s.status === 200 || s.status === 409)).toBe(true);
      const again = await call('POST', '/orders/v2', ORDER, { token, 'idempotency-key': 'double-click-0001' });
      expect(again.body['data']).toEqual(done[0]?.body['data']);
      expect((await call('GET', '/auth/api/balance', undefined, { token })).body['balance']).toBe(5000 - 850);
      const orders = (await call('GET', `/orders/${userId}`, undefined, { token })).body['orders'] as Body[];
      expect(orders.filter((o) => o['status'] === 'completed')).toHaveLength(1);
      expect((await call('GET', `/orders/total/${userId}`, undefined, { token })).body).toEqual({ totalOrders: 1, singleLabels: 1, batchLabels: 0 });
    });

    it('downloads the label PDF for its owner and answers anyone else exactly as for a file that does not exist', async () => {
      const [recent] = (await call('GET', `/orders/recent/${userId}`, undefined, { token })).body['recentOrders'] as Body[];
      const pdfName = String(recent?.['pdfName']);
      const file = await call('GET', `/orders/download/v2/${pdfName}`, undefined, { token });
      expect(file.status).toBe(200);
      expect(file.headers.get('content-disposition')).toContain(pdfName);
      expect(file.bytes?.subarray(0, 4).toString()).toBe('%PDF');
      const stranger = await call('POST', '/auth/register', { name: 'S', email: `s-${Date.now()}@example.com`, password: 'stranger-pw', confirmPassword: 'stranger-pw' });
      const strangerToken = String(stranger.body['token']);
      const foreign = await call('GET', `/orders/download/v2/${pdfName}?token=${strangerToken}`);
      const missing = await call('GET', `/orders/download/v2/${pdfName.replace(/_[A-Za-z0-9_-]{22}\.pdf$/, '_AAAAAAAAAAAAAAAAAAAAAA.pdf')}?token=${strangerToken}`);
      const foreignById = await call('GET', `/orders/download/v2/${String(recent?.['_id'])}?token=${strangerToken}`);
      const missingById = await call('GET', `/orders/download/v2/00000000-0000-4000-8000-000000000000?token=${strangerToken}`);
      // Everything but the per-answer headers (date, correlation id) must be the same, or it tells which file exists.
      const answer = (a: Awaited<ReturnType<typeof call>>) => ({
        status: a.status,
        body: a.body,
        headers: [...a.headers.entries()].filter(([name]) => !['date', 'x-correlation-id'].includes(name)),
      });
      expect(answer(foreign).status).toBe(404);
      expect(answer(foreign)).toEqual(answer(missing));
      expect(answer(foreignById)).toEqual(answer(missingById));
      expect(answer(foreignById)).toEqual(answer(foreign));
      expect((await call('GET', '/orders/download/v2/label_nothing.pdf', undefined, { token })).status).toBe(404);
      expect((await call('GET', `/orders/${userId}`, undefined, { token: String(stranger.body['token']) })).status).toBe(403);
    });

    it('keeps addresses and SKUs per user with the spec messages', async () => {
      const address = { address_id: 'home', name: 'Ann', street: '1 Main St', city: 'Austin', state: 'tx', zip: '78701', country: 'US' };
      expect((await call('POST', `/auth/save-address/${userId}`, { formData: address }, { token })).status).toBe(201);
      const dup = await call('POST', `/auth/save-address/${userId}`, { formData: address }, { token });
      expect([dup.status, dup.body['message']]).toEqual([409, 'This Address ID already exists']);
      const upload = await call('POST', `/auth/add-sku/${userId}`, { parsedData: [{ sku: 'A', maxQty: 4, weight: 1, length: 1, width: 1, height: 1 }, { sku: 'B', maxQty: 0, weight: 1, length: 1, width: 1, height: 1 }] }, { token });
      expect(upload.status).toBe(400);
      expect((upload.body['issues'] as Body[]).map((i) => i['message'])).toEqual(['Row 2: Max Quantity must be greater than 0']);
      expect(((await call('GET', `/auth/get-sku/${userId}`, undefined, { token })).body['SkuData'] as Body[]).length).toBe(0);
    });
    it('lets an admin configure default and per-user services, and quotes follow', async () => {
      const admin = { token: adminToken };
      const raw = (await call('GET', '/rawServices', undefined, admin)).body as unknown as Body[];
      expect(raw.map((r) => r['uid'])).toEqual(expect.arrayContaining(['usps_priority']));
      expect((await call('GET', '/rawServices', undefined, { token })).status).toBe(403);

      const defaults = (await call('GET', '/defaultServices', undefined, admin)).body as unknown as Body[];
      const ground = defaults.find((d) => d['uid'] === 'usps_ground_advantage') as Body;
      const gap = await call('PUT', `/defaultServices/${String(ground['_id'])}/prices`, { prices: [{ fromWeight: 1, toWeight: 10, price: 500 }, { fromWeight: 12, toWeight: 70, price: 900 }] }, admin);
      expect([gap.status, gap.body['message']]).toEqual([400, 'Invalid price ranges. Please ensure ranges are continuous from 1 to max weight without gaps or overlaps.']);
      const prices = await call('PUT', `/defaultServices/${String(ground['_id'])}/prices`, { prices: [{ fromWeight: 1, toWeight: 70, price: 777 }] }, admin);
      expect(prices.body as unknown).toEqual([{ fromWeight: 1, toWeight: 70, price: 777 }]);
      expect((await call('PUT', `/defaultServices/${String(ground['_id'])}/name`, { name: '  ' }, admin)).body['message']).toBe('Service name cannot be empty');
      expect(((await call('POST', '/defaultServices/sync', undefined, admin)).body as unknown as Body[]).length).toBe(defaults.length);

      // This user's own copy: the admin prices it for them, then switches it off.
      const mine = (await call('GET', `/userServices/${userId}`, undefined, { token })).body as unknown as Body[];
      const priority = mine.find((s) => s['uid'] === 'usps_priority') as Body;
      await call('PUT', `/userServices/${userId}/${String(priority['_id'])}/prices`, { prices: [{ fromWeight: 1, toWeight: 70, price: 123 }] }, admin);
      const quote = async () => call('POST', '/orders/price/v2/bulk', { userId, shipments: [{ service_name: 'USPS Priority Mail', package: { package_weight: 3 } }] }, { token });
      expect((await quote()).body['totalPrice']).toBe(123);
      expect((await call('PUT', `/userServices/${userId}/${String(priority['_id'])}/prices`, { prices: [{ fromWeight: 1, toWeight: 70, price: 1 }] }, { token })).status).toBe(403);
      await call('PATCH', `/userServices/${userId}/${String(priority['_id'])}/toggle`, { enabled: false }, admin);
      const available = (await call('GET', `/userServices/${userId}/available`, undefined, { token })).body as unknown as Body[];
      expect(available.map((s) => s['name'])).not.toContain('USPS Priority Mail');
      expect((await quote()).status).toBe(400);
      await call('PATCH', `/userServices/${userId}/${String(priority['_id'])}/toggle`, { enabled: true }, admin);
      expect((await quote()).body['totalPrice']).toBe(123);
    });
  });
};
