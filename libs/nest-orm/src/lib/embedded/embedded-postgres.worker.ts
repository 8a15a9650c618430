/**
 * Entry of the embedded database's worker thread (started by startEmbeddedPostgresThread): PGlite and its wire
 * server run here, on their own core, while the main thread serves requests.
 */
import { Logger, type LoggerService } from '@nestjs/common';
import { parentPort, workerData } from 'node:worker_threads';
import { startEmbeddedPostgres } from './embedded-postgres';
import type { DatabaseThreadMessage } from './embedded-postgres-thread';

if (!parentPort) throw new Error('embedded-postgres.worker must run as a worker thread (startEmbeddedPostgresThread starts it)');
const port = parentPort;
const post = (message: DatabaseThreadMessage) => port.postMessage(message);

/** The main thread's logger writes every line (its format, its level), so the thread's lines look like the rest. */
const forwarding: LoggerService = {
  log: (message: unknown) => post({ type: 'log', level: 'log', message: String(message) }),
  warn: (message: unknown) => post({ type: 'log', level: 'warn', message: String(message) }),
  error: (message: unknown) => post({ type: 'log', level: 'error', message: String(message) }),
};
Logger.overrideLogger(forwarding);

const { dataDir } = workerData as { dataDir: string };

/**
 * Opening PGlite leaves hundreds of MiB of garbage (its file system bundle, initdb's buffers). On the main thread
 * V8's memory reducer gave it back within seconds; this thread is then nearly idle, allocates too little to trigger a
 * collection, and the process would keep it. One full collection once the
 * database is open and the services have started gives it back, when the process was started with `node --expose-gc`
 * (V8's flags are process-wide, so the thread has `gc` too); never by switching the flag on at run time.
 */
const START_UP_GC_DELAY_MS = 3_000;
const collectStartUpGarbage = (): void => {
  const gc: unknown = (globalThis as { gc?: unknown }).gc;
  if (typeof gc === 'function') (gc as () => void)();
};
// A Unix socket: both ends are in this process, so no TCP stack is needed between them.
startEmbeddedPostgres(dataDir, 0, true).then(
  (db) => {
    post({ type: 'ready', url: db.url });
    // A few seconds on, once the services' pools have connected and migrated (PGlite's start-up buffers are free by then).
    setTimeout(collectStartUpGarbage, START_UP_GC_DELAY_MS).unref();
    port.on('message', (message: unknown) => {
      if (message !== 'stop') return;
      void db
        .stop()
        .catch((error: unknown) => post({ type: 'log', level: 'error', message: `stopping the database failed: ${String(error)}` }))
        .finally(() => post({ type: 'stopped' }));
    });
  },
  (error: unknown) => post({ type: 'failed', message: error instanceof Error ? error.message : String(error) }),
);
