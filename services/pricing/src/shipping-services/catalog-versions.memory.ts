import type { CatalogVersions } from './shipping-service.repository';

/** Scopes whose versions are kept; past it the oldest goes first (a miss costs one read). */
const MAX_SCOPES = 20_000;

/**
 * The catalogue's versions kept in memory, for a pricing process that is the only writer of its database (the embedded
 * process). Every write forgets its scope once its transaction has ended, so the next quote reads the committed
 * version. A read that began before a write ended is not kept (writes are numbered), so it cannot put back a version
 * the write has just made stale.
 */
export class CatalogVersionsMemory {
  private readonly known = new Map<string, number>();
  private writes = 0;

  /** The versions of both scopes if both are known. */
  get(defaultsScope: string, userId: string): CatalogVersions | null {
    const defaults = this.known.get(defaultsScope);
    const user = this.known.get(userId);
    return defaults === undefined || user === undefined ? null : { defaults, user };
  }

  /** A number to hand back to `keep`: reads that began before a write are not kept. */
  readStarted(): number {
    return this.writes;
  }

  /** Keeps what a read found for `scopes` (one missing from `versions` was never written: 0). */
  keep(started: number, scopes: readonly string[], versions: ReadonlyMap<string, number>): void {
    if (started !== this.writes) return;
    for (const scope of scopes) {
      this.known.delete(scope);
      if (this.known.size >= MAX_SCOPES) this.known.delete(this.known.keys().next().value as string);
      this.known.set(scope, versions.get(scope) ?? 0);
    }
  }

  /** Called when a write to `scope` has ended, committed or not. */
  forget(scope: string): void {
    this.writes += 1;
    this.known.delete(scope);
  }
}
