import { z } from 'zod';

/** What a process offers its signal handler. */
export interface Stoppable {
  /** Stop saying ready at once (the load balancer takes the replica out); keep serving meanwhile. Optional. */
  drain?(): void;
  /** Stop taking work, finish what is in flight, release everything. */
  close(): Promise<void>;
}

/**
 * How long a stopping process keeps serving after it said it is not ready, so that whatever routes traffic to it
 * (a Kubernetes Service's endpoints, a load balancer) has stopped before it closes its port. 0 off a cluster.
 */
const shutdownDelaySchema = z.coerce.number().int().min(0).max(60_000).default(0);

export const shutdownDelayMs = (value: string | undefined): number => {
  const parsed = shutdownDelaySchema.safeParse(value === '' ? undefined : value);
  if (!parsed.success) throw new Error('SHUTDOWN_DELAY_MS: must be a whole number of milliseconds from 0 to 60000');
  return parsed.data;
};

/**
 * Runs a process until SIGTERM or SIGINT, then stops it gracefully: not ready first, then (after SHUTDOWN_DELAY_MS)
 * no new work, in-flight work finished, connections closed. A failed start exits non-zero.
 */
export const runUntilSignal = async (name: string, start: () => Promise<Stoppable>): Promise<void> => {
  try {
    const delayMs = shutdownDelayMs(process.env['SHUTDOWN_DELAY_MS']);
    const running = await start();
    const stop = async (signal: string) => {
      process.stdout.write(`${name}: ${signal} received, shutting down\n`);
      running.drain?.();
      if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
      await running.close();
      process.exit(0);
    };
    process.once('SIGTERM', (s) => void stop(s));
    process.once('SIGINT', (s) => void stop(s));
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
};
