import { Injectable } from '@nestjs/common';
import { DomainError, ErrorCode, type AuthRpc, type ResponseOf } from '@labeldesk/contracts';
import { UserRepository } from '../../users/user.repository';
import { toAuthUser } from '../../users/user.mapper';
import { TokenSigner } from '../token-signer';

/** Signature and expiry first, then the user as it is now: a blocked user or a revoked token is refused. */
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
    // Blocked first: a blocked user always hears why, whichever second their token was issued in.
    if (user.activation === 'block') {
      throw new DomainError(ErrorCode.AUTH_ACCOUNT_BLOCKED, 'Your account has been blocked. Please contact support.');
    }
    if (claims.iat < Math.floor(user.tokensValidAfter.getTime() / 1000)) {
      throw new DomainError(ErrorCode.AUTH_TOKEN_INVALID, 'Your session has expired. Please sign in again.');
    }
    return { caller: { userId: user.id, role: user.role }, user: toAuthUser(user) };
  }
}
