import type { RunningSystem } from '@labeldesk/testing';

interface Json {
  status: number;
  body: Record<string, unknown> & { message?: string; token?: string; user?: Record<string, unknown> };
}

/** The sign-up, sign-in and admin flows of the foundation, asserted the same way against any run mode. */
export const describeAccountFlows = (mode: string, running: () => RunningSystem): void => {
  describe(`accounts and sign-in (${mode} mode)`, () => {
    let system: RunningSystem;
    const unique = `${Date.now()}${Math.floor(Math.random() * 1e4)}`;

    const call = async (method: string, path: string, body?: unknown, token?: string): Promise<Json> => {
      const response = await fetch(`${system.baseUrl}/api${path}`, {
        method,
        headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await response.text();
      return { status: response.status, body: text ? (JSON.parse(text) as Json['body']) : {} };
    };
    const register = (name: string, email: string, referralCode?: string) =>
      call('POST', '/auth/register', { name, email, password: 'correct-horse-1', confirmPassword: 'correct-horse-1', ...(referralCode ? { referralCode } : {}) });
    const adminToken = async () => (await call('POST', '/auth/login', { email: system.adminEmail, password: system.adminPassword })).body.token ?? '';

    beforeAll(async () => {
      system = running();
    }, 120_000);

    it('reports every service healthy', async () => {
      const health = await call('GET', '/health');
      expect(health.status).toBe(200);
      expect(health.body['services']).toHaveLength(5);
    });

    it('marks every API answer, a success or a refusal, as not to be stored, and hashes none of them for an ETag', async () => {
      const token = await adminToken();
      const answers = await Promise.all([
        fetch(`${system.baseUrl}/api/auth/verify`, { headers: { token } }),
        fetch(`${system.baseUrl}/api/auth/verify`),
        fetch(`${system.baseUrl}/api/orders/price/v2/bulk`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', token }, body: 'a=1' }),
      ]);
      expect(answers.map((a) => [a.status, a.headers.get('cache-control'), a.headers.get('etag')])).toEqual([
        [200, 'no-store', null],
        [401, 'no-store', null],
        [415, 'no-store', null],
      ]);
    });

    it('registers a user and answers the spec shape with a token', async () => {
      const result = await register('Ada', `ada-${unique}@example.com`);
      expect(result.status).toBe(201);
      expect(result.body).toMatchObject({ ok: true, message: expect.any(String), token: expect.any(String) });
      expect(result.body.user).toMatchObject({ name: 'Ada', email: `ada-${unique}@example.com`, user_role: 'user', activation: 'allow', balance: 0, referredBy: null });
    });

    it('links a user registered with a referral code to the code owner', async () => {
      const owner = (await register('Owner', `owner-${unique}@example.com`)).body.user;
      const invited = await register('Invited', `invited-${unique}@example.com`, String(owner?.['referralCode']));
      expect(invited.status).toBe(201);
      expect(invited.body.user?.['referredBy']).toBe(owner?.['_id']);
    });

    it("refuses bad registrations with the spec's messages and a 4xx", async () => {
      expect((await call('POST', '/auth/register', { name: '', email: '', password: '', confirmPassword: '' })).body.message).toBe('Please fill in all fields');
      const mismatch = await call('POST', '/auth/register', { name: 'X', email: `x-${unique}@example.com`, password: 'password-1', confirmPassword: 'password-2' });
      expect([mismatch.status, mismatch.body.message]).toEqual([400, "Passwords don't match"]);
      await register('Dup', `dup-${unique}@example.com`);
      const duplicate = await register('Dup', `DUP-${unique}@example.com`);
      expect([duplicate.status, duplicate.body.message]).toEqual([409, 'An account with this email already exists']);
      expect((await register('Y', `y-${unique}@example.com`, 'NOSUCHCODE')).status).toBe(404);
      expect((await call('POST', '/auth/register', 'not json at all')).status).toBe(400);
    });

    it('signs in, verifies the token and refuses a wrong password', async () => {
      await register('Grace', `grace-${unique}@example.com`);
      const wrong = await call('POST', '/auth/login', { email: `grace-${unique}@example.com`, password: 'nope-nope' });
      expect([wrong.status, wrong.body.message]).toEqual([401, 'Invalid email or password']);
      const login = await call('POST', '/auth/login', { email: `grace-${unique}@example.com`, password: 'correct-horse-1' });
      expect(login.status).toBe(200);
      const verify = await call('GET', '/auth/verify', undefined, login.body.token);
      expect(verify.status).toBe(200);
      expect(verify.body.user?.['email']).toBe(`grace-${unique}@example.com`);
      expect((await call('GET', '/auth/verify')).status).toBe(401);
      expect((await call('GET', '/auth/verify', undefined, 'not-a-token')).status).toBe(401);
    });

    it('applies a referral code once, from onboarding', async () => {
      const owner = (await register('Ref Owner', `refowner-${unique}@example.com`)).body.user;
      const newcomer = await register('Newcomer', `newcomer-${unique}@example.com`);
      const applied = await call('POST', '/invite/referral/apply', { referralCode: owner?.['referralCode'] }, newcomer.body.token);
      expect(applied.status).toBe(200);
      expect(applied.body).toMatchObject({ success: true, token: expect.any(String) });
      expect(applied.body.user?.['referredBy']).toBe(owner?.['_id']);
      expect((await call('POST', '/invite/referral/apply', { referralCode: owner?.['referralCode'] }, newcomer.body.token)).status).toBe(409);
    });

    it('keeps admin calls to admins', async () => {
      const user = await register('Plain', `plain-${unique}@example.com`);
      expect((await call('GET', '/auth/users', undefined, user.body.token)).status).toBe(403);
      const target = String(user.body.user?.['_id']);
      expect((await call('POST', `/auth/users/role/${target}`, { user_role: 'admin' }, user.body.token)).status).toBe(403);
      expect((await call('POST', `/auth/login-as-user/${target}`, undefined, user.body.token)).status).toBe(403);
    });

    it('lets an admin list users, change a role, sign in as a user and block one', async () => {
      const token = await adminToken();
      const user = await register('Target', `target-${unique}@example.com`);
      const id = String(user.body.user?.['_id']);
      const list = await call('GET', '/auth/users', undefined, token);
      expect(list.status).toBe(200);
      expect((list.body as unknown as Array<{ email: string }>).some((u) => u.email === `target-${unique}@example.com`)).toBe(true);
      expect((await call('POST', `/auth/users/role/${id}`, { user_role: 'friend' }, token)).body['user_role']).toBe('friend');
      const as = await call('POST', `/auth/login-as-user/${id}`, undefined, token);
      expect(as.status).toBe(200);
      expect(as.body.user?.['_id']).toBe(id);
      expect((await call('POST', `/auth/users/activation/${id}`, { activation: 'block' }, token)).body['activation']).toBe('block');
      expect((await call('GET', '/auth/verify', undefined, user.body.token)).status).toBe(403);
      expect((await call('POST', '/auth/login', { email: `target-${unique}@example.com`, password: 'correct-horse-1' })).status).toBe(403);
      expect((await call('POST', `/auth/users/activation/${id}`, { activation: 'allow' }, token)).status).toBe(200);
      expect((await call('POST', '/auth/login', { email: `target-${unique}@example.com`, password: 'correct-horse-1' })).status).toBe(200);
    });

    it('refuses a malformed id with 400 instead of a server error', async () => {
      const token = await adminToken();
      expect((await call('POST', '/auth/users/role/12345', { user_role: 'friend' }, token)).status).toBe(400);
      expect((await call('POST', '/auth/users/activation/00000000-0000-4000-8000-000000000000', { activation: 'block' }, token)).status).toBe(404);
    });
  });
};
