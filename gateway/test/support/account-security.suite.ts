import type { RunningSystem } from '@labeldesk/testing';
import { createHmac } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';

interface Json {
  status: number;
  body: Record<string, unknown> & { message?: string; code?: string; token?: string; user?: Record<string, unknown> };
}

/**
 * The signing secret of the test systems: startDistributed gives auth this one, and the embedded launcher takes
 * JWT_SECRET from its environment, so a test can sign a token the way an attacker holding a leaked secret could.
 */
const TEST_JWT_SECRET = 'integration-test-secret-at-least-32-chars';
const PASSWORD = 'correct-horse-1';
/**
 * What these tests need of the system they run on: client addresses from X-Forwarded-For, and the secret above. The
 * slowdown of an account's failed sign-ins is capped at 100 ms instead of 1 s: still applied to every attempt past the
 * fifth failure, while the throttling tests' forty wrong guesses no longer wait out ~8 s of it.
 */
export const ACCOUNT_SECURITY_ENV: NodeJS.ProcessEnv = { TRUST_PROXY: '1', JWT_SECRET: TEST_JWT_SECRET, LOGIN_SLOWDOWN_MAX_MS: '100' };

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/** An HS256 token with our issuer and audience, signed with the real secret. */
const signToken = (claims: Record<string, unknown>): string => {
  const now = Math.floor(Date.now() / 1000);
  const head = `${base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64url(JSON.stringify({ iss: 'labeldesk-auth', aud: 'labeldesk-api', iat: now, exp: now + 600, ...claims }))}`;
  return `${head}.${createHmac('sha256', TEST_JWT_SECRET).update(head).digest('base64url')}`;
};

/**
 * Sessions, sockets and sign-in throttling, asserted the same way in either run mode. The system runs with
 * ACCOUNT_SECURITY_ENV (TRUST_PROXY=1), so each test speaks from its own client addresses through X-Forwarded-For.
 */
export const describeAccountSecurity = (mode: string, running: () => RunningSystem): void => {
  describe(`account security (${mode} mode)`, () => {
    let system: RunningSystem;
    const unique = `${Date.now()}${Math.floor(Math.random() * 1e4)}`;
    const sockets: Socket[] = [];

    const call = async (method: string, path: string, options: { body?: unknown; token?: string; from?: string } = {}): Promise<Json> => {
      const response = await fetch(`${system.baseUrl}/api${path}`, {
        method,
        headers: {
          'content-type': 'application/json',
          ...(options.token ? { token: options.token } : {}),
          ...(options.from ? { 'x-forwarded-for': options.from } : {}),
        },
        ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
      });
      const text = await response.text();
      return { status: response.status, body: text ? (JSON.parse(text) as Json['body']) : {} };
    };
    const login = (email: string, password: string, from = '192.0.2.1') => call('POST', '/auth/login', { body: { email, password }, from });
    const register = async (name: string) => {
      const email = `${name}-${unique}@example.com`;
      const result = await call('POST', '/auth/register', { body: { name, email, password: PASSWORD, confirmPassword: PASSWORD } });
      expect(result.status).toBe(201);
      return { email, token: result.body.token ?? '', id: String(result.body.user?.['_id']) };
    };
    const adminToken = async () => (await login(system.adminEmail, system.adminPassword)).body.token ?? '';
    /**
     * Verify of a token whose user just changed, asked again until `settled` (or 20 s, a deadline for a system that
     * never settles, not a measure of how soon it should): the gateway replica that
     * made the change forgets the user at once, another hears of it by auth's event (decision 019), which can arrive a
     * moment after the change's own answer. The replicas keep a verified caller 30 s, so only the event makes this pass.
     */
    const verifyOnceKnown = async (token: string, settled: (answer: Json) => boolean): Promise<Json> => {
      const deadline = Date.now() + 20_000;
      for (;;) {
        const answer = await call('GET', '/auth/verify', { token });
        if (settled(answer) || Date.now() > deadline) return answer;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    const verifyAfterEnd = (token: string) => verifyOnceKnown(token, (answer) => answer.status !== 200);

    /** A socket that has connected and had one message answered, so the server has put it in its user's room. */
    const openSocket = async (token: string): Promise<Socket> => {
      const socket = io(system.baseUrl, { transports: ['websocket'], auth: { token }, reconnection: false });
      sockets.push(socket);
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      await new Promise<void>((resolve) => {
        socket.once('roomError', () => resolve());
        socket.emit('joinOrderRoom', 'order_00000000-0000-4000-8000-000000000000');
      });
      return socket;
    };
    /** Resolves with the reason of the socket's next disconnection; call it before what should cause it. */
    const disconnection = (socket: Socket, timeoutMs = 10_000) =>
      new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('the socket was not disconnected')), timeoutMs);
        socket.once('disconnect', (reason) => {
          clearTimeout(timer);
          resolve(reason);
        });
      });

    beforeAll(async () => {
      system = running();
    }, 120_000);

    afterAll(async () => {
      for (const socket of sockets) socket.disconnect();
    }, 60_000);

    it('refuses a new password without the right current password, and changes nothing', async () => {
      const user = await register('nocurrent');
      const missing = await call('POST', '/auth/me', { body: { name: 'X', password: 'brand-new-pass' }, token: user.token });
      expect([missing.status, missing.body.message]).toEqual([400, 'Enter your current password to set a new one']);
      const wrong = await call('POST', '/auth/me', { body: { name: 'X', password: 'brand-new-pass', currentPassword: 'not-my-password' }, token: user.token });
      expect([wrong.status, wrong.body.message, wrong.body.code]).toEqual([400, 'Current password is incorrect', 'VALIDATION_FAILED']);
      expect((await call('GET', '/auth/verify', { token: user.token })).body.user?.['name']).toBe('nocurrent');
      expect((await login(user.email, PASSWORD)).status).toBe(200);
      expect((await login(user.email, 'brand-new-pass')).status).toBe(401);
    });

    it("ends the user's other sessions on a password change and continues this one with a fresh token", async () => {
      const user = await register('changer');
      const otherSession = (await login(user.email, PASSWORD, '192.0.2.20')).body.token ?? '';
      expect((await call('GET', '/auth/verify', { token: otherSession })).status).toBe(200);
      const changed = await call('POST', '/auth/me', { body: { name: 'Changer', password: 'brand-new-pass', currentPassword: PASSWORD }, token: user.token });
      expect(changed.status).toBe(200);
      expect(changed.body).toMatchObject({ token: expect.any(String), user: { name: 'Changer' } });
      const otherAfter = await verifyAfterEnd(otherSession);
      expect([otherAfter.status, otherAfter.body.code]).toEqual([401, 'AUTH_TOKEN_INVALID']);
      expect((await verifyAfterEnd(user.token)).status).toBe(401);
      expect((await call('GET', '/auth/verify', { token: changed.body.token ?? '' })).status).toBe(200);
      expect((await login(user.email, PASSWORD)).status).toBe(401);
      expect((await login(user.email, 'brand-new-pass')).status).toBe(200);
    });

    it('changes only the name, keeping every session, when the password is left empty', async () => {
      const user = await register('renamer');
      const renamed = await call('POST', '/auth/me', { body: { name: 'Renamed', password: '' }, token: user.token });
      expect(renamed.status).toBe(200);
      expect(renamed.body.token).toBeUndefined();
      expect((await verifyOnceKnown(user.token, (answer) => answer.body.user?.['name'] === 'Renamed')).body.user?.['name']).toBe('Renamed');
    });

    it("disconnects the user's open socket at once when an admin blocks them, telling it why first", async () => {
      const user = await register('blocked');
      const socket = await openSocket(user.token);
      const told: unknown[] = [];
      socket.on('sessionEnded', (event: unknown) => told.push(event));
      const ended = disconnection(socket);
      expect((await call('POST', `/auth/users/activation/${user.id}`, { body: { activation: 'block' }, token: await adminToken() })).status).toBe(200);
      expect(await ended).toBe('io server disconnect');
      expect(told).toEqual([{ reason: 'blocked' }]);
    });

    it('disconnects a socket opened with the old token when the password changes', async () => {
      const user = await register('socketpw');
      const socket = await openSocket(user.token);
      const ended = disconnection(socket);
      const changed = await call('POST', '/auth/me', { body: { name: 'S', password: 'brand-new-pass', currentPassword: PASSWORD }, token: user.token });
      expect(changed.status).toBe(200);
      expect(await ended).toBe('io server disconnect');
      const reconnected = await openSocket(changed.body.token ?? '');
      expect(reconnected.connected).toBe(true);
    });

    it("ends the user's sessions when an admin changes their role", async () => {
      const user = await register('promoted');
      const socket = await openSocket(user.token);
      const ended = disconnection(socket);
      expect((await call('POST', `/auth/users/role/${user.id}`, { body: { user_role: 'friend' }, token: await adminToken() })).status).toBe(200);
      expect((await verifyAfterEnd(user.token)).status).toBe(401);
      expect(await ended).toBe('io server disconnect');
      expect((await login(user.email, PASSWORD)).body.user?.['user_role']).toBe('friend');
    });

    it("deletes a user: their socket closes at once, their token and password stop working, they leave the list, the record stays", async () => {
      const user = await register('deleted');
      const admin = await adminToken();
      const socket = await openSocket(user.token);
      const ended = disconnection(socket);
      const deleted = await call('DELETE', `/auth/users/${user.id}`, { token: admin });
      expect([deleted.status, deleted.body]).toEqual([200, { success: true, userId: user.id, message: 'User deleted successfully' }]);
      expect(await ended).toBe('io server disconnect');
      expect((await verifyAfterEnd(user.token)).status).toBe(401);
      expect((await login(user.email, PASSWORD, '192.0.2.77')).status).toBe(401);
      const list = await call('GET', '/auth/users', { token: admin });
      expect((list.body as unknown as Array<{ _id: string }>).map((u) => u._id)).not.toContain(user.id);
      expect((await call('DELETE', `/auth/users/${user.id}`, { token: admin })).status).toBe(404);
      // The person may come back with the same e-mail, as a new account.
      const again = await call('POST', '/auth/register', { body: { name: 'Back', email: user.email, password: PASSWORD, confirmPassword: PASSWORD } });
      expect(again.status).toBe(201);
      expect(again.body.user?.['_id']).not.toBe(user.id);
    });

    it('refuses a customer deleting anyone, and an admin deleting themselves', async () => {
      const user = await register('notadmin');
      const other = await register('victim');
      expect((await call('DELETE', `/auth/users/${other.id}`, { token: user.token })).status).toBe(403);
      const admin = await login(system.adminEmail, system.adminPassword);
      const self = await call('DELETE', `/auth/users/${String(admin.body.user?.['_id'])}`, { token: admin.body.token ?? '' });
      expect([self.status, self.body.message]).toEqual([400, 'You cannot delete your own account']);
      expect((await call('GET', '/auth/verify', { token: other.token })).status).toBe(200);
    });

    it('lets the owner sign in from another address after 20 wrong guesses from one address', async () => {
      const user = await register('stuffed');
      const fromA: number[] = [];
      for (let i = 0; i < 20; i++) fromA.push((await login(user.email, `wrong-guess-${i}`, '203.0.113.10')).status);
      expect(fromA.slice(0, 10)).toEqual(Array.from({ length: 10 }, () => 401));
      expect(fromA.slice(10)).toEqual(Array.from({ length: 10 }, () => 429));
      expect((await login(user.email, PASSWORD, '203.0.113.10')).status).toBe(429);
      const fromB = await login(user.email, PASSWORD, '198.51.100.10');
      expect(fromB.status).toBe(200);
      expect((await call('GET', '/auth/verify', { token: fromB.body.token ?? '' })).status).toBe(200);
    }, 60_000);

    it('answers a throttled unknown e-mail exactly like a throttled real account', async () => {
      const user = await register('probed');
      const throttledReply = async (email: string) => {
        for (let i = 0; i < 10; i++) expect((await login(email, `wrong-guess-${i}`, '203.0.113.20')).status).toBe(401);
        return login(email, `wrong-guess-last`, '203.0.113.20');
      };
      const real = await throttledReply(user.email);
      const unknown = await throttledReply(`nobody-${unique}@example.com`);
      expect(real.status).toBe(429);
      expect(unknown).toEqual(real);
      expect(real.body).toEqual({ message: 'Too many failed sign-in attempts. Please try again later.', code: 'RATE_LIMITED' });
    }, 60_000);

    it('refuses a validly signed token whose subject is not a user id with 401, on HTTP and on sockets', async () => {
      const forged = signToken({ sub: 'not-a-uuid' });
      const answer = await call('GET', '/auth/verify', { token: forged });
      expect([answer.status, answer.body.code]).toEqual([401, 'AUTH_TOKEN_INVALID']);
      expect((await call('GET', '/auth/api/balance', { token: signToken({ sub: "1' or '1'='1" }) })).status).toBe(401);
      // The same secret with a real id is accepted: the refusal above is about the subject, not the signature.
      const admin = await call('GET', '/auth/verify', { token: await adminToken() });
      expect((await call('GET', '/auth/verify', { token: signToken({ sub: admin.body.user?.['_id'] }) })).status).toBe(200);

      const socket = io(system.baseUrl, { transports: ['websocket'], auth: { token: forged }, reconnection: false });
      sockets.push(socket);
      expect(await disconnection(socket)).toBe('io server disconnect');
    });
  });
};
