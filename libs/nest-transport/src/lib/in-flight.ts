/**
 * Messages this process is handling now. A stopping replica stops taking new ones first, then waits here for these
 * to be answered, so a rolling restart drops no request (docs/decisions/020).
 */
export class InFlightWork {
  private count = 0;
  private waiters: Array<() => void> = [];

  get size(): number {
    return this.count;
  }

  begin(): void {
    this.count++;
  }

  end(): void {
    this.count = Math.max(0, this.count - 1);
    if (this.count === 0) for (const wake of this.waiters.splice(0)) wake();
  }

  /** Resolves true once nothing is in flight, or false when `timeoutMs` passes first. */
  idle(timeoutMs: number): Promise<boolean> {
    if (this.count === 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((wake) => wake !== done);
        resolve(false);
      }, timeoutMs);
      const done = () => {
        clearTimeout(timer);
        resolve(true);
      };
      this.waiters.push(done);
    });
  }
}

/** One per process: a process runs one service's server (distributed mode), whose handlers all count here. */
export const inFlightWork = new InFlightWork();
