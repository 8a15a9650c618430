import type { AuthUser, Caller } from '@labeldesk/contracts';
import { createHash } from 'node:crypto';
import { ExpiringLru } from '../cache/expiring-lru';
import { NumberedEvictions } from '../cache/numbered-evictions';

/** What auth's verifyToken answered for a token. */
export interface VerifiedCaller {
  readonly caller: Caller;
  readonly user: AuthUser;
}

export interface VerifiedCallersOptions {
  /** How long a verified caller is kept; 0 keeps none (every check asks auth). */
  ttlMs: number;
  /** The most callers kept; the least recently used goes first. */
  maxEntries?: number;
  now?: () => number;
}

/** Taken as a verify starts: its answer is kept only if no eviction of its user came after (decision 019). */
export interface VerifyTicket {
  readonly evictionsSoFar: number;
  readonly startedAt: number;
}

interface Entry {
  verified: VerifiedCaller;
  userId: string;
}

export const DEFAULT_MAX_ENTRIES = 10_000;

/**
 * A verify cannot run longer than RPC_TIMEOUT_MS (at most 120 s): an answer that took longer than this anyway is not
 * kept, whatever the evictions say.
 */
const LONGEST_VERIFY_KEPT_MS = 300_000;

/** Tokens are never kept as keys (a heap dump must not hand out sessions): their SHA-256 is. */
const keyOf = (token: string): string => createHash('sha256').update(token).digest('base64url');

/** A token's own expiry (`exp`, in ms), read without checking the signature: auth has just checked it. */
export const tokenExpiryMs = (token: string): number | null => {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const claims: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    const exp = claims && typeof claims === 'object' && 'exp' in claims ? claims.exp : undefined;
    return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : null;
  } catch {
    return null;
  }
};

const frozen = (verified: VerifiedCaller): VerifiedCaller =>
  Object.freeze({ caller: Object.freeze({ ...verified.caller }), user: Object.freeze({ ...verified.user }) });

/**
 * The callers auth verified in the last few seconds, by token hash, so a request does not wait for auth and its
 * database each time. An entry lives `ttlMs`, never past its token's expiry, and goes at once when auth says its user
 * changed or their sessions ended (`evictUser`). Answers are frozen: every request holding one shares it.
 */
export class VerifiedCallersCache {
  private readonly entries: ExpiringLru<string, Entry>;
  /** The keys of each user's callers, so that `evictUser` finds them; kept in step with what `entries` drops itself. */
  private readonly keysByUser = new Map<string, Set<string>>();
  private readonly evictions = new NumberedEvictions<string>();
  private readonly ttlMs: number;
  private readonly now: () => number;

  constructor(options: VerifiedCallersOptions) {
    this.ttlMs = options.ttlMs;
    this.now = options.now ?? Date.now;
    this.entries = new ExpiringLru({
      maxEntries: options.maxEntries ?? DEFAULT_MAX_ENTRIES,
      now: this.now,
      onDrop: (key, entry) => this.unindex(key, entry.userId),
    });
  }

  get size(): number {
    return this.entries.size;
  }

  get(token: string): VerifiedCaller | undefined {
    if (this.ttlMs <= 0) return undefined;
    return this.entries.get(keyOf(token))?.verified;
  }

  begin(): VerifyTicket {
    return { evictionsSoFar: this.evictions.ticket(), startedAt: this.now() };
  }

  /**
   * Keeps what a verify begun at `ticket` answered, unless its user was evicted meanwhile (that answer may predate the
   * change the eviction announced) or the token has no readable expiry. Answers the caller to use, frozen.
   */
  put(ticket: VerifyTicket, token: string, verified: VerifiedCaller): VerifiedCaller {
    const answer = frozen(verified);
    const now = this.now();
    const userId = answer.caller.userId;
    if (this.ttlMs <= 0 || now - ticket.startedAt > LONGEST_VERIFY_KEPT_MS) return answer;
    if (!this.evictions.mayKeep(userId, ticket.evictionsSoFar)) return answer;
    // Counted from when the verify began: the answer is at least that old.
    const expiresAt = Math.min(ticket.startedAt + this.ttlMs, tokenExpiryMs(token) ?? now);
    if (expiresAt <= now) return answer;
    const key = keyOf(token);
    const previous = this.entries.delete(key);
    if (previous) this.unindex(key, previous.userId);
    const keys = this.keysByUser.get(userId) ?? new Set<string>();
    keys.add(key);
    this.keysByUser.set(userId, keys);
    this.entries.set(key, { verified: answer, userId }, expiresAt);
    return answer;
  }

  /** Forgets every caller of the user, and refuses what verifies already under way answer for them. */
  evictUser(userId: string): number {
    this.evictions.evict(userId);
    const keys = this.keysByUser.get(userId) ?? new Set<string>();
    this.keysByUser.delete(userId);
    for (const key of keys) this.entries.delete(key);
    return keys.size;
  }

  private unindex(key: string, userId: string): void {
    const keys = this.keysByUser.get(userId);
    keys?.delete(key);
    if (keys?.size === 0) this.keysByUser.delete(userId);
  }
}
