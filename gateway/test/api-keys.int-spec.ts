import { startDistributed, startEmbedded, type RunningSystem } from '@labeldesk/testing';
import { SINGLE_LABEL_ORDER } from './support/bulk-api';
import { requestJson, type JsonAnswer as Json, type JsonRequestOptions } from './support/json-request';

const PASSWORD = 'correct-horse-1';
/** Low, so that a test can spend a key's minute in a few seconds; each test uses its own keys. */
const KEY_RATE_PER_MINUTE = 30;

/**
 * Scoped API keys end to end (decision 049): a key made with a session buys and reads labels on the same REST API as
 * the web app, is refused what its scopes do not allow with the scope named, never reaches admin routes nor mints keys,
 * and is refused on the very next request once revoked or once its user is blocked, in either run mode.
 */
const describeApiKeys = (mode: string, start: () => Promise<RunningSystem>): void => {
  describe(`API keys (${mode} mode)`, () => {
    let system: RunningSystem;
    let adminToken: string;
    const unique = `${Date.now()}${Math.floor(Math.random() * 1e4)}`;

    const call = (method: string, path: string, options?: JsonRequestOptions): Promise<Json> => requestJson(system.baseUrl, method, path, options);
    const register = async (name: string) => {
      const email = `${name}-${unique}@example.com`;
      const result = await call('POST', '/auth/register', { body: { name, email, password: PASSWORD, confirmPassword: PASSWORD } });
      expect(result.status).toBe(201);
      return { email, token: result.body.token ?? '', id: String(result.body.user?.['_id']) };
    };
    const createKey = async (token: string, scopes: string[], name = 'integration') => {
      const created = await call('POST', '/keys', { body: { name, scopes }, token });
      expect(created.status).toBe(201);
      return { id: String(created.body['id']), key: String(created.body['key']), body: created.body };
    };

    beforeAll(async () => {
      system = await start();
      const login = await call('POST', '/auth/login', { body: { email: system.adminEmail, password: system.adminPassword } });
      adminToken = login.body.token ?? '';
    }, 180_000);

    afterAll(async () => {
      await system?.stop();
    }, 60_000);

    it('buys and reads labels with a key, lists it without the key, and refuses it from the request after its revocation', async () => {
      const user = await register('keyholder');
      expect((await call('POST', `/auth/users/details/${user.id}`, { body: { balance: 5000 }, token: adminToken, key: `keys-balance-${unique}` })).status).toBe(200);
      const { id, key, body } = await createKey(user.token, ['labels:read', 'labels:buy']);
      expect(key).toMatch(/^ld_live_[0-9A-Za-z]{49}$/);
      expect(body).toMatchObject({ prefix: key.slice(0, 12), last4: key.slice(-4), scopes: ['labels:buy', 'labels:read'], lastUsedAt: null });

      const bought = await call('POST', '/orders/v2', { body: SINGLE_LABEL_ORDER, bearer: key, key: `keys-order-${unique}` });
      expect(bought.status).toBe(200);
      // Used more than once, so that with several gateway replicas each keeps the key's caller before the revocation.
      for (let i = 0; i < 3; i++) expect((await call('GET', `/orders/total/${user.id}`, { bearer: key })).status).toBe(200);
      const orders = await call('GET', `/orders/recent/${user.id}`, { bearer: key });
      expect(orders.status).toBe(200);
      expect(JSON.stringify(orders.body)).toContain(String((bought.body['data'] as Record<string, unknown>)['orderId']));

      const listed = await call('GET', '/keys', { token: user.token });
      expect(listed.status).toBe(200);
      expect(JSON.stringify(listed.body)).not.toContain(key);
      expect(listed.body['keys']).toEqual([expect.objectContaining({ id, name: 'integration', last4: key.slice(-4), lastUsedAt: expect.any(String) })]);

      expect((await call('DELETE', `/keys/${id}`, { token: user.token })).status).toBe(200);
      const refused = await call('GET', `/orders/recent/${user.id}`, { bearer: key });
      expect([refused.status, refused.body.code]).toEqual([401, 'AUTH_API_KEY_INVALID']);
      expect((await call('GET', '/keys', { token: user.token })).body['keys']).toEqual([]);
    });

    it('refuses what the scopes do not allow with 403 naming the scope, and never lets a key mint keys or reach another user', async () => {
      const user = await register('scoped');
      const other = await register('other');
      const { key } = await createKey(user.token, ['labels:read']);
      const balance = await call('GET', '/auth/api/balance', { bearer: key });
      expect([balance.status, balance.body.code]).toEqual([403, 'AUTH_SCOPE_MISSING']);
      expect(balance.body.message).toContain('balance:read');
      const buy = await call('POST', '/orders/v2', { body: SINGLE_LABEL_ORDER, bearer: key, key: `keys-scoped-${unique}` });
      expect([buy.status, buy.body.message]).toEqual([403, expect.stringContaining('labels:buy')]);
      expect((await call('POST', '/keys', { body: { name: 'more', scopes: ['labels:read'] }, bearer: key })).status).toBe(403);
      expect((await call('GET', `/orders/recent/${other.id}`, { bearer: key })).status).toBe(403);
      expect((await call('GET', `/orders/recent/${user.id}`, { bearer: key })).status).toBe(200);
      const reader = await createKey(user.token, ['balance:read'], 'bookkeeping');
      expect(await call('GET', '/auth/api/balance', { bearer: reader.key })).toMatchObject({ status: 200, body: { balance: 0 } });
      expect((await call('GET', `/payment/deposits/${user.id}`, { bearer: reader.key })).status).toBe(200);
    });

    it("refuses an admin's key on admin routes, a mistyped key, and a key whose user is blocked or deleted", async () => {
      const adminKey = await createKey(adminToken, ['labels:read', 'labels:buy', 'labels:void', 'balance:read', 'webhooks:manage'], 'admin script');
      const users = await call('GET', '/auth/users', { bearer: adminKey.key });
      expect([users.status, users.body.code]).toEqual([403, 'AUTH_SCOPE_MISSING']);
      expect((await call('DELETE', `/keys/${adminKey.id}`, { token: adminToken })).status).toBe(200);

      const user = await register('blockedkey');
      const { key } = await createKey(user.token, ['labels:read']);
      for (let i = 0; i < 3; i++) expect((await call('GET', `/orders/recent/${user.id}`, { bearer: key })).status).toBe(200);
      const mistyped = `${key.slice(0, -1)}${key.endsWith('a') ? 'b' : 'a'}`;
      expect((await call('GET', `/orders/recent/${user.id}`, { bearer: mistyped })).body.code).toBe('AUTH_API_KEY_INVALID');
      expect((await call('POST', `/auth/users/activation/${user.id}`, { body: { activation: 'block' }, token: adminToken })).status).toBe(200);
      expect((await call('GET', `/orders/recent/${user.id}`, { bearer: key })).status).toBe(403);

      const deleted = await register('deletedkey');
      const deletedKey = await createKey(deleted.token, ['labels:read']);
      for (let i = 0; i < 3; i++) expect((await call('GET', `/orders/recent/${deleted.id}`, { bearer: deletedKey.key })).status).toBe(200);
      expect((await call('DELETE', `/auth/users/${deleted.id}`, { token: adminToken })).status).toBe(200);
      const afterDeletion = await call('GET', `/orders/recent/${deleted.id}`, { bearer: deletedKey.key });
      expect([afterDeletion.status, afterDeletion.body.code]).toEqual([401, 'AUTH_API_KEY_INVALID']);
    });

    it('holds a key to one rate limit however many gateway replicas serve it, and answers 429 with Retry-After past it', async () => {
      const user = await register('ratelimited');
      const { key } = await createKey(user.token, ['labels:read']);
      const use = async () => {
        const response = await fetch(`${system.baseUrl}/api/orders/total/${user.id}`, { headers: { authorization: `Bearer ${key}` } });
        const body = (await response.json()) as { code?: string; message?: string };
        return { status: response.status, code: body.code, retryAfter: response.headers.get('retry-after') };
      };
      const started = Date.now();
      const answers: Array<Awaited<ReturnType<typeof use>>> = [];
      for (let i = 0; i < KEY_RATE_PER_MINUTE; i++) answers.push(await use());
      // Long enough for every replica to hear what the others let through (they tell each other 4 times a second).
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      for (let i = 0; i < 10; i++) answers.push(await use());

      expect(answers.slice(0, KEY_RATE_PER_MINUTE).map((answer) => answer.status)).toEqual(Array(KEY_RATE_PER_MINUTE).fill(200));
      // Replicas each counting on their own would let all 40 through (two buckets of 30); one limit lets through the
      // minute's 30 and what refilled while the test ran.
      const refilled = Math.ceil(((Date.now() - started) / 60_000) * KEY_RATE_PER_MINUTE);
      expect(answers.filter((answer) => answer.status === 200).length).toBeLessThanOrEqual(KEY_RATE_PER_MINUTE + refilled);
      const refused = answers.find((answer) => answer.status !== 200);
      expect(refused).toMatchObject({ status: 429, code: 'RATE_LIMITED', retryAfter: expect.stringMatching(/^[1-9]\d*$/) });
      expect(answers.every((answer) => answer.status === 200 || answer.status === 429)).toBe(true);
    });

    it('writes the creation and the revocation of a key to the audit log', async () => {
      const user = await register('audited');
      const { id } = await createKey(user.token, ['balance:read']);
      expect((await call('DELETE', `/keys/${id}`, { token: user.token })).status).toBe(200);
      const log = await call('GET', `/admin/audit?targetId=${id}`, { token: adminToken });
      expect(log.status).toBe(200);
      const actions = (log.body['items'] as Array<{ action: string; actorId: string }>).map((entry) => [entry.action, entry.actorId]);
      expect(actions).toEqual(expect.arrayContaining([['api-key.create', user.id], ['api-key.revoke', user.id]]));
    });
  });
};

const env = { API_KEY_RATE_LIMIT_PER_MINUTE: String(KEY_RATE_PER_MINUTE) };
describeApiKeys('embedded', () => startEmbedded(env));
describeApiKeys('distributed', () => startDistributed(env));
// The revocation reaches a replica other than the one that served it through auth's event (decision 019), and the
// replicas keep one rate limit per key by telling each other what they let through.
describeApiKeys('distributed, two gateway replicas', () => startDistributed(env, { replicas: 2 }));
