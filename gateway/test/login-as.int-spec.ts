import { startDistributed, startEmbedded, startHookTimeout, type RunningSystem } from '@labeldesk/testing';
import { generate } from 'otplib';
import { apiClient } from './support/bulk-api';
import { requestJson, type JsonAnswer as Json, type JsonRequestOptions } from './support/json-request';
import { buySingleLabel } from './support/lifecycle-api';

const PASSWORD = 'correct-horse-1';
const LOGIN_AS_TTL_SECONDS = 120;

/** The claims of a token, read without checking it (the test only looks at its lifetime). */
const claimsOf = (token: string): { iat: number; exp: number } => JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));

/** A code of the authenticator app for this secret, now. */
const codeNow = (secret: string): Promise<string> => generate({ secret, epoch: Math.floor(Date.now() / 1000) });

/**
 * A login-as session is bound to the admin who opened it (decision 037): demoting, blocking or deleting that admin,
 * a password change of theirs, or their signing out refuses it on the very next request at the gateway, though the
 * gateway kept it verified moments before (decision 019). An admin cannot sign in as another admin (403, audited).
 * It leaves nothing behind (decision 069): no API key, webhook secret, password or two-factor change, and what it
 * does is audited as its admin's, acting as the customer.
 */
const describeLoginAs = (mode: string, start: (env: NodeJS.ProcessEnv) => Promise<RunningSystem>): void => {
  describe(`login-as sessions bound to their admin (${mode} mode)`, () => {
    let system: RunningSystem;
    let rootToken: string;
    let rootId: string;
    const unique = `${Date.now()}${Math.floor(Math.random() * 1e4)}`;
    let counter = 0;

    const call = (method: string, path: string, options?: JsonRequestOptions): Promise<Json> => requestJson(system.baseUrl, method, path, options);
    const login = async (email: string, password = PASSWORD) => {
      const result = await call('POST', '/auth/login', { body: { email, password } });
      expect(result.status).toBe(200);
      return result.body.token ?? '';
    };
    const register = async (name: string) => {
      const email = `${name}-${unique}-${(counter += 1)}@example.com`;
      const result = await call('POST', '/auth/register', { body: { name, email, password: PASSWORD, confirmPassword: PASSWORD } });
      expect(result.status).toBe(201);
      return { email, token: result.body.token ?? '', id: String(result.body.user?.['_id']) };
    };
    /** A new admin (made by the first one) signed in, and a customer they are signed in as, the session used twice so the gateway keeps it. */
    const adminAsCustomer = async () => {
      const admin = await register('admin');
      expect((await call('POST', `/auth/users/role/${admin.id}`, { body: { user_role: 'admin' }, token: rootToken })).status).toBe(200);
      const adminToken = await login(admin.email);
      const customer = await register('customer');
      const opened = await call('POST', `/auth/login-as-user/${customer.id}`, { token: adminToken });
      expect(opened.status).toBe(200);
      const loginAs = opened.body.token ?? '';
      for (let i = 0; i < 2; i++) expect((await call('GET', '/auth/verify', { token: loginAs })).body.user?.['_id']).toBe(customer.id);
      return { admin, adminToken, customer, loginAs };
    };
    const expectEnded = async (token: string) => {
      const next = await call('GET', '/auth/verify', { token });
      expect([next.status, next.body.code]).toEqual([401, 'AUTH_TOKEN_INVALID']);
      expect((await call('GET', '/auth/api/balance', { token })).status).toBe(401);
    };

    beforeAll(async () => {
      system = await start({ LOGIN_AS_TTL_SECONDS: String(LOGIN_AS_TTL_SECONDS), WEBHOOK_ALLOW_PRIVATE_URLS: 'true' });
      rootToken = await login(system.adminEmail, system.adminPassword);
      rootId = String((await call('GET', '/auth/verify', { token: rootToken })).body.user?.['_id']);
    }, startHookTimeout());

    afterAll(async () => {
      await system?.stop();
    }, 60_000);

    it('lasts the configured login-as lifetime, not the twelve hours of an ordinary session', async () => {
      const { loginAs, customer } = await adminAsCustomer();
      const { iat, exp } = claimsOf(loginAs);
      expect(exp - iat).toBe(LOGIN_AS_TTL_SECONDS);
      const own = claimsOf(await login(customer.email));
      expect(own.exp - own.iat).toBe(12 * 3600);
    });

    it('ends when its admin is demoted', async () => {
      const { admin, loginAs } = await adminAsCustomer();
      expect((await call('POST', `/auth/users/role/${admin.id}`, { body: { user_role: 'user' }, token: rootToken })).status).toBe(200);
      await expectEnded(loginAs);
    });

    it('ends when its admin is blocked', async () => {
      const { admin, loginAs } = await adminAsCustomer();
      expect((await call('POST', `/auth/users/activation/${admin.id}`, { body: { activation: 'block' }, token: rootToken })).status).toBe(200);
      await expectEnded(loginAs);
    });

    it('ends when its admin is deleted', async () => {
      const { admin, loginAs } = await adminAsCustomer();
      expect((await call('DELETE', `/auth/users/${admin.id}`, { token: rootToken })).status).toBe(200);
      await expectEnded(loginAs);
    });

    it('ends when its admin changes their password', async () => {
      const { adminToken, loginAs } = await adminAsCustomer();
      const changed = await call('POST', '/auth/me', { body: { name: 'Admin', password: 'brand-new-pass', currentPassword: PASSWORD }, token: adminToken });
      expect(changed.status).toBe(200);
      await expectEnded(loginAs);
    });

    it('ends when its admin resets their password with a reset link', async () => {
      const { admin, loginAs } = await adminAsCustomer();
      const issued = await call('POST', `/auth/users/${admin.id}/reset-link`, { token: rootToken });
      expect(issued.status).toBe(200);
      const resetToken = /[?&]token=([A-Za-z0-9_-]+)/.exec(String(issued.body['link']))?.[1] ?? '';
      const reset = await call('POST', '/auth/reset-password', { body: { token: resetToken, password: 'reset-new-pass', confirmPassword: 'reset-new-pass' } });
      expect(reset.status).toBe(200);
      await expectEnded(loginAs);
    });

    it("ends when its admin turns two-factor sign-in off, while the admin's own session goes on", async () => {
      const admin = await register('admin');
      expect((await call('POST', `/auth/users/role/${admin.id}`, { body: { user_role: 'admin' }, token: rootToken })).status).toBe(200);
      const adminToken = await login(admin.email);
      const setup = await call('POST', '/auth/2fa/setup', { token: adminToken });
      const enabled = await call('POST', '/auth/2fa/enable', { token: adminToken, body: { code: await codeNow(String(setup.body['secret'])), password: PASSWORD } });
      expect(enabled.status).toBe(200);
      const customer = await register('customer');
      const opened = await call('POST', `/auth/login-as-user/${customer.id}`, { token: adminToken });
      expect(opened.status).toBe(200);
      const loginAs = opened.body.token ?? '';
      // Used twice, so the gateway keeps it: the change must reach the kept caller too.
      for (let i = 0; i < 2; i++) expect((await call('GET', '/auth/verify', { token: loginAs })).body.user?.['_id']).toBe(customer.id);
      const [recoveryCode] = enabled.body['recoveryCodes'] as string[];
      expect((await call('POST', '/auth/2fa/disable', { token: adminToken, body: { code: recoveryCode, password: PASSWORD } })).status).toBe(200);
      await expectEnded(loginAs);
      expect((await call('GET', '/auth/verify', { token: adminToken })).status).toBe(200);
    });

    it('ends when its admin signs out, while the customer and the admin elsewhere stay signed in', async () => {
      const { admin, adminToken, customer, loginAs } = await adminAsCustomer();
      const adminElsewhere = await login(admin.email);
      expect((await call('POST', '/auth/logout', { token: adminToken })).status).toBe(200);
      await expectEnded(loginAs);
      expect((await call('GET', '/auth/verify', { token: customer.token })).status).toBe(200);
      expect((await call('GET', '/auth/users', { token: adminElsewhere })).status).toBe(200);
    });

    it('ends when it signs out itself (the admin logs out while signed in as the customer)', async () => {
      const { loginAs } = await adminAsCustomer();
      expect((await call('POST', '/auth/logout', { token: loginAs })).status).toBe(200);
      await expectEnded(loginAs);
    });

    it('stays bound to its admin when it applies a referral code, which answers a fresh session to anyone else', async () => {
      const { adminToken, loginAs } = await adminAsCustomer();
      const code = String((await call('GET', `/invite/referral/${rootId}`, { token: rootToken })).body['referralCode']);
      const applied = await call('POST', '/invite/referral/apply', { body: { referralCode: code }, token: loginAs });
      expect(applied.status).toBe(200);
      expect(applied.body.token).toBe(loginAs);
      expect((await call('POST', '/auth/logout', { token: adminToken })).status).toBe(200);
      await expectEnded(applied.body.token ?? '');
    });

    it('goes on while its admin only changes their name', async () => {
      const { adminToken, loginAs } = await adminAsCustomer();
      expect((await call('POST', '/auth/me', { body: { name: 'Renamed Admin', password: '' }, token: adminToken })).status).toBe(200);
      expect((await call('GET', '/auth/verify', { token: loginAs })).status).toBe(200);
    });

    it('leaves no credential behind: an API key, two-factor setup, disable or recovery codes, a webhook, a new secret or a new url for one, a password change are each 403 AUTH_LOGIN_AS_REFUSED and nothing is made', async () => {
      const { adminToken, customer } = await adminAsCustomer();
      const setup = await call('POST', '/auth/2fa/setup', { token: customer.token });
      const secret = String(setup.body['secret']);
      expect((await call('POST', '/auth/2fa/enable', { token: customer.token, body: { code: await codeNow(secret), password: PASSWORD } })).status).toBe(200);
      const hook = await call('POST', '/webhooks', { token: customer.token, body: { url: 'http://127.0.0.1:9/hook', events: ['label.purchased'] } });
      expect(hook.status).toBe(201);
      const hookId = String(hook.body['id']);
      const opened = await call('POST', `/auth/login-as-user/${customer.id}`, { token: adminToken });
      expect(opened.status).toBe(200);
      const asCustomer = opened.body.token ?? '';

      const attempts: Array<[string, string, JsonRequestOptions['body']]> = [
        ['POST', '/keys', { name: 'left behind', scopes: ['labels:read'], password: PASSWORD }],
        ['POST', '/auth/2fa/setup', undefined],
        ['POST', '/auth/2fa/disable', { code: await codeNow(secret), password: PASSWORD }],
        ['POST', '/auth/2fa/recovery-codes', { code: await codeNow(secret), password: PASSWORD }],
        ['POST', '/webhooks', { url: 'http://127.0.0.1:9/admin-hook', events: ['label.purchased'] }],
        ['POST', `/webhooks/${hookId}/rotate-secret`, undefined],
        ['PATCH', `/webhooks/${hookId}`, { url: 'http://127.0.0.1:9/admin-hook' }],
        ['POST', '/auth/me', { name: 'Customer', password: 'admin-chosen-1', currentPassword: PASSWORD }],
      ];
      const answers: Array<[string, string, number, string | undefined]> = [];
      for (const [method, path, body] of attempts) {
        const answer = await call(method, path, { token: asCustomer, body });
        answers.push([method, path, answer.status, answer.body.code]);
      }
      expect(answers).toEqual(attempts.map(([method, path]) => [method, path, 403, 'AUTH_LOGIN_AS_REFUSED']));

      expect((await call('GET', '/keys', { token: customer.token })).body['keys']).toEqual([]);
      expect((await call('GET', '/auth/2fa', { token: customer.token })).body).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
      expect((await call('GET', '/webhooks', { token: customer.token })).body['webhooks']).toEqual([expect.objectContaining({ id: hookId, url: 'http://127.0.0.1:9/hook', previousSecretUntil: null })]);
      // Turning the customer's webhook off is not leaving a credential behind: a login-as session still may.
      expect((await call('PATCH', `/webhooks/${hookId}`, { token: asCustomer, body: { enabled: false } })).status).toBe(200);
      // The password is still the customer's: it still takes them to the second step.
      expect((await call('POST', '/auth/login', { body: { email: customer.email, password: PASSWORD } })).body['twoFactorRequired']).toBe(true);
    });

    it("audits what it does as its admin's, acting as the customer, and the audit log names both", async () => {
      const { admin, customer, loginAs } = await adminAsCustomer();
      expect((await call('POST', `/auth/users/details/${customer.id}`, { body: { balance: 10_000 }, token: rootToken })).status).toBe(200);
      await call('POST', `/userServices/${customer.id}/initialize`, { token: customer.token });
      const api = apiClient(system.baseUrl);
      const label = await buySingleLabel(api, { token: loginAs });
      const voided = await call('POST', `/orders/${label.orderId}/void`, { token: loginAs });
      expect(voided.status).toBe(200);
      const log = await call('GET', `/admin/audit?targetId=${label.orderId}`, { token: rootToken });
      expect(log.body['items']).toEqual([
        expect.objectContaining({ action: 'label.void', targetType: 'order', targetId: label.orderId, actorId: admin.id, actingAsId: customer.id, actorName: expect.stringContaining(admin.email), actingAsName: expect.stringContaining(customer.email) }),
      ]);
      // The customer voiding their own label is not an admin's action: nothing is recorded.
      const own = await buySingleLabel(api, { token: customer.token });
      expect((await call('POST', `/orders/${own.orderId}/void`, { token: customer.token })).status).toBe(200);
      expect((await call('GET', `/admin/audit?targetId=${own.orderId}`, { token: rootToken })).body['items']).toEqual([]);
    });

    it('is refused to an admin asking for another admin, with a 403 that says why, and the attempt is in the audit log', async () => {
      const admin = await register('asking');
      expect((await call('POST', `/auth/users/role/${admin.id}`, { body: { user_role: 'admin' }, token: rootToken })).status).toBe(200);
      const adminToken = await login(admin.email);
      const refused = await call('POST', `/auth/login-as-user/${rootId}`, { token: adminToken });
      expect([refused.status, refused.body.message]).toEqual([403, 'You cannot log in as another admin']);
      expect(refused.body.token).toBeUndefined();
      const log = await call('GET', `/admin/audit?actorId=${admin.id}&action=user.login-as-refused`, { token: rootToken });
      expect(log.status).toBe(200);
      expect(log.body['items']).toEqual([expect.objectContaining({ actorId: admin.id, action: 'user.login-as-refused', targetId: rootId, after: { refused: 'You cannot log in as another admin' } })]);
    });
  });
};

describeLoginAs('embedded', startEmbedded);
describeLoginAs('distributed', (env) => startDistributed(env));
