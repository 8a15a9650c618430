import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import type { SERVICE_NAMES } from '@labeldesk/contracts';
import { startEmbeddedPostgresThread, type EmbeddedDatabase } from '@labeldesk/nest-orm';
import type { RunningService, ServiceDefinition } from '@labeldesk/nest-service';
import { startService } from '@labeldesk/nest-service';
import { generateCallerKeys } from '@labeldesk/nest-transport';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * Embedded mode: the whole product in one process. One PGlite database (each service in its own schema),
 * the in-process transport, every service as its own Nest application, and the gateway on PORT.
 * Services and the gateway are loaded from their builds by path: they stay independent apps, composed here.
 */
const root = resolve(__dirname, '../../..');
const logger = new Logger('embedded');
/** The longest a graceful stop may take (SIGTERM, SIGINT, a lost database) before the process exits anyway. */
const STOP_DEADLINE_MS = 30_000;
type ServiceName = (typeof SERVICE_NAMES)[number];
const SERVICES: ServiceName[] = ['auth', 'payments', 'address', 'pricing', 'orders'];

interface GatewayHandle {
  url: string;
  close(): Promise<void>;
}

const loadService = (name: ServiceName): ServiceDefinition<never> => {
  const exported: Record<string, unknown> = require(join(root, 'services', name, 'dist', 'service.js'));
  return exported[`${name}Service`] as ServiceDefinition<never>;
};

const loadGateway = (): ((env: NodeJS.ProcessEnv) => Promise<GatewayHandle>) =>
  (require(join(root, 'gateway', 'dist', 'start-gateway.js')) as { startGateway: (env: NodeJS.ProcessEnv) => Promise<GatewayHandle> }).startGateway;

/** Tokens must survive a restart, so the generated signing secret is kept with the data. */
const jwtSecret = (dataDir: string): string => {
  if (process.env['JWT_SECRET']) return process.env['JWT_SECRET'];
  const file = join(dataDir, 'jwt-secret');
  if (!existsSync(file)) writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600 });
  return readFileSync(file, 'utf8').trim();
};

/**
 * The key orders seals stores' API keys with (decision 105): the caller keys are new each start, so it is kept with
 * the data, derived from the same kept secret (orders derives its own key from it with a label of its own).
 */
const storeKey = (dataDir: string): { STORE_ENCRYPTION_KEY: string } => ({ STORE_ENCRYPTION_KEY: process.env['STORE_ENCRYPTION_KEY'] ?? jwtSecret(dataDir) });

const main = async () => {
  const startedAt = Date.now();
  const dataDir = resolve(process.env['DATA_DIR'] ?? join(process.cwd(), 'data'));
  mkdirSync(dataDir, { recursive: true });
  const running: RunningService[] = [];
  let gateway: GatewayHandle | null = null;
  // The database runs on its own thread (the second core); without it nothing can be served, so its loss ends the process.
  const db: EmbeddedDatabase = await startEmbeddedPostgresThread(dataDir, {
    onLost: (error) => {
      logger.error(error.message);
      void stop(1);
    },
  });

  const stop = async (code: number) => {
    // A shutdown that hangs (a stuck request or job) must not leave the process running and holding its port.
    setTimeout(() => {
      logger.error(`shutdown took over ${STOP_DEADLINE_MS / 1000} s: exiting without finishing it`);
      process.exit(code === 0 ? 1 : code);
    }, STOP_DEADLINE_MS).unref();
    await gateway?.close().catch(() => undefined);
    for (const service of running.reverse()) await service.close().catch(() => undefined);
    await db.stop().catch(() => undefined);
    process.exit(code);
  };
  process.once('SIGINT', () => void stop(0));
  process.once('SIGTERM', () => void stop(0));

  try {
    const common = {
      LOG_FORMAT: 'pretty',
      ...process.env,
      TRANSPORT: 'inprocess',
      DATABASE_URL: db.url,
      // The embedded database serialises every query: a small pool per service is all it can use.
      DB_POOL_MAX: '2',
    };
    // Caller tokens live a minute, so fresh keys per start lose nothing; each app has its own, as in a cluster.
    const callers = generateCallerKeys();
    // Auth builds reset links, and orders its tracking e-mails' links (decision 095), on the address people reach the
    // gateway at, and on nothing a message says (decision 036).
    const port = process.env['PORT'] ?? '3000';
    const publicUrl = process.env['PUBLIC_URL'] ?? `http://localhost:${port}`;
    const keysOf = (name: keyof typeof callers.keys) => ({ CALLER_KEY: callers.keys[name], CALLER_TRUST: callers.trust });
    for (const name of SERVICES) {
      const env = { ...common, ...keysOf(name), ...(name === 'auth' ? { JWT_SECRET: jwtSecret(dataDir), PUBLIC_URL: publicUrl } : {}), ...(name === 'orders' ? { PUBLIC_URL: publicUrl, ...storeKey(dataDir) } : {}) };
      running.push(await startService(loadService(name), env));
    }
    gateway = await loadGateway()({ ...common, ...keysOf('gateway'), PORT: port, PUBLIC_URL: publicUrl });
    const memoryMiB = Math.round(process.memoryUsage().rss / 1024 / 1024);
    logger.log(`ready in ${Date.now() - startedAt} ms, ${memoryMiB} MiB resident, data in ${dataDir}`);
    logger.log(`open ${gateway.url}`);
  } catch (error) {
    process.stderr.write(`\nStart-up failed: ${error instanceof Error ? error.message : String(error)}\n`);
    await stop(1);
  }
};

void main();
