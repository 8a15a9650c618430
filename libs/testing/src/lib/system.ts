import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Client } from 'pg';
import { CALLER_ISSUERS, generateCallerKeys, type GeneratedCallerKeys } from '@labeldesk/nest-transport';

/** A running copy of the whole product, started from the builds (`npm run build` first). */
export interface RunningSystem {
  baseUrl: string;
  adminEmail: string;
  adminPassword: string;
  stop(): Promise<void>;
}

/** The distributed system, with its database and a hand on each orders replica (for crash tests). */
export interface DistributedSystem extends RunningSystem {
  databaseUrl: string;
  /** Kills orders replica `index` at once (SIGKILL: no shutdown hook runs). */
  killOrders(index: number): Promise<void>;
  /** Starts a new orders replica and waits until it answers; answers its index. */
  startOrders(): Promise<number>;
  /** The run's NATS server (each process's credentials), for tests that talk to the services directly. */
  nats: NatsServer;
  /** The run's caller-token keys, for tests that sign (or forge) callers. */
  callerKeys: GeneratedCallerKeys;
}

export interface DistributedOptions {
  /** How many orders processes to run (default 1). */
  ordersReplicas?: number;
  /** Extra environment of the orders processes only (e.g. SANDBOX_FAILURE_RATE). */
  ordersEnv?: NodeJS.ProcessEnv;
}

const root = resolve(__dirname, '../../../..');
const SERVICES = ['auth', 'payments', 'address', 'pricing', 'orders'] as const;
type NatsUser = (typeof SERVICES)[number] | 'gateway';
export const TEST_ADMIN = { email: 'it-admin@example.com', password: 'it-admin-password' };

const freePort = () =>
  new Promise<number>((done, fail) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? done(address.port) : fail(new Error('no port'))));
    });
  });

const waitForHealth = async (baseUrl: string, processes: ChildProcess[], logs: string[], timeoutMs = 60_000) => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const dead = processes.find((p) => p.exitCode !== null);
    if (dead) throw new Error(`a process exited during start-up:\n${logs.join('').slice(-4000)}`);
    const ok = await fetch(`${baseUrl}/api/health`).then((r) => r.ok).catch(() => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`system not healthy after ${timeoutMs} ms:\n${logs.join('').slice(-4000)}`);
};

const launch = (script: string, env: NodeJS.ProcessEnv, logs: string[]): ChildProcess => {
  const child = spawn(process.execPath, [join(root, script)], { env: { ...process.env, LOG_FORMAT: 'json', LOG_LEVEL: 'warn', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (chunk: Buffer) => logs.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => logs.push(chunk.toString()));
  return child;
};

const stopAll = async (processes: ChildProcess[]) => {
  await Promise.all(
    processes.map(
      (p) =>
        new Promise<void>((done) => {
          if (p.exitCode !== null || p.signalCode !== null) return done();
          p.once('exit', () => done());
          p.kill('SIGTERM');
          setTimeout(() => p.kill('SIGKILL'), 10_000).unref();
        }),
    ),
  );
};

export interface NatsServer {
  url: string;
  /** Each process's environment for signing in as itself. */
  credentials(user: NatsUser): NodeJS.ProcessEnv;
  /** What the server logged so far (it names each refused publish and subscription with its user). */
  log(): string;
  stop(): Promise<void>;
}

/**
 * A NATS server of this run only, with the project's own configuration (deploy/nats/nats.conf: a user per process,
 * per-subject permissions) and fresh passwords. Runs stop sharing one server, so they cannot answer each other.
 */
export const startNats = async (): Promise<NatsServer> => {
  const port = await freePort();
  const users: NatsUser[] = [...SERVICES, 'gateway'];
  const passwords = Object.fromEntries(users.map((user) => [user, `${user}-${randomBytes(12).toString('hex')}`])) as Record<NatsUser, string>;
  const env = Object.fromEntries(users.map((user) => [`NATS_${user.toUpperCase()}_PASSWORD`, passwords[user]]));
  const binary = process.env['NATS_SERVER_BIN'] ?? 'nats-server';
  const child = spawn(binary, ['-c', join(root, 'deploy/nats/nats.conf'), '-a', '127.0.0.1', '-p', String(port)], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const output: string[] = [];
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const deadline = Date.now() + 10_000;
  while (!output.join('').includes('Server is ready')) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`nats-server did not start:\n${output.join('')}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url: `nats://127.0.0.1:${port}`,
    credentials: (user) => ({ NATS_USER: user, NATS_PASSWORD: passwords[user] }),
    log: () => output.join(''),
    stop: () => stopAll([child]),
  };
};

/** A new orders process is ready when its own probe answers (the gateway's health would be answered by its twins). */
const waitForOrdersReplica = async (child: ChildProcess, healthPort: number, logs: string[], timeoutMs = 60_000) => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`an orders replica exited during start-up:\n${logs.join('').slice(-4000)}`);
    if (await fetch(`http://127.0.0.1:${healthPort}/`).then((r) => r.ok).catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`orders replica not ready after ${timeoutMs} ms:\n${logs.join('').slice(-4000)}`);
};

/** `npm start`'s process, on a fresh data folder. */
export const startEmbedded = async (extraEnv: NodeJS.ProcessEnv = {}): Promise<RunningSystem> => {
  const dataDir = mkdtempSync(join(tmpdir(), 'labeldesk-it-'));
  const port = await freePort();
  const logs: string[] = [];
  const child = launch('scripts/embedded/dist/main.js', {
    DATA_DIR: dataDir,
    PORT: String(port),
    ADMIN_EMAIL: TEST_ADMIN.email,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    ...extraEnv,
  }, logs);
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForHealth(baseUrl, [child], logs);
  return {
    baseUrl,
    adminEmail: TEST_ADMIN.email,
    adminPassword: TEST_ADMIN.password,
    stop: async () => {
      await stopAll([child]);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
};

/** Every service and the gateway as their own processes, over NATS and a real PostgreSQL database made for this run. */
export const startDistributed = async (extraEnv: NodeJS.ProcessEnv = {}, options: DistributedOptions = {}): Promise<DistributedSystem> => {
  const adminUrl = process.env['TEST_POSTGRES_URL'] ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
  const database = `labeldesk_it_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${database}"`);
  await admin.end();
  const databaseUrl = adminUrl.replace(/\/[^/]*$/, `/${database}`);
  const port = await freePort();
  const logs: string[] = [];
  const nats = await startNats();
  const callerKeys = generateCallerKeys(CALLER_ISSUERS);
  const shared = { TRANSPORT: 'nats', NATS_URL: nats.url, DATABASE_URL: databaseUrl, CALLER_TRUST: callerKeys.trust, ...extraEnv };
  const signerKey = (name: NatsUser) => (CALLER_ISSUERS.includes(name) ? { CALLER_KEY: callerKeys.keys[name] } : {});
  // Each run has its own NATS server (startNats) and its own database, so runs never answer each other.
  const launchOrders = async () => {
    const healthPort = await freePort();
    return { child: launch('services/orders/dist/main.js', { ...shared, ...nats.credentials('orders'), ...signerKey('orders'), HEALTH_PORT: String(healthPort), ...options.ordersEnv }, logs), healthPort };
  };
  const processes = SERVICES.filter((name) => name !== 'orders').map((name) =>
    launch(`services/${name}/dist/main.js`, {
      ...shared,
      ...nats.credentials(name),
      ...signerKey(name),
      ...(name === 'auth' ? { JWT_SECRET: 'integration-test-secret-at-least-32-chars', ADMIN_EMAIL: TEST_ADMIN.email, ADMIN_PASSWORD: TEST_ADMIN.password } : {}),
    }, logs),
  );
  // The first replica applies the migrations; the others start once it answers, so they never race to apply them.
  const first = await launchOrders();
  const orders: ChildProcess[] = [first.child];
  processes.push(launch('gateway/dist/main.js', { ...shared, ...nats.credentials('gateway'), ...signerKey('gateway'), PORT: String(port), AUTH_RATE_LIMIT_PER_MINUTE: '1000' }, logs));
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForHealth(baseUrl, [...processes, ...orders], logs);
  const startOrders = async (): Promise<number> => {
    const { child, healthPort } = await launchOrders();
    orders.push(child);
    await waitForOrdersReplica(child, healthPort, logs);
    return orders.length - 1;
  };
  for (let i = 1; i < (options.ordersReplicas ?? 1); i++) await startOrders();
  return {
    baseUrl,
    databaseUrl,
    adminEmail: TEST_ADMIN.email,
    adminPassword: TEST_ADMIN.password,
    killOrders: async (index: number) => {
      const child = orders[index];
      if (!child || child.exitCode !== null || child.signalCode !== null) return;
      await new Promise<void>((done) => {
        child.once('exit', () => done());
        child.kill('SIGKILL');
      });
    },
    startOrders,
    nats,
    callerKeys,
    stop: async () => {
      await stopAll([...processes, ...orders]);
      await nats.stop();
      const cleanup = new Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists "${database}" with (force)`);
      await cleanup.end();
    },
  };
};
