import { DOWNLOAD_KINDS } from '@labeldesk/contracts';
import { FakeWooCommerceServer, startDistributed, startEmbedded, startHookTimeout, type RunningSystem } from '@labeldesk/testing';
import { randomUUID } from 'node:crypto';
import { generate } from 'otplib';
import { Client } from 'pg';
import { adminTokenOf, apiClient, balanceOf, bulkRow, newBulkCustomer, SINGLE_LABEL_ORDER, submitBulk, waitForBulk, type Api, type ApiAnswer } from './support/bulk-api';
import { buySingleLabel, labelStateOf } from './support/lifecycle-api';

type Body = Record<string, unknown>;
const PASSWORD = 'correct-horse-1';
const WITHHELD = 'AUTH_TWO_FACTOR_ENROLMENT_REQUIRED';

/**
 * Routes where no admin power is used: the caller's own objects (their keys, webhooks, column mappings, connected
 * stores — an admin is answered 404 for a customer's real store, decision 105 — and the public API's replays of their
 * own events to their own endpoints, decision 111) and the public pages a link opens for anyone (a buyer's tracking
 * page).
 */
const OWN_ONLY = ['/api/keys/', '/api/webhooks/', '/api/csv-mappings/', '/api/public/', '/api/stores/', '/api/v1/events/', '/api/v1/webhooks/'];

/** One request the sweep sends: `name` is the OpenAPI operation it comes from. */
interface Probe {
  name: string;
  method: string;
  path: string;
  body?: unknown;
  ownOnly: boolean;
}

/** The customer's objects, named by the parameters the OpenAPI document uses. */
interface CustomerObjects {
  userId: string;
  singleId: string;
  batchId: string;
  batchTrackingNumber: string;
  skuId: string;
  invoiceId: string;
  /** A store the customer connected, and an order imported from it (issue 47). */
  storeId: string;
  storeOrderId: string;
}

const BODIES: Record<string, unknown> = {
  'post /api/orders/bulk/{orderId}/void': {},
  'post /api/payment/test-invoices/{invoiceId}/pay': { outcome: 'paid' },
  'post /api/orders/{orderId}/claims': { type: 'damaged', amount_cents: 100, description: 'An admin probing a customer label' },
  'post /api/stores/orders/{id}/buy': { service_name: SINGLE_LABEL_ORDER.service_name, sender: SINGLE_LABEL_ORDER.sender },
};

/** Every operation of the OpenAPI document that takes an id in its path, filled with the customer's ids. */
const probesOf = (document: { paths: Record<string, Record<string, unknown>> }, theirs: CustomerObjects): Probe[] => {
  const probes: Probe[] = [];
  for (const [template, operations] of Object.entries(document.paths)) {
    if (!template.includes('{')) continue;
    for (const method of Object.keys(operations)) {
      const kinds = template.includes('{kind}') ? (template.startsWith('/api/admin/') ? ['single', 'batch'] : [...DOWNLOAD_KINDS]) : [null];
      for (const kind of kinds) {
        const batchObject = template.includes('/bulk/') || template.includes('/batch/') || kind === 'batch' || ['result-csv', 'auto-csv', 'scan-form', 'packing-slips'].includes(kind ?? '');
        // A public operation (no credential at all: the docs' files, a buyer's tracking page) uses no admin power.
        const isPublic = (operations[method] as { security?: unknown[] } | undefined)?.security?.length === 0;
        const ownOnly = isPublic || OWN_ONLY.some((prefix) => template.startsWith(prefix));
        const value = (param: string): string => {
          switch (param) {
            case 'userId':
              return theirs.userId;
            case 'orderId':
              return batchObject ? theirs.batchId : theirs.singleId;
            case 'trackingNumber':
              return theirs.batchTrackingNumber;
            case 'kind':
              return kind ?? '';
            case 'invoiceId':
              return theirs.invoiceId;
            case 'skuId':
              return theirs.skuId;
            case 'signature':
              return 'a'.repeat(64);
            case 'id':
              // A customer's real store and imported order: the admin must not reach them (decision 105).
              if (template.startsWith('/api/stores/orders/')) return theirs.storeOrderId;
              if (template.startsWith('/api/stores/')) return theirs.storeId;
              if (ownOnly) return randomUUID();
              if (template === '/api/auth/delete-sku/{id}') return theirs.skuId;
              if (kind !== null || template.includes('/batch/')) return batchObject ? theirs.batchId : theirs.singleId;
              // The public API v1 names a shipment or a batch by its id (decision 103).
              if (template.startsWith('/api/v1/shipments/')) return theirs.singleId;
              if (template.startsWith('/api/v1/batches/')) return theirs.batchId;
              return theirs.userId;
            default:
              return randomUUID();
          }
        };
        const path = template.replace(/\{(\w+)\}/g, (_all, param: string) => value(param));
        const body = method === 'get' || method === 'delete' ? undefined : (BODIES[`${method} ${template}`] ?? {});
        probes.push({ name: `${method.toUpperCase()} ${template}${kind ? ` (${kind})` : ''}`, method: method.toUpperCase(), path: path.replace(/^\/api/, ''), body, ownOnly });
      }
    }
  }
  return probes;
};

/**
 * ADMIN_2FA_REQUIRED withholds every admin power from an admin without two factors, wherever it is used (decision 070):
 * not only the admin routes, but every route that takes another user's id, the orders service's owner checks among
 * them (a batch, a label's tracking, its void, a download, a SCAN form). Nothing of the customer's moves; after the
 * admin enrols, the same routes answer them.
 */
const describeAdminPowers = (mode: string, start: (env: NodeJS.ProcessEnv) => Promise<RunningSystem & { databaseUrl?: string }>): void => {
  describe(`admin powers behind two factors where used (${mode} mode)`, () => {
    let system: RunningSystem & { databaseUrl?: string };
    let store: FakeWooCommerceServer;
    let call: Api;
    let rootToken: string;
    const unique = `${Date.now()}${Math.floor(Math.random() * 1e4)}`;

    const enrol = async (token: string, password = PASSWORD): Promise<void> => {
      const setup = await call('POST', '/auth/2fa/setup', undefined, { token });
      expect(setup.status).toBe(200);
      const enabled = await call('POST', '/auth/2fa/enable', { code: await generate({ secret: String(setup.body['secret']) }), password }, { token });
      expect(enabled.status).toBe(200);
    };
    const send = (probe: Probe, token: string): Promise<ApiAnswer> =>
      call(probe.method, probe.path, probe.body, { token, 'Idempotency-Key': `admin-powers-${randomUUID()}` });

    beforeAll(async () => {
      store = await new FakeWooCommerceServer().start();
      // The customer's store is a local fake (never allowed in production).
      system = await start({ ADMIN_2FA_REQUIRED: 'true', WEBHOOK_ALLOW_PRIVATE_URLS: 'true' });
      call = apiClient(system.baseUrl);
      rootToken = await adminTokenOf(call, system);
      await enrol(rootToken, system.adminPassword);
    }, startHookTimeout());
    afterAll(async () => {
      await system?.stop();
      await store?.stop();
    }, 60_000);

    it("refuses an admin without two factors every route of the OpenAPI document on a customer's ids, moves nothing, and answers once they enrol", async () => {
      // The customer: a label, a finished batch, a SKU and an open test invoice.
      const customer = await newBulkCustomer(call, rootToken, 100_000, 'powers');
      const single = await buySingleLabel(call, customer);
      const { orderId: batchId } = await submitBulk(call, customer, [bulkRow(1), bulkRow(2)]);
      expect((await waitForBulk(call, customer.token, batchId)).status).toBe('completed');
      const batchLabels = async () => ((await call('GET', `/orders/bulk/${batchId}/labels`, undefined, { token: customer.token })).body['labels'] as Body[]).map((l) => [l['trackingNumber'], l['state']]);
      const labelsBefore = await batchLabels();
      expect(labelsBefore).toHaveLength(2);
      const skus = await call('POST', `/auth/add-sku/${customer.userId}`, { parsedData: [{ sku: 'MUG-1', maxQty: '4', weight: '2.5', length: '10', width: '8', height: '4', description: 'Mug' }] }, { token: customer.token });
      expect(skus.status).toBe(201);
      const invoice = await call('GET', `/payment/top-up/${customer.userId}?amount=2500`, undefined, { token: customer.token });
      expect(invoice.status).toBe(200);
      store.addOrder({ items: [{ sku: 'MUG-1', name: 'Mug', quantity: 1 }] });
      const connected = await call('POST', '/stores', { kind: 'woocommerce', url: store.url, consumer_key: store.consumerKey, consumer_secret: store.consumerSecret }, { token: customer.token });
      expect([connected.status, connected.body['sync']]).toEqual([201, { imported: 1, alreadyImported: 0 }]);
      const imported = (await call('GET', '/stores/orders?status=awaiting', undefined, { token: customer.token })).body['orders'] as Body[];
      const theirs: CustomerObjects = {
        userId: customer.userId,
        singleId: single.orderId,
        batchId,
        batchTrackingNumber: String(labelsBefore[0]?.[0]),
        skuId: String((skus.body['added'] as Body[])[0]?.['_id']),
        invoiceId: String(invoice.body['id']),
        storeId: String((connected.body['store'] as Body)['id']),
        storeOrderId: String(imported[0]?.['id']),
      };
      const balanceBefore = await balanceOf(call, customer.token);

      // An admin without two factors.
      const email = `admin-${unique}@example.com`;
      const registered = await call('POST', '/auth/register', { name: 'Second Admin', email, password: PASSWORD, confirmPassword: PASSWORD });
      const adminId = String((registered.body['user'] as Body)['_id']);
      expect((await call('POST', `/auth/users/role/${adminId}`, { user_role: 'admin' }, { token: rootToken })).status).toBe(200);
      const adminToken = String((await call('POST', '/auth/login', { email, password: PASSWORD })).body['token']);

      const document = (await call('GET', '/docs/openapi.json')).body as { paths: Record<string, Record<string, unknown>> };
      const probes = [
        ...probesOf(document, theirs),
        // The routes that take the customer's id in the body rather than the path.
        { name: 'POST /api/orders/bulk/init (body userId)', method: 'POST', path: '/orders/bulk/init', body: { userId: customer.userId }, ownOnly: false },
        { name: 'POST /api/orders/v2 (body user_id)', method: 'POST', path: '/orders/v2', body: { ...SINGLE_LABEL_ORDER, user_id: customer.userId }, ownOnly: false },
      ];
      expect(probes.length).toBeGreaterThan(60);
      const answers: Array<[string, number, unknown]> = [];
      for (const probe of probes) {
        const answer = await send(probe, adminToken);
        answers.push([probe.name, answer.status, answer.body['code']]);
      }
      // Every use of an admin power is refused, saying why; routes on the admin's own objects are not the admin area.
      expect(answers.filter(([name]) => !probes.find((p) => p.name === name)?.ownOnly)).toEqual(
        answers.filter(([name]) => !probes.find((p) => p.name === name)?.ownOnly).map(([name]) => [name, 403, WITHHELD]),
      );
      for (const [name, status, code] of answers.filter(([name]) => probes.find((p) => p.name === name)?.ownOnly)) {
        expect([name, status < 500, code === WITHHELD]).toEqual([name, true, false]);
      }

      // Nothing of the customer's moved: no balance change, no void, no SCAN form.
      expect(await balanceOf(call, customer.token)).toBe(balanceBefore);
      expect(await labelStateOf(call, { ...customer }, single.orderId)).toBe('purchased');
      expect(await batchLabels()).toEqual(labelsBefore);
      const today = await call('GET', `/orders/scan-forms/today/${customer.userId}`, undefined, { token: customer.token });
      expect((today.body['labels'] as Body[]).map((l) => [l['orderId'], l['state']])).toEqual([[single.orderId, 'available']]);
      expect((await call('GET', `/auth/get-sku/${customer.userId}`, undefined, { token: customer.token })).body).toMatchObject({ SkuData: [expect.objectContaining({ sku: 'MUG-1' })] });
      const stores = (await call('GET', '/stores', undefined, { token: customer.token })).body['stores'] as Body[];
      expect(stores.map((connection) => connection['id'])).toEqual([theirs.storeId]);
      expect(((await call('GET', '/stores/orders?status=awaiting', undefined, { token: customer.token })).body['orders'] as Body[]).map((order) => order['id'])).toEqual([theirs.storeOrderId]);
      if (system.databaseUrl) {
        const db = new Client({ connectionString: system.databaseUrl });
        await db.connect();
        try {
          const counted = async (sql: string) => Number((await db.query<{ n: string }>(sql, [customer.userId])).rows[0]?.n);
          expect(await counted('select count(*) as n from orders.scan_forms where user_id = $1')).toBe(0);
          expect(await counted('select count(*) as n from orders.label_voids where user_id = $1')).toBe(0);
          expect(await counted("select count(*) as n from payments.deposits where user_id = $1 and status = 'Settled'")).toBe(0);
        } finally {
          await db.end();
        }
      }

      // The same admin, once enrolled, reads all of it.
      await enrol(adminToken);
      for (const probe of probes.filter((p) => p.method === 'GET')) {
        const answer = await send(probe, adminToken);
        expect([probe.name, answer.body['code'] === WITHHELD, answer.status < 500]).toEqual([probe.name, false, true]);
      }
      for (const path of [`/orders/bulk/order/${batchId}`, `/orders/bulk/${batchId}/labels`, `/orders/${single.orderId}/tracking`, `/orders/recent/${customer.userId}`, '/auth/users']) {
        expect([path, (await call('GET', path, undefined, { token: adminToken })).status]).toEqual([path, 200]);
      }
    }, 300_000);
  });
};

describeAdminPowers('embedded', startEmbedded);
describeAdminPowers('distributed', startDistributed);
