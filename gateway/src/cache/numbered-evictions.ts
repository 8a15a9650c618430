export interface NumberedEvictionsOptions {
  /** Keys whose last eviction is remembered; past it all are forgotten and every ticket taken before is refused. */
  maxRemembered?: number;
}

export const DEFAULT_MAX_EVICTIONS_REMEMBERED = 10_000;

/**
 * Guards a cache against a remote read that was under way when its key was evicted: that answer may predate the change
 * the eviction announced, so it must not be put back. Each eviction is numbered; a read takes a ticket (the number of
 * evictions so far) as it begins, and its answer may be kept only if its key's last eviction is not newer.
 */
export class NumberedEvictions<K> {
  /** The number of each key's last eviction. */
  private readonly lastEviction = new Map<K, number>();
  private evictions = 0;
  /** Tickets below this are refused: evictions that may have come after them were forgotten. */
  private floor = 0;
  private readonly maxRemembered: number;

  constructor(options: NumberedEvictionsOptions = {}) {
    this.maxRemembered = options.maxRemembered ?? DEFAULT_MAX_EVICTIONS_REMEMBERED;
  }

  /** Taken as a read begins; hand it back to `mayKeep` with the read's answer. */
  ticket(): number {
    return this.evictions;
  }

  evict(key: K): void {
    this.evictions += 1;
    // Forgetting all at once and refusing every older ticket bounds this memory and never keeps a stale answer.
    if (this.lastEviction.size >= this.maxRemembered) {
      this.lastEviction.clear();
      this.floor = this.evictions;
    }
    this.lastEviction.set(key, this.evictions);
  }

  /** Whether the answer of a read of `key` begun at `ticket` may be kept: no eviction of the key came after it. */
  mayKeep(key: K, ticket: number): boolean {
    return ticket >= this.floor && (this.lastEviction.get(key) ?? -1) <= ticket;
  }
}
