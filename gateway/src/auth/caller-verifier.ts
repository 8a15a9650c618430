import { Injectable } from '@nestjs/common';
import { AuthRpc } from '@labeldesk/contracts';
import { verifiedCallerLookups } from '@labeldesk/nest-config';
import { RpcClient } from '@labeldesk/nest-transport';
import { VerifiedCallersCache, type VerifiedCaller } from './verified-callers.cache';

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
    return this.callers.put(ticket, token, verified);
  }

  /** Auth changed the user or ended their sessions: their tokens are asked about again from now on. */
  forgetUser(userId: string): void {
    this.callers.evictUser(userId);
  }
}
