import { startDistributed, startEmbedded, startHookTimeout, type DistributedSystem, type RunningSystem } from '@labeldesk/testing';
import { generate } from 'otplib';
import { Client } from 'pg';
import { requestJson, type JsonAnswer as Json, type JsonRequestOptions } from './support/json-request';

const PASSWORD = 'correct-horse-1';
const PERIOD_MS = 30_000;

/**
 * Two-factor sign-in through the REST API (decision 050), the same in either run mode, on a system with
 * ADMIN_2FA_REQUIRED: enrolment, a sign-in answering a challenge and no token, codes that work once, recovery codes,
 * throttling (per address, and wrong codes per account: decision 071), and the admin area closed to an admin without it.
 * Login-as and password reset go on as before. Client addresses come from X-Forwarded-For (TRUST_PROXY=1).
 */
const describeTwoFactor = (mode: string, start: (env: NodeJS.ProcessEnv) => Promise<RunningSystem>, only?: 'wrong codes'): void => {
  /** Every case, or (on a system of several replicas) only the count of wrong codes, which must hold across them. */
  const all = only === undefined;
  describe(`two-factor sign-in (${mode} mode)`, () => {
    let system: RunningSystem;
    let rootToken: string;
    const unique = `${Date.now()}${Math.floor(Math.random() * 1e4)}`;
    let counter = 0;
    /** The last step each secret's code was sent for: a step is accepted once, so each test asks for a later one. */
    const lastStep = new Map<string, number>();

    const call = (method: string, path: string, options?: JsonRequestOptions): Promise<Json> => requestJson(system.baseUrl, method, path, options);
    /** The sign-in's second step from a client address of its own. */
    const verifyFrom = async (from: string, body: { challenge: string; code: string }): Promise<Json> => {
      const response = await fetch(`${system.baseUrl}/api/auth/2fa/verify`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': from }, body: JSON.stringify(body) });
      return { status: response.status, body: (await response.json()) as Json['body'] };
    };
    /** A code of a step no code of this secret was sent for yet (the next step when the current one is used: ±1 is accepted). */
    const freshCode = async (secret: string): Promise<string> => {
      const step = Math.max(Math.floor(Date.now() / PERIOD_MS), (lastStep.get(secret) ?? 0) + 1);
      if (step > Math.floor(Date.now() / PERIOD_MS) + 1) await new Promise((resolve) => setTimeout(resolve, PERIOD_MS));
      lastStep.set(secret, step);
      return generate({ secret, epoch: step * (PERIOD_MS / 1000) + 1 });
    };
    const register = async (name: string) => {
      const email = `${name}-${unique}-${(counter += 1)}@example.com`;
      const result = await call('POST', '/auth/register', { body: { name, email, password: PASSWORD, confirmPassword: PASSWORD } });
      expect(result.status).toBe(201);
      return { email, token: result.body.token ?? '', id: String(result.body.user?.['_id']) };
    };
    const enrol = async (token: string, password = PASSWORD) => {
      const setup = await call('POST', '/auth/2fa/setup', { token });
      expect(setup.status).toBe(200);
      const secret = String(setup.body['secret']);
      expect(String(setup.body['otpauthUrl'])).toContain(`secret=${secret}`);
      const enabled = await call('POST', '/auth/2fa/enable', { token, body: { code: await freshCode(secret), password } });
      expect(enabled.status).toBe(200);
      return { secret, recoveryCodes: enabled.body['recoveryCodes'] as string[] };
    };
    const challengeFor = async (email: string, password = PASSWORD) => {
      const answer = await call('POST', '/auth/login', { body: { email, password } });
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ twoFactorRequired: true, challenge: expect.any(String) });
      return String(answer.body['challenge']);
    };

    beforeAll(async () => {
      system = await start({ ADMIN_2FA_REQUIRED: 'true', TRUST_PROXY: '1' });
      const root = await call('POST', '/auth/login', { body: { email: system.adminEmail, password: system.adminPassword } });
      rootToken = root.body.token ?? '';
      await enrol(rootToken, system.adminPassword);
    }, startHookTimeout());
    afterAll(async () => {
      await system?.stop();
    }, 60_000);

    if (all) it('turns on only with the password as well as a code: none is 400, a wrong one 403 AUTH_CONFIRMATION_FAILED (the session goes on), and nothing is on until both are right', async () => {
      const customer = await register('enrolling');
      const setup = await call('POST', '/auth/2fa/setup', { token: customer.token });
      const secret = String(setup.body['secret']);
      const code = await freshCode(secret);
      const none = await call('POST', '/auth/2fa/enable', { token: customer.token, body: { code } });
      expect([none.status, none.body.code]).toEqual([400, 'VALIDATION_FAILED']);
      const wrong = await call('POST', '/auth/2fa/enable', { token: customer.token, body: { code, password: 'not-the-password' } });
      expect([wrong.status, wrong.body.code, wrong.body.message]).toEqual([403, 'AUTH_CONFIRMATION_FAILED', 'Password is incorrect']);
      expect((await call('GET', '/auth/2fa', { token: customer.token })).body).toEqual({ enabled: false, recoveryCodesLeft: 0 });
      expect((await call('GET', '/auth/verify', { token: customer.token })).status).toBe(200);
      const right = await call('POST', '/auth/2fa/enable', { token: customer.token, body: { code, password: PASSWORD } });
      expect([right.status, (right.body['recoveryCodes'] as unknown[]).length]).toEqual([200, 10]);
    });

    if (all) it('signs in with the password and then a code: no token before the code, and each code and recovery code works once', async () => {
      const customer = await register('customer');
      expect((await call('GET', '/auth/2fa', { token: customer.token })).body).toEqual({ enabled: false, recoveryCodesLeft: 0 });
      const { secret, recoveryCodes } = await enrol(customer.token);
      expect((await call('GET', '/auth/2fa', { token: customer.token })).body).toEqual({ enabled: true, recoveryCodesLeft: 10 });
      expect((await call('GET', '/auth/2fa')).status).toBe(401);
      expect(recoveryCodes).toHaveLength(10);
      expect((await call('GET', '/auth/verify', { token: customer.token })).body.user?.['twoFactorEnabled']).toBe(true);

      const challenge = await challengeFor(customer.email);
      const code = await freshCode(secret);
      const signedIn = await call('POST', '/auth/2fa/verify', { body: { challenge, code } });
      expect(signedIn.status).toBe(200);
      expect(signedIn.body.user?.['email']).toBe(customer.email);
      expect((await call('GET', '/auth/verify', { token: signedIn.body.token ?? '' })).status).toBe(200);
      // The challenge is used up, and the code's step too.
      expect((await call('POST', '/auth/2fa/verify', { body: { challenge, code: recoveryCodes[0] } })).body.code).toBe('AUTH_TWO_FACTOR_CHALLENGE_INVALID');
      const replay = await call('POST', '/auth/2fa/verify', { body: { challenge: await challengeFor(customer.email), code } });
      expect([replay.status, replay.body.code]).toEqual([400, 'AUTH_TWO_FACTOR_CODE_INVALID']);

      const withRecovery = await call('POST', '/auth/2fa/verify', { body: { challenge: await challengeFor(customer.email), code: recoveryCodes[0] } });
      expect(withRecovery.status).toBe(200);
      const recoveryAgain = await call('POST', '/auth/2fa/verify', { body: { challenge: await challengeFor(customer.email), code: recoveryCodes[0] } });
      expect(recoveryAgain.body.code).toBe('AUTH_TWO_FACTOR_CODE_INVALID');
      expect((await call('GET', '/auth/2fa', { token: customer.token })).body).toEqual({ enabled: true, recoveryCodesLeft: 9 });
    });

    it('lets 5 of 40 wrong codes sent at once from 40 addresses be tried; then every code, even the right one, is 429 until the time named, with one audit row', async () => {
      const customer = await register('guessed');
      const { secret, recoveryCodes } = await enrol(customer.token);
      const challenge = await challengeFor(customer.email);
      const right = await freshCode(secret);
      const wrong = Array.from({ length: 41 }, (_, i) => String(100_000 + i * 7919)).filter((code) => code !== right).slice(0, 40);
      const before = Date.now();
      const answers = await Promise.all(wrong.map((code, i) => verifyFrom(`2001:db8:${(i + 1).toString(16)}::7`, { challenge, code })));
      const after = Date.now();
      const tried = answers.filter((answer) => answer.status === 400);
      const locked = answers.filter((answer) => answer.status === 429);
      expect([tried.length, locked.length]).toEqual([5, 35]);
      expect(tried.every((answer) => answer.body.code === 'AUTH_TWO_FACTOR_CODE_INVALID')).toBe(true);
      // The time named is the minute after the window's end, 15 minutes after the first wrong code, rounded up.
      const named = (at: number) => `Too many wrong codes. Please try again at ${new Date(Math.ceil((at + 15 * 60_000) / 60_000) * 60_000).toISOString().slice(11, 16)} UTC.`;
      expect(new Set(locked.map((answer) => answer.body.code))).toEqual(new Set(['AUTH_TWO_FACTOR_LOCKED']));
      expect(new Set(locked.map((answer) => answer.body.message)).size).toBe(1);
      expect([named(before), named(after)]).toContain(locked[0]?.body.message);

      const refused = await verifyFrom('198.51.100.77', { challenge, code: right });
      expect([refused.status, refused.body.code]).toEqual([429, 'AUTH_TWO_FACTOR_LOCKED']);
      const off = await call('POST', '/auth/2fa/disable', { token: customer.token, body: { code: recoveryCodes[0], password: PASSWORD } });
      expect([off.status, off.body.code]).toEqual([429, 'AUTH_TWO_FACTOR_LOCKED']);
      const audit = await call('GET', `/admin/audit?targetId=${customer.id}&action=user.2fa-locked`, { token: rootToken });
      expect((audit.body['items'] as Array<{ action: string; actorId: string }>).map((item) => [item.action, item.actorId])).toEqual([['user.2fa-locked', customer.id]]);

      // The window's end, where the database can be reached (the embedded system keeps its own: the PGlite
      // int-spec of auth moves its clock instead): the right code signs in.
      if ('databaseUrl' in system) {
        const db = new Client({ connectionString: (system as DistributedSystem).databaseUrl });
        await db.connect();
        await db.query(`update "auth"."two_factor_failures" set "window_ends_at" = now() where "user_id" = $1`, [customer.id]);
        await db.end();
        const signedIn = await verifyFrom('198.51.100.77', { challenge, code: right });
        expect(signedIn.status).toBe(200);
      }
    });

    if (all) it('is turned off only with a code and the password, after which sign-in answers a token again', async () => {
      const customer = await register('leaving');
      const { secret } = await enrol(customer.token);
      const code = await freshCode(secret);
      // A wrong password is refused before the code is looked at, so the code is still good for the next try.
      const wrongPassword = await call('POST', '/auth/2fa/disable', { token: customer.token, body: { code, password: 'not-it-at-all' } });
      expect([wrongPassword.status, wrongPassword.body.code]).toEqual([403, 'AUTH_CONFIRMATION_FAILED']);
      const off = await call('POST', '/auth/2fa/disable', { token: customer.token, body: { code, password: PASSWORD } });
      expect(off.status).toBe(200);
      const login = await call('POST', '/auth/login', { body: { email: customer.email, password: PASSWORD } });
      expect(login.body.token).toEqual(expect.any(String));
      const audit = await call('GET', `/admin/audit?targetId=${customer.id}`, { token: rootToken });
      expect((audit.body['items'] as Array<{ action: string; actorId: string }>).map((item) => [item.action, item.actorId])).toEqual([
        ['user.2fa-disabled', customer.id],
        ['user.2fa-enabled', customer.id],
      ]);
    });

    if (all) it('closes the admin area to an admin until they turn it on, and then lets them sign in as a customer without the customer\'s code', async () => {
      const admin = await register('admin');
      expect((await call('POST', `/auth/users/role/${admin.id}`, { body: { user_role: 'admin' }, token: rootToken })).status).toBe(200);
      const adminToken = (await call('POST', '/auth/login', { body: { email: admin.email, password: PASSWORD } })).body.token ?? '';
      const refused = await call('GET', '/auth/users', { token: adminToken });
      expect([refused.status, refused.body.code]).toEqual([403, 'AUTH_TWO_FACTOR_ENROLMENT_REQUIRED']);
      expect((await call('GET', '/auth/verify', { token: adminToken })).body['twoFactorEnrolmentRequired']).toBe(true);
      // A customer's own routes on the customer's id are the admin area too; the admin's own account is not.
      const someone = await register('someone');
      const theirs = await call('GET', `/orders/recent/${someone.id}`, { token: adminToken });
      expect([theirs.status, theirs.body.code]).toEqual([403, 'AUTH_TWO_FACTOR_ENROLMENT_REQUIRED']);
      expect((await call('GET', `/orders/recent/${admin.id}`, { token: adminToken })).status).toBe(200);

      await enrol(adminToken);
      expect((await call('GET', '/auth/users', { token: adminToken })).status).toBe(200);
      expect((await call('GET', `/orders/recent/${someone.id}`, { token: adminToken })).status).toBe(200);
      expect((await call('GET', '/auth/verify', { token: adminToken })).body['twoFactorEnrolmentRequired']).toBeUndefined();

      const customer = await register('impersonated');
      await enrol(customer.token);
      const loginAs = await call('POST', `/auth/login-as-user/${customer.id}`, { token: adminToken });
      expect(loginAs.status).toBe(200);
      expect((await call('GET', '/auth/verify', { token: loginAs.body.token ?? '' })).body.user?.['email']).toBe(customer.email);
    });

    if (all) it('keeps two-factor sign-in on through a password reset, and a challenge from before the reset no longer works', async () => {
      const customer = await register('forgetful');
      const { recoveryCodes } = await enrol(customer.token);
      const before = await challengeFor(customer.email);
      const link = await call('POST', `/auth/users/${customer.id}/reset-link`, { token: rootToken });
      const token = /token=([A-Za-z0-9_-]+)/.exec(String(link.body['link']))?.[1] ?? '';
      const reset = await call('POST', '/auth/reset-password', { body: { token, password: 'brand-new-pass-1', confirmPassword: 'brand-new-pass-1' } });
      expect(reset.status).toBe(200);
      expect((await call('POST', '/auth/2fa/verify', { body: { challenge: before, code: recoveryCodes[0] } })).body.code).toBe('AUTH_TWO_FACTOR_CHALLENGE_INVALID');
      const after = await challengeFor(customer.email, 'brand-new-pass-1');
      expect((await call('POST', '/auth/2fa/verify', { body: { challenge: after, code: recoveryCodes[1] } })).status).toBe(200);
    });
  });
};

describeTwoFactor('embedded', startEmbedded);
describeTwoFactor('distributed', (env) => startDistributed(env));
// Wrong codes sent at once through two gateways to two auth replicas: still exactly 5 tried. The other services take
// no part in a sign-in: one of each.
describeTwoFactor('two-replica distributed', (env) => startDistributed(env, { replicasOf: { gateway: 2, auth: 2 } }), 'wrong codes');
