import { Injectable } from '@nestjs/common';
import { ApiKeysRpc, AuthRpc } from '@labeldesk/contracts';
import { verifiedCallerLookups } from '@labeldesk/nest-config';
import { RpcClient } from '@labeldesk/nest-transport';
import { readClaims, VerifiedCallersCache, type VerifiedCaller } from './verified-callers.cache';

/** An API key's caller is kept as long as a session's (the TTL): a revocation or a change of its user evicts it sooner. */
const KEY_KEPT_MS = 300_000;

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

  async verify(token: string, correlationId?: string): Promise<VerifiedCaller> {
    const kept = this.callers.get(token);
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
    const kept = this.callers.get(key);
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
