import type { RunningSystem } from '@labeldesk/testing';
import { adminTokenOf, apiClient, bulkRow, newBulkCustomer, type Api } from './bulk-api';

const NULL_CHARACTER = 'Text must not contain null characters';
const INVALID_CHARACTER = 'Text contains an invalid character';
const TOO_DEEP = 'The request body is nested too deeply';
const MB = 1024 * 1024;

/** Names of messages between processes look like `address.sku.add.v1`: no answer may carry one. */
const SUBJECT = /\b[a-z]+\.[a-z]+(\.[a-z]+)*\.v\d+\b/;

/** Issue 8: bodies up to the documented limits pass, bad text and deep nesting are 400s, nothing is a 500. */
export const describeBadInput = (mode: string, running: () => RunningSystem): void => {
  describe(`bad input (${mode} mode)`, () => {
    let system: RunningSystem;
    let call: Api;
    let who: { token: string; userId: string };

    /** The address form with one field changed. */
    const address = (change: Record<string, string> = {}) => ({ formData: { address_id: `home-${Date.now()}-${Math.random()}`, name: 'Ann Sender', street: '1 Main St', city: 'Austin', state: 'TX', zip: '78701', country: 'US', ...change } });
    const registration = (name: string) => ({ name, email: `bad-input-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`, password: 'bad-input-1', confirmPassword: 'bad-input-1' });
    const shipments = (count: number) => Array.from({ length: count }, (_, i) => ({ service_name: 'USPS Priority Mail', package: { package_weight: 1 + (i % 5) } }));
    const initBulk = async () => String((await call('POST', '/orders/bulk/init', { userId: who.userId }, { token: who.token })).body['orderId']);

    /** The four routes the issue names, each given `text` in one of its strings. */
    const routesWith = async (text: string): Promise<Array<[string, { status: number; body: Record<string, unknown> }]>> => {
      const orderId = await initBulk();
      const row = bulkRow(0);
      return [
        ['register', await call('POST', '/auth/register', registration(text))],
        ['save-address', await call('POST', `/auth/save-address/${who.userId}`, address({ name: text }), { token: who.token })],
        ['bulk process', await call('POST', `/orders/bulk/process/${who.userId}`, { orderId, orderData: [{ ...row, receiver: { ...row.receiver, receiver_name: text } }] }, { token: who.token })],
        ['price', await call('POST', '/orders/price/v2/bulk', { userId: who.userId, shipments: [{ service_name: text, package: { package_weight: 1 } }] }, { token: who.token })],
      ];
    };

    beforeAll(async () => {
      system = running();
      call = apiClient(system.baseUrl);
      const adminToken = await adminTokenOf(call, system);
      who = await newBulkCustomer(call, adminToken, 0, 'bad-input');
    }, 120_000);

    describe('limits', () => {
      it('accepts a SKU import of 5,000 rows', async () => {
        const parsedData = Array.from({ length: 5_000 }, (_, i) => ({ sku: `LIMIT-${String(i).padStart(5, '0')}`, maxQty: '4', weight: '2.5', length: '10', width: '8', height: '4', description: `Mug ${i}` }));
        const answer = await call('POST', `/auth/add-sku/${who.userId}`, { parsedData }, { token: who.token });
        expect(answer.status).toBe(201);
        expect(answer.body['added']).toHaveLength(5_000);
      }, 60_000);

      it('accepts a SKU import of 5,000 rows of the longest fields (over a megabyte each way)', async () => {
        const parsedData = Array.from({ length: 5_000 }, (_, i) => ({ sku: `LONG-${String(i).padStart(5, '0')}-${'S'.repeat(53)}`, maxQty: '10000', weight: '149.99', length: '107.99', width: '107.99', height: '107.99', description: `${i} ${'D'.repeat(194)}` }));
        expect(JSON.stringify(parsedData).length).toBeGreaterThan(1_500_000);
        const answer = await call('POST', `/auth/add-sku/${who.userId}`, { parsedData }, { token: who.token });
        expect([answer.status, answer.body['message']]).toEqual([201, undefined]);
        expect(answer.body['added']).toHaveLength(5_000);
      }, 60_000);

      it('prices a quote of 10,000 shipments, given short or as full rows', async () => {
        const short = await call('POST', '/orders/price/v2/bulk', { userId: who.userId, shipments: shipments(10_000) }, { token: who.token });
        expect(short.status).toBe(200);
        const full = await call('POST', '/orders/price/v2/bulk', { userId: who.userId, shipments: Array.from({ length: 10_000 }, (_, i) => bulkRow(i, { weight: 1 + (i % 5) })) }, { token: who.token });
        expect([full.status, full.body['totalPrice']]).toEqual([200, short.body['totalPrice']]);
      }, 60_000);

      it('reads all 10,000 rows of a 10 MB bulk file: a bad last row is named, not a 413', async () => {
        const orderId = await initBulk();
        const orderData = Array.from({ length: 10_000 }, (_, i) => {
          const row = bulkRow(i, { weight: i === 9_999 ? 0 : 2 });
          return { ...row, receiver: { ...row.receiver, receiver_company: 'C'.repeat(100) }, package: { ...row.package, package_description: 'D'.repeat(200) } };
        });
        const body = JSON.stringify({ orderId, orderData });
        expect(Buffer.byteLength(body)).toBeGreaterThan(10 * MB);
        const answer = await call('POST', `/orders/bulk/process/${who.userId}`, body, { token: who.token });
        expect([answer.status, answer.body['message']]).toEqual([400, '1 row(s) have validation errors. Row 10000: Weight must be greater than 0']);
      }, 60_000);

      it('refuses a body over its route\'s limit with a 413 naming the limit', async () => {
        const form = await call('POST', '/auth/register', JSON.stringify({ ...registration('Big'), pad: 'x'.repeat(2 * MB + 10) }));
        expect([form.status, form.body['message']]).toEqual([413, 'The request is larger than the 2 MB limit. Split the upload into smaller files.']);
        const skus = await call('POST', `/auth/add-sku/${who.userId}`, JSON.stringify({ parsedData: [{ sku: 'x'.repeat(8 * MB + 10) }] }), { token: who.token });
        expect([skus.status, skus.body['message']]).toEqual([413, 'The request is larger than the 8 MB limit. Split the upload into smaller files.']);
      }, 60_000);
    });

    describe('bad text', () => {
      it('refuses a null character on every route with a 400 that says so', async () => {
        for (const [route, answer] of await routesWith('Ann\u0000Sender')) {
          expect([route, answer.status, answer.body['message']]).toEqual([route, 400, NULL_CHARACTER]);
        }
      });

      it('refuses a lone surrogate on every route with a 400 that says so', async () => {
        for (const [route, answer] of await routesWith('Ann\uD800Sender')) {
          expect([route, answer.status, answer.body['message']]).toEqual([route, 400, INVALID_CHARACTER]);
        }
      });

      it('refuses JSON nested 1,000 deep on every route with a 400 that says so', async () => {
        const deep = `${'['.repeat(1_000)}${']'.repeat(1_000)}`;
        for (const path of ['/auth/register', `/auth/save-address/${who.userId}`, `/orders/bulk/process/${who.userId}`, '/orders/price/v2/bulk', `/auth/add-sku/${who.userId}`]) {
          const answer = await call('POST', path, `{"parsedData":[${deep}],"formData":${deep}}`, { token: who.token });
          expect([path, answer.status, answer.body['message']]).toEqual([path, 400, TOO_DEEP]);
        }
      });

      it('keeps a null character away from the database, where it was a 500', async () => {
        const answer = await call('POST', `/auth/add-sku/${who.userId}`, { parsedData: [{ sku: 'NUL\u0000', maxQty: 1, weight: 1, length: 1, width: 1, height: 1 }] }, { token: who.token });
        expect([answer.status, answer.body]).toEqual([400, { message: NULL_CHARACTER, code: 'VALIDATION_FAILED', issues: [{ path: 'parsedData.0.sku', message: NULL_CHARACTER }] }]);
      });

      it('refuses a null character in a route param or a query value', async () => {
        const param = await call('GET', `/auth/get-address/${who.userId}%00`, undefined, { token: who.token });
        expect([param.status, param.body['message']]).toEqual([400, NULL_CHARACTER]);
        const query = await call('GET', `/payment/deposits/${who.userId}?page=1%00&limit=7`, undefined, { token: who.token });
        expect([query.status, query.body['message']]).toEqual([400, NULL_CHARACTER]);
      });

      it('stores emoji and other scripts, which are surrogate pairs, as sent', async () => {
        const answer = await call('POST', `/auth/save-address/${who.userId}`, address({ name: 'Zoë 📦 山田' }), { token: who.token });
        expect([answer.status, answer.body['name']]).toEqual([201, 'Zoë 📦 山田']);
      });
    });

    describe('shapes and types', () => {
      it('refuses a JSON body sent as text or as a form with a 415 that says to send JSON', async () => {
        for (const type of ['text/plain', 'application/x-www-form-urlencoded']) {
          const answer = await call('POST', '/auth/register', JSON.stringify(registration('Ann')), { 'content-type': type });
          expect([type, answer.status, answer.body['message']]).toEqual([type, 415, 'The request body must be JSON, sent with Content-Type: application/json']);
        }
      });

      it('answers an empty body or a list with the form\'s own 400, never a 500', async () => {
        const empty = await call('POST', '/auth/register', '');
        expect([empty.status, empty.body['message']]).toEqual([400, 'Please fill in all fields']);
        const list = await call('POST', '/auth/register', '[]');
        expect([list.status, list.body['message']]).toEqual([400, 'The request body must be a JSON object']);
        const skus = await call('POST', `/auth/add-sku/${who.userId}`, '', { token: who.token });
        expect([skus.status, skus.body['message']]).toEqual([400, 'parsedData must be a list of SKU rows']);
      });

      it('names no internal subject in any of these answers', async () => {
        const deepRow = `{"parsedData":[${'['.repeat(10_000)}${']'.repeat(10_000)}]}`;
        const answers = [
          await call('POST', `/auth/add-sku/${who.userId}`, deepRow, { token: who.token }),
          ...(await routesWith('x\u0000')).map(([, answer]) => answer),
        ];
        for (const answer of answers) {
          expect(answer.status).toBeLessThan(500);
          expect(String(answer.body['message'])).not.toMatch(SUBJECT);
        }
      });
    });
  });
};
