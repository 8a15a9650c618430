import { Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';

/**
 * Work that is retried until done (events to relay, bonuses to pay): a round on a timer and on a nudge after a commit,
 * one round at a time in this process (replicas share the work through leases on the rows, SKIP LOCKED).
 */
export abstract class RetryRounds implements OnApplicationBootstrap, OnApplicationShutdown {
  protected readonly logger = new Logger(this.constructor.name);
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;

  constructor(private readonly intervalSeconds: number) {}

  /** One round; answers how many items it finished. */
  protected abstract round(): Promise<number>;

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => this.nudge(), this.intervalSeconds * 1000);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
  }

  /** Runs a round now, unless one is already running here. */
  nudge(): void {
    void this.runRound().catch((error: unknown) => this.logger.warn(`round failed: ${error instanceof Error ? error.message : String(error)}`));
  }

  /** One round; 0 when a round was running here already. */
  protected async runRound(): Promise<number> {
    if (this.running) return 0;
    this.running = this.round().finally(() => {
      this.running = null;
    });
    return this.running;
  }
}
