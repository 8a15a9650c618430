import { startDistributed, startEmbedded, startHookTimeout, type RunningSystem } from '@labeldesk/testing';
import { generate } from 'otplib';
import { SINGLE_LABEL_ORDER } from './support/bulk-api';
import { requestJson, type JsonAnswer as Json, type JsonRequestOptions } from './support/json-request';

const PASSWORD = 'correct-horse-1';
const NEW_PASSWORD = 'brand-new-pass-1';
/** Parallel creations, each counted up front by the password guard: above them, so only the key limit answers. */
const FAILURES_PER_ACCOUNT_AND_ADDRESS = 100;
const PARALLEL_CREATIONS = 40;
const KEY_LIMIT = 25;

/**
 * Scoped API keys end to end (decision 049): a key made with a session buys and reads labels on the same REST API as
 * the web app, is refused what its scopes do not allow with the scope named, never reaches admin routes nor mints keys,
 * and is refused on the very next request once revoked or once its user is blocked, in either run mode. Making one
 * asks for the password (or a code) again, a password reset revokes them all, a password change does unless declined,
 * and the limit of 25 holds under 40 parallel creations (decision 072).
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
    const createKey = async (token: string, scopes: string[], name = 'integration', password = PASSWORD) => {
      const created = await call('POST', '/keys', { body: { name, scopes, password }, token });
      expect(created.status).toBe(201);
      return { id: String(created.body['id']), key: String(created.body['key']), body: created.body };
    };

    beforeAll(async () => {
      system = await start();
      const login = await call('POST', '/auth/login', { body: { email: system.adminEmail, password: system.adminPassword } });
      adminToken = login.body.token ?? '';
    }, startHookTimeout());

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

    it("keeps a test key's play money and labels apart: test top-ups and purchases touch only the test balance, each key lists and reads its own mode's labels, and a void refunds the test account once", async () => {
      const user = await register('testmode');
      expect((await call('POST', `/auth/users/details/${user.id}`, { body: { balance: 5000 }, token: adminToken, key: `keys-test-balance-${unique}` })).status).toBe(200);
      const scopes = ['balance:read', 'labels:buy', 'labels:read', 'labels:void', 'webhooks:manage'];
      const made = await call('POST', '/keys', { body: { name: 'sandbox', scopes, password: PASSWORD, mode: 'test' }, token: user.token });
      expect(made.status).toBe(201);
      const testKey = String(made.body['key']);
      expect(testKey).toMatch(/^ld_test_[0-9A-Za-z]{49}$/);
      expect(made.body).toMatchObject({ mode: 'test', prefix: testKey.slice(0, 12) });
      const { key: liveKey } = await createKey(user.token, scopes, 'live');
      const balances = async () => [(await call('GET', '/v1/balance', { bearer: liveKey })).body['available_cents'], (await call('GET', '/v1/balance', { bearer: testKey })).body['available_cents']];
      expect((await call('GET', '/v1/me', { bearer: testKey })).body).toMatchObject({ id: user.id, auth_method: 'api_key', mode: 'test' });
      expect((await call('GET', '/v1/me', { bearer: liveKey })).body).toMatchObject({ mode: 'live' });
      expect(await balances()).toEqual([5000, 0]);

      const topUp = (options: JsonRequestOptions, amount = 2500) => call('POST', '/v1/balance/test-top-up', { body: { amount_cents: amount }, ...options });
      const first = await topUp({ bearer: testKey, key: `test-top-up-${unique}` });
      expect([first.status, first.body]).toEqual([201, { available_cents: 2500, held_cents: 0 }]);
      expect((await topUp({ bearer: testKey, key: `test-top-up-${unique}` })).body).toEqual({ available_cents: 2500, held_cents: 0 });
      expect((await topUp({ bearer: testKey, key: `test-top-up-${unique}` }, 100)).body.code).toBe('PAYMENTS_IDEMPOTENCY_MISMATCH');
      expect((await topUp({ bearer: testKey })).status).toBe(400);
      expect((await topUp({ bearer: testKey, key: `test-top-up-big-${unique}` }, 1_000_001)).status).toBe(400);
      // A live credential never tops up, so no live account can be credited this way.
      for (const options of [{ bearer: liveKey, key: `test-top-up-live-${unique}` }, { token: user.token, key: `test-top-up-session-${unique}` }]) {
        expect([(await topUp(options)).status, (await topUp(options)).body.code]).toEqual([403, 'FORBIDDEN']);
      }
      expect(await balances()).toEqual([5000, 2500]);

      // POST /api/orders/v2 buys in test mode too (decision 126): sku-customs-api.suite.ts checks it.

      // The same Idempotency-Key bought once with each key: two labels, each paid from its own mode's balance (decision 119).
      const sameKey = `same-buy-${unique}`;
      const testBuy = await call('POST', '/v1/shipments', { body: SINGLE_LABEL_ORDER, bearer: testKey, key: sameKey });
      expect([testBuy.status, testBuy.body['mode'], testBuy.body['status']]).toEqual([201, 'test', 'completed']);
      const testPrice = Number(testBuy.body['price_cents']);
      expect(await balances()).toEqual([5000, 2500 - testPrice]);
      const bought = await call('POST', '/v1/shipments', { body: SINGLE_LABEL_ORDER, bearer: liveKey, key: sameKey });
      expect([bought.status, bought.body['mode']]).toEqual([201, 'live']);
      expect(bought.body['id']).not.toBe(testBuy.body['id']);
      const livePrice = Number(bought.body['price_cents']);
      expect(await balances()).toEqual([5000 - livePrice, 2500 - testPrice]);
      // A replay with the test key answers its test label again, charging nothing.
      expect((await call('POST', '/v1/shipments', { body: SINGLE_LABEL_ORDER, bearer: testKey, key: sameKey })).body['id']).toBe(testBuy.body['id']);
      expect(await balances()).toEqual([5000 - livePrice, 2500 - testPrice]);

      // Each key sees its own mode's label only; a session lists either mode, live by default.
      const ids = (answer: Json) => ((answer.body['data'] ?? answer.body['recentOrders']) as Array<Record<string, unknown>>).map((row) => [row['id'] ?? row['_id'], row['mode']]);
      expect(ids(await call('GET', '/v1/shipments', { bearer: testKey }))).toEqual([[testBuy.body['id'], 'test']]);
      expect(ids(await call('GET', '/v1/shipments?mode=test', { bearer: testKey }))).toEqual([[testBuy.body['id'], 'test']]);
      expect(ids(await call('GET', '/v1/shipments', { bearer: liveKey }))).toEqual([[bought.body['id'], 'live']]);
      const otherMode = await call('GET', '/v1/shipments?mode=live', { bearer: testKey });
      expect([otherMode.status, otherMode.body.message]).toEqual([400, expect.stringContaining('mode')]);
      expect((await call('GET', '/v1/shipments?mode=both', { token: user.token })).status).toBe(400);
      expect((await call('GET', `/v1/shipments/${String(testBuy.body['id'])}`, { bearer: liveKey })).status).toBe(404);
      expect((await call('GET', `/v1/shipments/${String(bought.body['id'])}`, { bearer: testKey })).status).toBe(404);
      expect(ids(await call('GET', `/orders/recent/${user.id}?mode=test`, { token: user.token }))).toEqual([[testBuy.body['id'], 'test']]);
      expect(ids(await call('GET', `/orders/recent/${user.id}`, { token: user.token }))).toEqual([[bought.body['id'], 'live']]);
      expect((await call('GET', `/v1/shipments/${String(testBuy.body['id'])}/tracking`, { bearer: testKey })).status).toBe(200);
      const label = await fetch(`${system.baseUrl}/api/v1/shipments/${String(testBuy.body['id'])}/label`, { headers: { authorization: `Bearer ${testKey}` } });
      expect([label.status, label.headers.get('content-type')]).toEqual([200, 'application/pdf']);
      await label.arrayBuffer();

      // A live key cannot void the test label; the test key voids it and the test account is refunded once.
      expect((await call('POST', `/v1/shipments/${String(testBuy.body['id'])}/void`, { bearer: liveKey })).status).toBe(404);
      expect((await call('POST', `/orders/${String(testBuy.body['id'])}/void`, { bearer: liveKey })).status).toBe(404);
      const voided = await call('POST', `/v1/shipments/${String(testBuy.body['id'])}/void`, { bearer: testKey });
      expect([voided.status, voided.body['label_state']]).toEqual([200, 'voided']);
      expect(await balances()).toEqual([5000 - livePrice, 2500]);
      await call('POST', `/v1/shipments/${String(testBuy.body['id'])}/void`, { bearer: testKey });
      expect(await balances()).toEqual([5000 - livePrice, 2500]);

      // Events carry the mode: the test key lists its label's purchase and void, the live key its live purchase only.
      const events = async (bearer: string) =>
        ((await call('GET', '/v1/events', { bearer })).body['data'] as Array<{ type: string; data: Record<string, unknown> }>).map((event) => [event.type, event.data['orderId'], event.data['mode']]);
      const testEvents = await events(testKey);
      expect(testEvents).toEqual(expect.arrayContaining([['label.voided', testBuy.body['id'], 'test'], ['label.purchased', testBuy.body['id'], 'test']]));
      expect(testEvents.filter(([, orderId, mode]) => orderId !== testBuy.body['id'] || mode !== 'test')).toEqual([]);
      expect(await events(liveKey)).toEqual([['label.purchased', bought.body['id'], 'live']]);
      expect((await call('GET', '/keys', { token: user.token })).body['keys']).toEqual(
        expect.arrayContaining([expect.objectContaining({ name: 'sandbox', mode: 'test' }), expect.objectContaining({ name: 'live', mode: 'live' })]),
      );
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
      expect((await call('POST', '/keys', { body: { name: 'more', scopes: ['labels:read'], password: PASSWORD }, bearer: key })).status).toBe(403);
      expect((await call('GET', `/orders/recent/${other.id}`, { bearer: key })).status).toBe(403);
      expect((await call('GET', `/orders/recent/${user.id}`, { bearer: key })).status).toBe(200);
      const reader = await createKey(user.token, ['balance:read'], 'bookkeeping');
      expect(await call('GET', '/auth/api/balance', { bearer: reader.key })).toMatchObject({ status: 200, body: { balance: 0 } });
      expect((await call('GET', `/payment/deposits/${user.id}`, { bearer: reader.key })).status).toBe(200);
    });

    it("refuses an admin's key on admin routes, a mistyped key, and a key whose user is blocked or deleted", async () => {
      const adminKey = await createKey(adminToken, ['labels:read', 'labels:buy', 'labels:void', 'balance:read', 'webhooks:manage'], 'admin script', system.adminPassword);
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

    it('writes the creation and the revocation of a key to the audit log', async () => {
      const user = await register('audited');
      const { id } = await createKey(user.token, ['balance:read']);
      expect((await call('DELETE', `/keys/${id}`, { token: user.token })).status).toBe(200);
      const log = await call('GET', `/admin/audit?targetId=${id}`, { token: adminToken });
      expect(log.status).toBe(200);
      const actions = (log.body['items'] as Array<{ action: string; actorId: string }>).map((entry) => [entry.action, entry.actorId]);
      expect(actions).toEqual(expect.arrayContaining([['api-key.create', user.id], ['api-key.revoke', user.id]]));
    });

    it('makes no key without the password or with a wrong one (403, the session goes on) and audits the refusal', async () => {
      const user = await register('unconfirmed');
      const missing = await call('POST', '/keys', { body: { name: 'stolen', scopes: ['labels:read'] }, token: user.token });
      expect([missing.status, missing.body.code]).toEqual([400, 'VALIDATION_FAILED']);
      const wrong = await call('POST', '/keys', { body: { name: 'stolen', scopes: ['labels:read'], password: 'a-guess-123' }, token: user.token });
      expect([wrong.status, wrong.body.code, wrong.body.message]).toEqual([403, 'AUTH_CONFIRMATION_FAILED', 'Password is incorrect']);
      // A code is no way around the password for an account without two-factor sign-in.
      const code = await call('POST', '/keys', { body: { name: 'stolen', scopes: ['labels:read'], code: '123456' }, token: user.token });
      expect([code.status, code.body.code]).toEqual([403, 'AUTH_CONFIRMATION_FAILED']);
      expect(await call('GET', '/keys', { token: user.token })).toMatchObject({ status: 200, body: { keys: [] } });
      const log = await call('GET', `/admin/audit?actorId=${user.id}&action=api-key.create-refused`, { token: adminToken });
      expect((log.body['items'] as unknown[]).length).toBe(2);
    });

    it('takes a recovery code instead of the password once two-factor sign-in is on, and refuses a wrong code', async () => {
      const user = await register('twofactor');
      const setup = await call('POST', '/auth/2fa/setup', { token: user.token });
      const enabled = await call('POST', '/auth/2fa/enable', { token: user.token, body: { code: await generate({ secret: String(setup.body['secret']) }), password: PASSWORD } });
      expect(enabled.status).toBe(200);
      const [recoveryCode] = enabled.body['recoveryCodes'] as string[];
      const wrong = await call('POST', '/keys', { body: { name: 'by code', scopes: ['labels:read'], code: '000000' }, token: user.token });
      expect([wrong.status, wrong.body.code]).toEqual([403, 'AUTH_CONFIRMATION_FAILED']);
      const made = await call('POST', '/keys', { body: { name: 'by code', scopes: ['labels:read'], code: recoveryCode }, token: user.token });
      expect(made.status).toBe(201);
      expect((await call('GET', `/orders/recent/${user.id}`, { bearer: String(made.body['key']) })).status).toBe(200);
    });

    it('revokes every key with a password reset: a key used after it is refused (401), as is the session before it', async () => {
      const user = await register('resetkeys');
      const keys = [await createKey(user.token, ['labels:read'], 'one'), await createKey(user.token, ['labels:read'], 'two')];
      // Used more than once, so that with several gateway replicas each keeps the keys' callers before the reset.
      for (const { key } of keys) for (let i = 0; i < 3; i++) expect((await call('GET', `/orders/recent/${user.id}`, { bearer: key })).status).toBe(200);
      const link = await call('POST', `/auth/users/${user.id}/reset-link`, { token: adminToken });
      const resetToken = /[?&]token=([A-Za-z0-9_-]+)/.exec(String(link.body['link']))?.[1] ?? '';
      expect((await call('POST', '/auth/reset-password', { body: { token: resetToken, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD } })).status).toBe(200);
      for (const { key } of keys) {
        const refused = await call('GET', `/orders/recent/${user.id}`, { bearer: key });
        expect([refused.status, refused.body.code]).toEqual([401, 'AUTH_API_KEY_INVALID']);
      }
      expect((await call('GET', '/keys', { token: user.token })).status).toBe(401);
      const signedIn = await call('POST', '/auth/login', { body: { email: user.email, password: NEW_PASSWORD } });
      expect(await call('GET', '/keys', { token: signedIn.body.token ?? '' })).toMatchObject({ status: 200, body: { keys: [] } });
    });

    it('revokes every key with a password change by default, and keeps them when the holder declines', async () => {
      const user = await register('changekeys');
      const doomed = await createKey(user.token, ['labels:read'], 'doomed');
      for (let i = 0; i < 3; i++) expect((await call('GET', `/orders/recent/${user.id}`, { bearer: doomed.key })).status).toBe(200);
      const changed = await call('POST', '/auth/me', { body: { name: 'changekeys', password: NEW_PASSWORD, currentPassword: PASSWORD }, token: user.token });
      expect([changed.status, changed.body['revokedApiKeys']]).toEqual([200, 1]);
      const refused = await call('GET', `/orders/recent/${user.id}`, { bearer: doomed.key });
      expect([refused.status, refused.body.code]).toEqual([401, 'AUTH_API_KEY_INVALID']);

      const token = changed.body.token ?? '';
      const kept = await createKey(token, ['labels:read'], 'kept', NEW_PASSWORD);
      for (let i = 0; i < 3; i++) expect((await call('GET', `/orders/recent/${user.id}`, { bearer: kept.key })).status).toBe(200);
      const declined = await call('POST', '/auth/me', { body: { name: 'changekeys', password: PASSWORD, currentPassword: NEW_PASSWORD, revokeApiKeys: false }, token });
      expect([declined.status, declined.body['revokedApiKeys']]).toEqual([200, 0]);
      expect((await call('GET', `/orders/recent/${user.id}`, { bearer: kept.key })).status).toBe(200);
      expect((await call('GET', '/keys', { token: declined.body.token ?? '' })).body['keys']).toEqual([expect.objectContaining({ id: kept.id })]);
    });

    it(`makes exactly ${KEY_LIMIT} keys of ${PARALLEL_CREATIONS} parallel creations and refuses the rest with 409`, async () => {
      const user = await register('racer');
      const answers = await Promise.all(
        Array.from({ length: PARALLEL_CREATIONS }, (_, i) => call('POST', '/keys', { body: { name: `racer ${i}`, scopes: ['labels:read'], password: PASSWORD }, token: user.token })),
      );
      const statuses = answers.map((answer) => answer.status).sort();
      expect(statuses).toEqual([...Array<number>(KEY_LIMIT).fill(201), ...Array<number>(PARALLEL_CREATIONS - KEY_LIMIT).fill(409)]);
      expect(answers.find((answer) => answer.status === 409)?.body).toMatchObject({ code: 'CONFLICT', message: expect.stringContaining('revoke one first') });
      expect((await call('GET', '/keys', { token: user.token })).body['keys']).toHaveLength(KEY_LIMIT);
    }, 60_000);

    it('refuses a login-as session making or revoking a key, or changing the password, but lets it change the name', async () => {
      const user = await register('impersonated');
      const { id } = await createKey(user.token, ['labels:read']);
      const opened = await call('POST', `/auth/login-as-user/${user.id}`, { token: adminToken });
      const loginAs = opened.body.token ?? '';
      const made = await call('POST', '/keys', { body: { name: 'left behind', scopes: ['labels:read'], password: PASSWORD }, token: loginAs });
      expect([made.status, made.body.code]).toEqual([403, 'AUTH_LOGIN_AS_REFUSED']);
      expect((await call('DELETE', `/keys/${id}`, { token: loginAs })).body.code).toBe('AUTH_LOGIN_AS_REFUSED');
      const password = await call('POST', '/auth/me', { body: { name: 'impersonated', password: NEW_PASSWORD, currentPassword: PASSWORD }, token: loginAs });
      expect([password.status, password.body.code]).toEqual([403, 'AUTH_LOGIN_AS_REFUSED']);
      expect((await call('POST', '/auth/me', { body: { name: 'renamed by support' }, token: loginAs })).status).toBe(200);
      expect((await call('GET', '/keys', { token: user.token })).body['keys']).toEqual([expect.objectContaining({ id })]);
    });
  });
};

const env = { LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS: String(FAILURES_PER_ACCOUNT_AND_ADDRESS) };
describeApiKeys('embedded', () => startEmbedded(env));
describeApiKeys('distributed', () => startDistributed(env));
// The revocation reaches a replica other than the one that served it through auth's event (decision 019).
// Two gateways and two auth processes (whose events they hear); one of each other service answers the requests.
describeApiKeys('distributed, two gateway replicas', () => startDistributed(env, { replicasOf: { gateway: 2, auth: 2 } }));
