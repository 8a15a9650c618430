import type { AuthUser, Caller } from '@labeldesk/contracts';
import { createHash } from 'node:crypto';
import { ExpiringLru } from '../cache/expiring-lru';
import { NumberedEvictions } from '../cache/numbered-evictions';

/** What auth's verifyToken answered for a token. */
export interface VerifiedCaller {
  readonly caller: Caller;
  readonly user: AuthUser;
  /** For an API key: its id (its rate limit is counted by it). */
  readonly keyId?: string;
}

/**
 * Which credential a caller was verified from: a session token (the `token` header, `?token=` on downloads, a socket's
 * token) or an API key (`Authorization: Bearer`). Each is looked up only as its own kind (decision 075).
 */
export type CredentialKind = 'session' | 'api_key';

/** What a verified caller was verified from: an API key's answer names its key. */
export const credentialKindOf = (verified: VerifiedCaller): CredentialKind => (verified.keyId === undefined ? 'session' : 'api_key');

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
  /** Answered only to a lookup of this kind: a key is no session token, and a session token no key. */
  kind: CredentialKind;
  /** The users whose change ends this caller: its own, and for a login-as session the admin who opened it. */
  ownerIds: readonly string[];
}

export const DEFAULT_MAX_ENTRIES = 10_000;

/**
 * A verify cannot run longer than RPC_TIMEOUT_MS (at most 120 s): an answer that took longer than this anyway is not
 * kept, whatever the evictions say.
 */
const LONGEST_VERIFY_KEPT_MS = 300_000;

/** Tokens are never kept as keys (a heap dump must not hand out sessions): their SHA-256 is. */
const keyOf = (token: string): string => createHash('sha256').update(token).digest('base64url');

/** What the cache reads of a token without checking its signature (auth has just checked it). */
export interface UnverifiedClaims {
  /** The token's own expiry (`exp`, in ms); null when it has none readable. */
  expiresAtMs: number | null;
  /** The admin behind a login-as token (`imp`, decision 037): the caller is theirs to end too. */
  impersonatorId: string | null;
}

export const readClaims = (token: string): UnverifiedClaims => {
  const none = { expiresAtMs: null, impersonatorId: null };
  const payload = token.split('.')[1];
  if (!payload) return none;
  try {
    const claims: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    if (!claims || typeof claims !== 'object') return none;
    const exp = 'exp' in claims ? claims.exp : undefined;
    const imp = 'imp' in claims ? claims.imp : undefined;
    return {
      expiresAtMs: typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : null,
      impersonatorId: typeof imp === 'string' && imp !== '' ? imp : null,
    };
  } catch {
    return none;
  }
};

/** A token's own expiry (`exp`, in ms), read without checking the signature: auth has just checked it. */
export const tokenExpiryMs = (token: string): number | null => readClaims(token).expiresAtMs;

const frozen = (verified: VerifiedCaller): VerifiedCaller =>
  Object.freeze({
    caller: Object.freeze({ ...verified.caller, ...(verified.caller.scopes ? { scopes: Object.freeze([...verified.caller.scopes]) as string[] } : {}) }),
    user: Object.freeze({ ...verified.user }),
    ...(verified.keyId === undefined ? {} : { keyId: verified.keyId }),
  });

/**
 * The callers auth verified in the last few seconds, by token hash, so a request does not wait for auth and its
 * database each time. An entry lives `ttlMs`, never past its token's expiry, and goes at once when auth says its user
 * changed or their sessions ended (`evictUser`). Answers are frozen: every request holding one shares it.
 */
export class VerifiedCallersCache {
  private readonly entries: ExpiringLru<string, Entry>;
  /**
   * The keys of each user's callers, and of the login-as callers each admin opened, so that `evictUser` finds them;
   * kept in step with what `entries` drops itself.
   */
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
      onDrop: (key, entry) => this.unindex(key, entry.ownerIds),
    });
  }

  get size(): number {
    return this.entries.size;
  }

  /** The caller kept for the credential, only if it was verified as a credential of that kind. */
  get(token: string, kind: CredentialKind): VerifiedCaller | undefined {
    if (this.ttlMs <= 0) return undefined;
    const entry = this.entries.get(keyOf(token));
    return entry?.kind === kind ? entry.verified : undefined;
  }

  begin(): VerifyTicket {
    return { evictionsSoFar: this.evictions.ticket(), startedAt: this.now() };
  }

  /**
   * Keeps what a verify begun at `ticket` answered (`known`: the claims of a credential that is no JWT), unless its user (or the admin behind a login-as token) was evicted
   * meanwhile (that answer may predate the change the eviction announced) or the token has no readable expiry. Answers
   * the caller to use, frozen.
   */
  put(ticket: VerifyTicket, token: string, verified: VerifiedCaller, known?: UnverifiedClaims): VerifiedCaller {
    const answer = frozen(verified);
    const now = this.now();
    if (this.ttlMs <= 0 || now - ticket.startedAt > LONGEST_VERIFY_KEPT_MS) return answer;
    // An API key is no JWT: its caller says what the claims would (no expiry of its own, no admin behind it).
    const claims = known ?? readClaims(token);
    const ownerIds = claims.impersonatorId ? [answer.caller.userId, claims.impersonatorId] : [answer.caller.userId];
    if (!ownerIds.every((id) => this.evictions.mayKeep(id, ticket.evictionsSoFar))) return answer;
    // Counted from when the verify began: the answer is at least that old.
    const expiresAt = Math.min(ticket.startedAt + this.ttlMs, claims.expiresAtMs ?? now);
    if (expiresAt <= now) return answer;
    const key = keyOf(token);
    const previous = this.entries.delete(key);
    if (previous) this.unindex(key, previous.ownerIds);
    for (const id of ownerIds) {
      const keys = this.keysByUser.get(id) ?? new Set<string>();
      keys.add(key);
      this.keysByUser.set(id, keys);
    }
    this.entries.set(key, { verified: answer, kind: credentialKindOf(answer), ownerIds }, expiresAt);
    return answer;
  }

  /**
   * Forgets every caller of the user and every login-as caller they opened as an admin, and refuses what verifies
   * already under way answer for them.
   */
  evictUser(userId: string): number {
    this.evictions.evict(userId);
    const keys = this.keysByUser.get(userId) ?? new Set<string>();
    this.keysByUser.delete(userId);
    for (const key of keys) {
      const entry = this.entries.delete(key);
      if (entry) this.unindex(key, entry.ownerIds);
    }
    return keys.size;
  }

  private unindex(key: string, ownerIds: readonly string[]): void {
    for (const id of ownerIds) {
      const keys = this.keysByUser.get(id);
      keys?.delete(key);
      if (keys?.size === 0) this.keysByUser.delete(id);
    }
  }
}
