export interface ExpiringLruOptions<K, V> {
  /** The most entries kept; past it the least recently used go first. */
  maxEntries: number;
  now?: () => number;
  /** Told of each entry the map drops by itself (expired when read, or least recently used past `maxEntries`). */
  onDrop?: (key: K, value: V) => void;
}

interface Entry<V> {
  value: V;
  expiresAt: number;
}

/**
 * A map kept in order of last use, each entry with its own expiry. An expired entry is dropped when it is read (until
 * then it still counts in `size`); storing past `maxEntries` drops the least recently used.
 */
export class ExpiringLru<K, V> {
  /** In order of last use: the first is the least recently used. */
  private readonly entries = new Map<K, Entry<V>>();
  private readonly now: () => number;

  constructor(private readonly options: ExpiringLruOptions<K, V>) {
    this.now = options.now ?? Date.now;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The value, now the most recently used; nothing once its time is up. */
  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.expiresAt <= this.now()) {
      this.options.onDrop?.(key, entry.value);
      return undefined;
    }
    this.entries.set(key, entry);
    return entry.value;
  }

  /** Stores the value, most recently used, until `expiresAt` (ms on the `now` clock); replaces any the key held. */
  set(key: K, value: V, expiresAt: number): void {
    this.entries.delete(key);
    this.entries.set(key, { value, expiresAt });
    for (const [oldest, entry] of this.entries) {
      if (this.entries.size <= this.options.maxEntries) break;
      this.entries.delete(oldest);
      this.options.onDrop?.(oldest, entry.value);
    }
  }

  /** Removes the key's entry, expired or not, and answers its value (`onDrop` is not told: the caller knows). */
  delete(key: K): V | undefined {
    const entry = this.entries.get(key);
    this.entries.delete(key);
    return entry?.value;
  }
}
