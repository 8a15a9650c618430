import { Logger } from '@nestjs/common';
import { startWorkerThread } from '@labeldesk/nest-config';
import { extname, join } from 'node:path';
import { markServedByThisProcess, unmarkServedByThisProcess } from './served-by-this-process';

/** What the database thread tells the main thread. */
export type DatabaseThreadMessage =
  | { type: 'ready'; url: string }
  | { type: 'failed'; message: string }
  | { type: 'stopped' }
  | { type: 'log'; level: 'log' | 'warn' | 'error'; message: string };

export interface EmbeddedDatabase {
  /** postgres:// URL on loopback for every service's pool. */
  url: string;
  stop(): Promise<void>;
}

export interface EmbeddedDatabaseOptions {
  /** Called if the thread ends while the database is still in use (the process cannot go on without it). */
  onLost?: (error: Error) => void;
  /** How long stop() lets the thread close PGlite before it is terminated (default 10 s). */
  stopTimeoutMs?: number;
}

const logger = new Logger('EmbeddedPostgres');

/**
 * The embedded database (startEmbeddedPostgres) on a worker thread of its own. PGlite is PostgreSQL compiled to
 * WebAssembly: every query runs on the thread that owns it. On the main thread it would share one core with every
 * service; here it takes the second core, as a PostgreSQL server would (decision 023), and the services reach it over
 * the same loopback wire protocol.
 */
export const startEmbeddedPostgresThread = async (dataDir: string, options: EmbeddedDatabaseOptions = {}): Promise<EmbeddedDatabase> => {
  const worker = startWorkerThread(join(__dirname, `embedded-postgres.worker${extname(__filename)}`), { dataDir });
  let state: 'starting' | 'running' | 'stopping' | 'ended' = 'starting';
  let stopped: (() => void) | null = null;

  const url = await new Promise<string>((resolve, reject) => {
    worker.on('message', (message: DatabaseThreadMessage) => {
      if (message.type === 'log') logger[message.level](message.message);
      else if (message.type === 'ready') resolve(message.url);
      else if (message.type === 'failed') reject(new Error(message.message));
      else if (message.type === 'stopped') stopped?.();
    });
    worker.once('error', (error) => (state === 'starting' ? reject(error) : logger.error(`database thread failed: ${error.message}`)));
    worker.once('exit', (code) => {
      const was = state;
      state = 'ended';
      stopped?.();
      if (was === 'starting') reject(new Error(`the database thread ended (code ${code}) before the database was ready`));
      if (was === 'running') options.onLost?.(new Error(`the database thread ended unexpectedly (code ${code})`));
    });
  }).catch(async (error: unknown) => {
    await worker.terminate();
    throw error;
  });
  state = 'running';
  markServedByThisProcess(url);

  return {
    url,
    stop: async () => {
      if (state !== 'running') return;
      state = 'stopping';
      unmarkServedByThisProcess(url);
      await new Promise<void>((resolve) => {
        stopped = resolve;
        worker.postMessage('stop');
        setTimeout(resolve, options.stopTimeoutMs ?? 10_000).unref();
      });
      await worker.terminate();
      state = 'ended';
    },
  };
};
