import { Injectable } from '@nestjs/common';
import { ApiKeysRpc, AuthRpc, DomainError, ErrorCode } from '@labeldesk/contracts';
import { verifiedCallerLookups } from '@labeldesk/nest-config';
import { RpcClient } from '@labeldesk/nest-transport';
import { readClaims, VerifiedCallersCache, type VerifiedCaller } from './verified-callers.cache';

/** An API key's caller is kept as long as a session's (the TTL): a revocation or a change of its user evicts it sooner. */
const KEY_KEPT_MS = 300_000;

/** Our keys' prefixes (`ld_test_` is kept for sandbox keys): what tells a key from a session token before auth is asked. */
const KEY_SHAPE = /^ld_(live|test)_/;
export const looksLikeApiKey = (credential: string): boolean => KEY_SHAPE.test(credential);

/**
 * One credential, one place (decision 075): a key in a session's place (the `token` header, `?token=`, a socket) and
 * a session token as a key (`Authorization: Bearer`) are refused before anything is looked up, kept or asked.
 */
const KEY_AS_SESSION = 'An API key goes in the Authorization header (Bearer <key>), not in the token header, ?token= or a socket';
const SESSION_AS_KEY = 'Authorization: Bearer takes an API key (ld_live_…); a session token goes in the token header';

/**
 * Who a token stands for: the caller auth verified for it moments ago, or auth's answer now. Auth's refusals (expired,
 * ended, blocked, deleted) are thrown as they come and never kept, so a refused token is asked about every time.
 */
@Injectable()
export class CallerVerifier {
  constructor(
    private readonly rpc: RpcClient,
    private readonly callers: VerifiedCallersCache,
  ) {}

  /** A session token (or an admin's login-as token): never an API key, kept or not. */
  async verify(token: string, correlationId?: string): Promise<VerifiedCaller> {
    if (looksLikeApiKey(token)) throw new DomainError(ErrorCode.UNAUTHENTICATED, KEY_AS_SESSION);
    const kept = this.callers.get(token, 'session');
    verifiedCallerLookups.inc({ outcome: kept ? 'hit' : 'miss' });
    if (kept) return kept;
    const ticket = this.callers.begin();
    const verified = await this.rpc.call(AuthRpc.verifyToken, { token }, correlationId === undefined ? {} : { correlationId });
    // How the user signed in is the token's to say: an admin's login-as token names the admin (decision 037).
    const impersonatorId = readClaims(token).impersonatorId;
    const caller = impersonatorId ? { ...verified.caller, authMethod: 'login_as' as const, impersonatorId } : { ...verified.caller, authMethod: 'session' as const };
    return this.callers.put(ticket, token, { ...verified, caller });
  }

  /** Who an API key stands for, with its scopes; kept like a session's caller and evicted with its user. */
  async verifyKey(key: string, correlationId?: string): Promise<VerifiedCaller> {
    if (!looksLikeApiKey(key)) throw new DomainError(ErrorCode.AUTH_API_KEY_INVALID, SESSION_AS_KEY);
    const kept = this.callers.get(key, 'api_key');
    verifiedCallerLookups.inc({ outcome: kept ? 'hit' : 'miss' });
    if (kept) return kept;
    const ticket = this.callers.begin();
    const verified = await this.rpc.call(ApiKeysRpc.verify, { key }, correlationId === undefined ? {} : { correlationId });
    return this.callers.put(ticket, key, verified, { expiresAtMs: ticket.startedAt + KEY_KEPT_MS, impersonatorId: null });
  }

  /** Auth changed the user or ended their sessions: their tokens are asked about again from now on. */
  forgetUser(userId: string): void {
    this.callers.evictUser(userId);
  }
}
