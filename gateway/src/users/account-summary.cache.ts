import type { AccountSummary } from '@labeldesk/contracts';
import { ExpiringLru } from '../cache/expiring-lru';
import { NumberedEvictions } from '../cache/numbered-evictions';

export interface AccountSummaryCacheOptions {
  /** How long a summary is kept; 0 keeps none (every read asks payments). */
  ttlMs: number;
  /** The most users kept; the least recently read goes first. */
  maxEntries?: number;
  now?: () => number;
}

const DEFAULT_MAX_ENTRIES = 10_000;

/**
 * The account summaries payments gave in the last few seconds, by user, so that verify and the dashboard do not ask
 * payments and its database on every request (decision 025). An entry goes at once when payments says the account
 * changed (`forget`, from its event after every committed posting or hold), and after `ttlMs` in any case: the bound on
 * a lost event. A read under way when its user's account changed is not kept (evictions are numbered), so it cannot
 * put back the balance from before the change. Summaries are frozen: every request holding one shares it.
 */
export class AccountSummaryCache {
  private readonly entries: ExpiringLru<string, AccountSummary>;
  private readonly evictions = new NumberedEvictions<string>();
  private readonly now: () => number;

  constructor(private readonly options: AccountSummaryCacheOptions) {
    this.now = options.now ?? Date.now;
    this.entries = new ExpiringLru({ maxEntries: options.maxEntries ?? DEFAULT_MAX_ENTRIES, now: this.now });
  }

  get(userId: string): AccountSummary | null {
    return this.entries.get(userId) ?? null;
  }

  /** Taken as a read of payments starts; hand it back to `keep`. */
  ticket(): number {
    return this.evictions.ticket();
  }

  keep(userId: string, summary: AccountSummary, ticket: number): void {
    if (this.options.ttlMs <= 0 || !this.evictions.mayKeep(userId, ticket)) return;
    this.entries.set(userId, Object.freeze({ ...summary }), this.now() + this.options.ttlMs);
  }

  /** The user's account changed: their summary goes, and reads already under way are not kept. */
  forget(userId: string): void {
    this.evictions.evict(userId);
    this.entries.delete(userId);
  }

  get size(): number {
    return this.entries.size;
  }
}
