import { Injectable } from '@nestjs/common';
import { DomainError, ErrorCode, type AuthRpc, type ResponseOf } from '@labeldesk/contracts';
import { UserRepository } from '../../users/user.repository';
import { toAuthUser } from '../../users/user.mapper';
import { TokenSigner } from '../token-signer';

/**
 * Signature, expiry and a user-id subject first, then the user as it is now: a blocked user, a deleted one or a
 * token of a session that has ended (its version is behind the user's) is refused.
 */
@Injectable()
export class VerifyTokenUseCase {
  constructor(
    private readonly users: UserRepository,
    private readonly signer: TokenSigner,
  ) {}

  async execute(token: string): Promise<ResponseOf<typeof AuthRpc.verifyToken>> {
    const claims = this.signer.verify(token);
    const user = await this.users.findById(claims.sub);
    if (!user) throw new DomainError(ErrorCode.AUTH_TOKEN_INVALID, 'Your session has expired. Please sign in again.');
    // Blocked first: a blocked user always hears why, though blocking also ended their sessions.
    if (user.activation === 'block') {
      throw new DomainError(ErrorCode.AUTH_ACCOUNT_BLOCKED, 'Your account has been blocked. Please contact support.');
    }
    if (claims.sv !== user.sessionVersion) {
      throw new DomainError(ErrorCode.AUTH_TOKEN_INVALID, 'Your session has expired. Please sign in again.');
    }
    return { caller: { userId: user.id, role: user.role }, user: toAuthUser(user) };
  }
}
