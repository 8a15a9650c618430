import { Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';

/**
 * Work a replica does on a timer while it runs (a reconciler, a poller, a daily job): one round at a time in this
 * process (a round still running when the next is due is skipped), a failed round logged and the next one tried, the
 * timer never keeping the process alive and stopped at shutdown. Rounds of several replicas are kept apart by the
 * work itself (SKIP LOCKED claims, an advisory lock).
 */
export abstract class PeriodicTask<Result> implements OnApplicationBootstrap, OnApplicationShutdown {
  protected readonly logger = new Logger(this.constructor.name);
  private timer: NodeJS.Timeout | null = null;
  private running = false;

  /** Milliseconds between rounds, or null when the task is off. */
  protected abstract get everyMs(): number | null;

  /** One round; answers what it did, for tests and logs. */
  protected abstract round(): Promise<Result>;

  onApplicationBootstrap(): void {
    const everyMs = this.everyMs;
    if (everyMs === null) return;
    this.timer = setInterval(() => void this.runRound().catch((error: unknown) => this.logger.error(`round failed: ${error instanceof Error ? error.message : String(error)}`)), everyMs);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
  }

  /** Runs a round now unless one is running in this process (then answers null). */
  protected async runRound(): Promise<Result | null> {
    if (this.running) return null;
    this.running = true;
    try {
      return await this.round();
    } finally {
      this.running = false;
    }
  }
}
