/**
 * Runs one process's server until SIGTERM/SIGINT (Kubernetes sends SIGTERM on every rollout), then closes it.
 * A start-up failure is printed alone, without a stack, and exits 1: it is almost always configuration.
 */
export const runUntilSignal = async (name: string, start: () => Promise<{ close(): Promise<void> }>): Promise<void> => {
  try {
    const running = await start();
    const stop = async (signal: string) => {
      process.stdout.write(`${name}: ${signal} received, shutting down\n`);
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
