import type { AccountSummary } from '@labeldesk/contracts';

export interface AccountSummaryCacheOptions {
  /** How long a summary is kept; 0 keeps none (every read asks payments). */
  ttlMs: number;
  /** The most users kept; the least recently read goes first. */
  maxEntries?: number;
  now?: () => number;
}

interface Entry {
  summary: AccountSummary;
  expiresAt: number;
}

const DEFAULT_MAX_ENTRIES = 10_000;
/** Users whose last eviction is remembered; past it, all are forgotten and every read begun before then is not kept. */
const MAX_EVICTIONS_REMEMBERED = 10_000;

/**
 * The account summaries payments gave in the last few seconds, by user, so that verify and the dashboard do not ask
 * payments and its database on every request (decision 025). An entry goes at once when payments says the account
 * changed (`forget`, from its event after every committed posting or hold), and after `ttlMs` in any case: the bound on
 * a lost event. A read under way when its user's account changed is not kept (evictions are numbered), so it cannot
 * put back the balance from before the change. Summaries are frozen: every request holding one shares it.
 */
export class AccountSummaryCache {
  private readonly entries = new Map<string, Entry>();
  private readonly lastEviction = new Map<string, number>();
  private evictions = 0;
  /** Reads begun before this eviction number are not kept (evictions past MAX_EVICTIONS_REMEMBERED were forgotten). */
  private floor = 0;
  private readonly maxEntries: number;
  private readonly now: () => number;

  constructor(private readonly options: AccountSummaryCacheOptions) {
    this.maxEntries = options.maxEntries ?? DEFAULT_MAX_ENTRIES;
    this.now = options.now ?? Date.now;
  }

  get(userId: string): AccountSummary | null {
    const entry = this.entries.get(userId);
    if (!entry) return null;
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(userId);
      return null;
    }
    // Least recently read goes first: a read moves the entry to the end.
    this.entries.delete(userId);
    this.entries.set(userId, entry);
    return entry.summary;
  }

  /** Taken as a read of payments starts; hand it back to `keep`. */
  ticket(): number {
    return this.evictions;
  }

  keep(userId: string, summary: AccountSummary, ticket: number): void {
    if (this.options.ttlMs <= 0 || ticket < this.floor || (this.lastEviction.get(userId) ?? -1) > ticket) return;
    this.entries.delete(userId);
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(userId, { summary: Object.freeze({ ...summary }), expiresAt: this.now() + this.options.ttlMs });
  }

  /** The user's account changed: their summary goes, and reads already under way are not kept. */
  forget(userId: string): void {
    this.evictions += 1;
    this.entries.delete(userId);
    if (this.lastEviction.size >= MAX_EVICTIONS_REMEMBERED) {
      this.lastEviction.clear();
      this.floor = this.evictions;
    }
    this.lastEviction.set(userId, this.evictions);
  }

  get size(): number {
    return this.entries.size;
  }
}
