import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Client } from 'pg';
import { generateCallerKeys, type GeneratedCallerKeys } from '@labeldesk/nest-transport';
import { freePort, lostItsPort } from './free-port';
import { makeNatsCertificates, tlsEnvOf, type PemFiles } from './nats-certificates';
import { copyMigratedPgliteTemplate, databaseUrlOf, migratedPostgresTemplate, testPostgresUrl } from './migrated-template';
import { copyPgliteTemplate } from './pglite-template';
import { startRecordingRelay, type RecordingRelay } from './recording-relay';
import { startRoundRobinProxy, type RoundRobinProxy } from './round-robin-proxy';
import { systemUsage } from './system-usage';

export { freePort } from './free-port';

/** A running copy of the whole product, started from the builds (`npm run build` first). */
export interface RunningSystem {
  baseUrl: string;
  adminEmail: string;
  adminPassword: string;
  stop(): Promise<void>;
}

/** A process of the distributed system: a service, or the gateway. */
export type ProcessName = (typeof SERVICES)[number] | 'gateway';

/** The distributed system, with its database and a hand on each replica (for crash and restart tests). */
export interface DistributedSystem extends RunningSystem {
  databaseUrl: string;
  /** Kills orders replica `index` at once (SIGKILL: no shutdown hook runs). */
  killOrders(index: number): Promise<void>;
  /** Starts a new orders replica and waits until it answers; answers its index. */
  startOrders(): Promise<number>;
  /**
   * Stops replica `index` of a process as Kubernetes does (SIGTERM, then its graceful shutdown), starts its
   * successor in its place and waits until the successor is ready.
   */
  restart(name: ProcessName, index: number): Promise<void>;
  /** How many replicas of each process are running. */
  replicas(name: ProcessName): number;
  /** The load balancer in front of the gateways (`baseUrl` points at it). */
  proxy: RoundRobinProxy;
  /** The run's NATS server (each process's credentials), for tests that talk to the services directly. */
  nats: NatsServer;
  /** The run's caller-token keys, for tests that sign (or forge) callers. */
  callerKeys: GeneratedCallerKeys;
  /** With `recordNats`: the relay every process reached NATS through, with every byte it passed. */
  natsRecording?: RecordingRelay;
}

export interface DistributedOptions {
  /** How many processes of every service and of the gateway to run (default 1). */
  replicas?: number;
  /** How many orders processes to run (default: `replicas`). */
  ordersReplicas?: number;
  /**
   * How many processes of the named ones to run, the others as `replicas` (and `ordersReplicas`) say: a test of what
   * replicas of the gateway share needs three gateways, not three of every service.
   */
  replicasOf?: Partial<Record<ProcessName, number>>;
  /** Extra environment of the orders processes only (e.g. SANDBOX_FAILURE_RATE). */
  ordersEnv?: NodeJS.ProcessEnv;
  /** Every process reaches NATS through a recording relay (`natsRecording`): what a listener on the network sees. */
  recordNats?: boolean;
  /**
   * Start on an empty database: every service migrates its schema at its start, its replicas taking turns on the
   * migration lock. By default the database is a copy of one already migrated to the build's migrations
   * (migrated-template.ts), and each start only seeds it.
   */
  emptyDatabase?: boolean;
}

const root = resolve(__dirname, '../../../..');
const SERVICES = ['auth', 'payments', 'address', 'pricing', 'orders'] as const;
type NatsUser = ProcessName;
export const TEST_ADMIN = { email: 'it-admin@example.com', password: 'it-admin-password' };

/**
 * How long a starting process may take to answer ready. It waits for the state, not for a time: a process that dies
 * fails the start at once, and a live one on a machine starved by other work can take minutes to boot (a dozen Node
 * processes on two cores at load 30 took over 60 s), so the bound is there only to end a start that hangs.
 */
export const START_TIMEOUT_MS = 300_000;

/**
 * The Jest timeout of a hook (or a test) that starts `systems` systems one after another: each start may wait its full
 * START_TIMEOUT_MS twice (the replicas' readiness, then the whole system's health). Like START_TIMEOUT_MS it only ends a
 * start that hangs; a start that fails, fails at once.
 */
export const startHookTimeout = (systems = 1): number => systems * 2 * START_TIMEOUT_MS;

const waitForHealth = async (baseUrl: string, processes: ChildProcess[], logs: string[], timeoutMs = START_TIMEOUT_MS) => {
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

/** Each launched process's own output (the shared log mixes every process's). */
const outputOf = new WeakMap<ChildProcess, string[]>();

const launch = (script: string, env: NodeJS.ProcessEnv, logs: string[]): ChildProcess => {
  const child = spawn(process.execPath, ['--expose-gc', join(root, script)], { env: { ...process.env, LOG_FORMAT: 'json', LOG_LEVEL: 'warn', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const own: string[] = [];
  outputOf.set(child, own);
  const record = (chunk: Buffer) => {
    logs.push(chunk.toString());
    own.push(chunk.toString());
  };
  child.stdout?.on('data', record);
  child.stderr?.on('data', record);
  return child;
};

/** Whether a process that ended during start-up ended because another process took its port first. */
const exitedForItsPort = (child: ChildProcess) => child.exitCode !== null && lostItsPort((outputOf.get(child) ?? []).join(''));
const PORT_ATTEMPTS = 3;

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
  /** Each process's environment for signing in as itself: its NATS account and its certificate. */
  credentials(user: NatsUser): NodeJS.ProcessEnv;
  /** The user's TLS files (the run's CA, its certificate and key), for tests that connect by hand. */
  tls(user: NatsUser): PemFiles;
  /** What the server logged so far (it names each refused publish and subscription with its user). */
  log(): string;
  stop(): Promise<void>;
}

/**
 * A NATS server of this run only, with the project's own configuration (deploy/nats/nats.conf: mutual TLS, a user
 * per process, per-subject permissions), a throw-away CA with a certificate per process and fresh passwords. Runs
 * stop sharing one server, so they cannot answer each other.
 */
export const startNats = async (): Promise<NatsServer> => {
  const port = await freePort();
  const users: NatsUser[] = [...SERVICES, 'gateway'];
  const passwords = Object.fromEntries(users.map((user) => [user, `${user}-${randomBytes(12).toString('hex')}`])) as Record<NatsUser, string>;
  const env = Object.fromEntries(users.map((user) => [`NATS_${user.toUpperCase()}_PASSWORD`, passwords[user]]));
  const certificates = makeNatsCertificates();
  const binary = process.env['NATS_SERVER_BIN'] ?? 'nats-server';
  const child = spawn(binary, ['-c', join(root, 'deploy/nats/nats.conf'), '-a', '127.0.0.1', '-p', String(port)], {
    env: { ...process.env, ...env, ...tlsEnvOf(certificates.of('nats')) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const deadline = Date.now() + 10_000;
  while (!output.join('').includes('Server is ready')) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stopAll([child]);
      certificates.remove();
      throw new Error(`nats-server did not start:\n${output.join('')}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url: `nats://127.0.0.1:${port}`,
    credentials: (user) => ({ NATS_USER: user, NATS_PASSWORD: passwords[user], ...tlsEnvOf(certificates.of(user)) }),
    tls: (user) => certificates.of(user),
    log: () => output.join(''),
    stop: async () => {
      await stopAll([child]);
      certificates.remove();
    },
  };
};

/** A replica is ready when its own probe answers 200 (the gateway's health would be answered by its twins). */
const waitForReplica = async (replica: Replica, logs: string[], timeoutMs = START_TIMEOUT_MS) => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (replica.child.exitCode !== null) throw new Error(`a ${replica.name} replica exited during start-up:\n${logs.join('').slice(-4000)}`);
    if (await fetch(replica.readyUrl).then((r) => r.ok).catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${replica.name} replica not ready after ${timeoutMs} ms:\n${logs.join('').slice(-4000)}`);
};

interface Replica {
  name: ProcessName;
  child: ChildProcess;
  /** The gateway's HTTP port, or the service's probe port. */
  port: number;
  readyUrl: string;
}

const exited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

export interface EmbeddedOptions {
  /**
   * Start on an empty data folder, so the product's database is made by its own first start (PGlite's initdb). By
   * default the folder holds an empty cluster already (pglite-template.ts): the start then takes seconds, not tens of
   * seconds, and what a test checks is the product on its database, not how the empty cluster came to be.
   */
  emptyDataDir?: boolean;
  /**
   * Start on the empty cluster (no service's schema): every service migrates at its start. By default the folder is a
   * copy of a cluster already migrated to the build's migrations (migrated-template.ts), and the start only seeds it.
   */
  emptyDatabase?: boolean;
}

/** `npm start`'s process, on a fresh data folder. */
export const startEmbedded = async (extraEnv: NodeJS.ProcessEnv = {}, options: EmbeddedOptions = {}): Promise<RunningSystem> => {
  const dataDir = mkdtempSync(join(tmpdir(), 'labeldesk-it-'));
  if (!options.emptyDataDir) await (options.emptyDatabase ? copyPgliteTemplate : copyMigratedPgliteTemplate)(join(dataDir, 'pgdata'));
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
  const usage = systemUsage(root, 'embedded');
  try {
    await waitForHealth(baseUrl, [child], logs);
    usage.started();
  } catch (error) {
    // A start that fails (a test of a refused configuration) leaves no process and no data folder behind.
    await stopAll([child]);
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    baseUrl,
    adminEmail: TEST_ADMIN.email,
    adminPassword: TEST_ADMIN.password,
    stop: async () => {
      usage.stopping(exited(child) ? [] : [child]);
      await stopAll([child]);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
};

/**
 * Every service and the gateway as their own processes, over NATS and a real PostgreSQL database made for this run.
 * With `replicas`, every one of them runs that many times, started together (migrations take an advisory lock),
 * the gateways behind a round-robin proxy.
 */
export const startDistributed = async (extraEnv: NodeJS.ProcessEnv = {}, options: DistributedOptions = {}): Promise<DistributedSystem> => {
  const adminUrl = testPostgresUrl();
  const database = `labeldesk_it_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = new Client({ connectionString: adminUrl });
  const template = options.emptyDatabase ? undefined : await migratedPostgresTemplate(adminUrl);
  await admin.connect();
  await admin.query(`create database "${database}"${template ? ` template "${template}"` : ''}`);
  await admin.end();
  // Only the path's database changes: the URL's parameters (sslmode=…, sslrootcert=/a/path) stay as they are.
  const databaseUrl = databaseUrlOf(adminUrl, database);
  const logs: string[] = [];
  const usage = systemUsage(root, 'distributed');
  const nats = await startNats();
  const natsRecording = options.recordNats ? await startRecordingRelay({ host: '127.0.0.1', port: Number(new URL(nats.url).port) }) : undefined;
  const proxy = await startRoundRobinProxy();
  const callerKeys = generateCallerKeys();
  const natsUrl = natsRecording ? `nats://127.0.0.1:${natsRecording.port}` : nats.url;
  // People reach the system through the proxy: the gateway and auth (reset links) are told so unless a test says otherwise.
  const shared = { TRANSPORT: 'nats', NATS_URL: natsUrl, DATABASE_URL: databaseUrl, CALLER_TRUST: callerKeys.trust, PUBLIC_URL: proxy.url, ...extraEnv };
  const callerKeyOf = (name: NatsUser) => ({ CALLER_KEY: callerKeys.keys[name] });
  const envOf = (name: ProcessName): NodeJS.ProcessEnv => ({
    ...shared,
    ...nats.credentials(name),
    ...callerKeyOf(name),
    ...(name === 'auth' ? { JWT_SECRET: 'integration-test-secret-at-least-32-chars', ADMIN_EMAIL: TEST_ADMIN.email, ADMIN_PASSWORD: TEST_ADMIN.password } : {}),
    ...(name === 'gateway' ? { AUTH_RATE_LIMIT_PER_MINUTE: '1000' } : {}),
    ...(name === 'orders' ? options.ordersEnv : {}),
  });
  // Each run has its own NATS server (startNats) and its own database, so runs never answer each other.
  const running: Record<ProcessName, Replica[]> = { auth: [], payments: [], address: [], pricing: [], orders: [], gateway: [] };
  const launchReplica = async (name: ProcessName): Promise<Replica> => {
    const port = await freePort();
    const replica: Replica =
      name === 'gateway'
        ? { name, port, readyUrl: `http://127.0.0.1:${port}/api/health/ready`, child: launch('gateway/dist/main.js', { ...envOf(name), PORT: String(port) }, logs) }
        : { name, port, readyUrl: `http://127.0.0.1:${port}/ready`, child: launch(`services/${name}/dist/main.js`, { ...envOf(name), HEALTH_PORT: String(port) }, logs) };
    return replica;
  };
  const startReplica = async (name: ProcessName, index = running[name].length): Promise<number> => {
    for (let attempt = 1; ; attempt += 1) {
      const replica = await launchReplica(name);
      running[name][index] = replica;
      try {
        await waitForReplica(replica, logs);
        break;
      } catch (error) {
        // Another process can still take a port between the check and the listen: try a new one.
        if (attempt >= PORT_ATTEMPTS || !exitedForItsPort(replica.child)) throw error;
      }
    }
    const replica = running[name][index];
    if (name === 'gateway' && replica) await proxy.add(replica.port);
    return index;
  };
  const stopReplica = async (replica: Replica, signal: 'SIGTERM' | 'SIGKILL') => {
    // A pod being deleted leaves its Service's endpoints as it gets its SIGTERM; a killed one is found out by the proxy.
    if (replica.name === 'gateway' && signal === 'SIGTERM') proxy.remove(replica.port);
    if (!exited(replica.child)) {
      usage.leaving(replica.child);
      await new Promise<void>((done) => {
        replica.child.once('exit', () => done());
        replica.child.kill(signal);
      });
    }
    if (replica.name === 'gateway') proxy.remove(replica.port);
  };

  const count = (name: ProcessName) => options.replicasOf?.[name] ?? (name === 'orders' ? (options.ordersReplicas ?? options.replicas ?? 1) : (options.replicas ?? 1));
  const names: ProcessName[] = [...SERVICES, 'gateway'];
  const stop = async () => {
    usage.stopping(names.flatMap((name) => running[name].map((r) => r.child)).filter((child) => !exited(child)));
    await stopAll(names.flatMap((name) => running[name].map((r) => r.child)));
    await proxy.close();
    await natsRecording?.close();
    await nats.stop();
    const cleanup = new Client({ connectionString: adminUrl });
    await cleanup.connect();
    await cleanup.query(`drop database if exists "${database}" with (force)`);
    await cleanup.end();
  };
  const baseUrl = proxy.url;
  // Every start is let finish (or fail) before a failure is answered, so nothing launched outlives a failed start
  // (a child process left running would keep the test runner waiting forever).
  const started = await Promise.allSettled(names.flatMap((name) => Array.from({ length: count(name) }, (_, index) => startReplica(name, index))));
  const failure = started.find((result): result is PromiseRejectedResult => result.status === 'rejected');
  try {
    if (failure) throw failure.reason;
    await waitForHealth(baseUrl, names.flatMap((name) => running[name].map((r) => r.child)), logs);
    usage.started();
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    baseUrl,
    databaseUrl,
    adminEmail: TEST_ADMIN.email,
    adminPassword: TEST_ADMIN.password,
    killOrders: async (index: number) => {
      const replica = running.orders[index];
      if (replica) await stopReplica(replica, 'SIGKILL');
    },
    startOrders: () => startReplica('orders'),
    restart: async (name, index) => {
      const replica = running[name][index];
      if (!replica) throw new Error(`no ${name} replica ${index}`);
      await stopReplica(replica, 'SIGTERM');
      if (replica.child.exitCode !== 0) throw new Error(`${name} replica ${index} did not stop cleanly (exit ${String(replica.child.exitCode ?? replica.child.signalCode)}):\n${logs.join('').slice(-4000)}`);
      await startReplica(name, index);
    },
    replicas: (name) => running[name].filter((r) => !exited(r.child)).length,
    proxy,
    nats,
    callerKeys,
    ...(natsRecording ? { natsRecording } : {}),
    stop,
  };
};
