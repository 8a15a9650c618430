import type { CounterBump, SignInCounterStore } from '../../src/sessions/sign-in/sign-in-counters';

/** The counter table's rules in memory, with a clock the test moves: for use-case tests that need no database. */
export class InMemorySignInCounters implements SignInCounterStore {
  private readonly rows = new Map<string, { failures: number; expiresAt: number }>();
  now = 1_000_000;

  async bump(bumps: readonly CounterBump[]): Promise<Map<string, number>> {
    const counts = new Map<string, number>();
    for (const { key, windowSeconds } of bumps) {
      const row = this.rows.get(key);
      const next = !row || row.expiresAt <= this.now ? { failures: 1, expiresAt: this.now + windowSeconds * 1000 } : { ...row, failures: row.failures + 1 };
      this.rows.set(key, next);
      counts.set(key, next.failures);
    }
    return counts;
  }

  async takeBack(key: string): Promise<void> {
    const row = this.rows.get(key);
    if (row && row.expiresAt > this.now) row.failures = Math.max(0, row.failures - 1);
  }

  async clear(keys: readonly string[]): Promise<void> {
    for (const key of keys) this.rows.delete(key);
  }

  async sweep(): Promise<number> {
    const dead = [...this.rows].filter(([, row]) => row.expiresAt <= this.now).map(([key]) => key);
    for (const key of dead) this.rows.delete(key);
    return dead.length;
  }

  /** Every key held, for assertions that nothing identifying is stored. */
  keys(): string[] {
    return [...this.rows.keys()];
  }
}
