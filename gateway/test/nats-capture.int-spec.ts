import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { firstValueFrom } from 'rxjs';
import { createClientProxy } from '@labeldesk/nest-transport';
import { freePort, startDistributed, startRecordingRelay, type DistributedSystem, type RecordingRelay } from '@labeldesk/testing';
import { describeCallerTrust } from './support/caller-trust.suite';
import { sharedSystem } from './support/shared-system';

/** The first of `secrets` found in the bytes a listener on the wire saw, or none. */
const secretsIn = (captured: Buffer, secrets: Record<string, string>): string[] =>
  Object.entries(secrets)
    .filter(([, secret]) => secret.length > 0 && captured.includes(secret))
    .map(([name]) => name);

const post = async (baseUrl: string, path: string, body: unknown, token?: string) => {
  const response = await fetch(`${baseUrl}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as { token?: string } };
};

/**
 * A passive listener between every process and NATS (the recording relay all of them connect through) while a user
 * registers, signs in and changes their password: it must learn neither the passwords nor the session tokens nor
 * any process's NATS password (decision 035).
 */
const describeNatsTraffic = (running: () => DistributedSystem): void => {
  describe('NATS traffic of the distributed mode, as a listener on the network sees it', () => {
    let system: DistributedSystem;

    beforeAll(() => {
      system = running();
    });

    it('carries no password, no session token and no NATS password in the clear', async () => {
      const email = `wire-${Date.now()}@example.com`;
      const password = `Old-${randomBytes(9).toString('hex')}`;
      const newPassword = `New-${randomBytes(9).toString('hex')}`;
      const registered = await post(system.baseUrl, '/auth/register', { name: 'Wire', email, password, confirmPassword: password });
      expect(registered.status).toBe(201);
      const signedIn = await post(system.baseUrl, '/auth/login', { email, password });
      expect(signedIn.status).toBe(200);
      const changed = await post(system.baseUrl, '/auth/me', { name: 'Wire', password: newPassword, currentPassword: password }, signedIn.body.token);
      expect(changed.status).toBe(200);
      const again = await post(system.baseUrl, '/auth/login', { email, password: newPassword });
      expect(again.status).toBe(200);

      const recording = system.natsRecording;
      if (!recording) throw new Error('the system was started without its NATS recording');
      const captured = recording.captured();
      // The relay was on the path: it saw the server's greeting (sent before TLS starts) asking for TLS, then much more.
      expect(captured.toString('latin1')).toMatch(/^INFO \{.*"tls_required":true/);
      expect(captured.length).toBeGreaterThan(20_000);

      const natsPasswords = Object.fromEntries(
        (['gateway', 'auth', 'orders', 'payments', 'pricing', 'address'] as const).map((user) => [`NATS password of ${user}`, String(system.nats.credentials(user)['NATS_PASSWORD'])]),
      );
      expect(
        secretsIn(captured, {
          password,
          newPassword,
          'registration token': registered.body.token ?? '',
          'session token': signedIn.body.token ?? '',
          'token after the change': changed.body.token ?? '',
          'token of the second sign-in': again.body.token ?? '',
          email,
          ...natsPasswords,
          // The protocol itself: no CONNECT, no published subject is readable either.
          'a CONNECT': 'CONNECT {',
          'a subject': 'auth.',
        }),
      ).toEqual([]);
    });
  });
};

// One distributed system, every process reaching NATS through the recording relay, for the listener's test and for the
// services' refusal of forged callers (whose clients reach the NATS server itself): the relay passes every byte on.
describe('one distributed system, its NATS traffic recorded', () => {
  const running = sharedSystem(() => startDistributed({}, { recordNats: true }));
  describeNatsTraffic(running);
  describeCallerTrust(running);
});

/** The same listener on a NATS without TLS: proves the check above can see a secret when one crosses in the clear. */
describe('the recording relay on NATS without TLS', () => {
  let server: ChildProcess;
  let relay: RecordingRelay;
  const natsPassword = `plain-${randomBytes(9).toString('hex')}`;

  beforeAll(async () => {
    const port = await freePort();
    server = spawn(process.env['NATS_SERVER_BIN'] ?? 'nats-server', ['-a', '127.0.0.1', '-p', String(port), '--user', 'gateway', '--pass', natsPassword], { stdio: ['ignore', 'ignore', 'pipe'] });
    let output = '';
    server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const deadline = Date.now() + 10_000;
    while (!output.includes('Server is ready')) {
      if (server.exitCode !== null || Date.now() > deadline) throw new Error(`nats-server did not start:\n${output}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    relay = await startRecordingRelay({ host: '127.0.0.1', port });
  });

  afterAll(async () => {
    await relay?.close();
    server?.kill('SIGTERM');
  });

  it("finds the process's NATS password and a user's password when the connection has no TLS", async () => {
    const password = `Clear-${randomBytes(9).toString('hex')}`;
    const client = createClientProxy({ kind: 'nats', url: `nats://127.0.0.1:${relay.port}`, name: 'plaintext-capture', user: 'gateway', password: natsPassword });
    await client.connect();
    await firstValueFrom(client.emit('auth.user.login.v1', { email: 'someone@example.com', password }));
    // Sent once the relay has passed the message on (what it passes, it has recorded).
    while (!relay.captured().includes(password)) await new Promise((r) => setTimeout(r, 20));
    await client.close();

    expect(secretsIn(relay.captured(), { password, 'NATS password': natsPassword, 'a CONNECT': 'CONNECT {', 'a subject': 'auth.' })).toEqual([
      'password',
      'NATS password',
      'a CONNECT',
      'a subject',
    ]);
  });
});
