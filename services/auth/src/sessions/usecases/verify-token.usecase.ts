import { Injectable } from '@nestjs/common';
import { DomainError, ErrorCode, type AuthRpc, type ResponseOf } from '@labeldesk/contracts';
import type { User } from '../../users/user.entity';
import { UserRepository } from '../../users/user.repository';
import { toAuthUser } from '../../users/user.mapper';
import { TokenSigner, type TokenClaims } from '../token-signer';

const ended = () => new DomainError(ErrorCode.AUTH_TOKEN_INVALID, 'Your session has expired. Please sign in again.');

/**
 * Signature, expiry and a user-id subject first, then the user as it is now: a blocked user, a deleted one or a
 * token of a session that has ended (its version is behind the user's) is refused. A login-as token also needs its
 * admin as they were when they opened it (decision 037).
 */
@Injectable()
export class VerifyTokenUseCase {
  constructor(
    private readonly users: UserRepository,
    private readonly signer: TokenSigner,
  ) {}

  async execute(token: string): Promise<ResponseOf<typeof AuthRpc.verifyToken>> {
    const claims = this.signer.verify(token);
    const [user, admin] = await Promise.all([this.users.findById(claims.sub), claims.imp ? this.users.findById(claims.imp) : null]);
    if (!user) throw ended();
    // Blocked first: a blocked user always hears why, though blocking also ended their sessions.
    if (user.activation === 'block') {
      throw new DomainError(ErrorCode.AUTH_ACCOUNT_BLOCKED, 'Your account has been blocked. Please contact support.');
    }
    if (claims.sv !== user.sessionVersion) throw ended();
    if (claims.imp && !stillVouchesFor(admin, claims)) throw ended();
    return { caller: { userId: user.id, role: user.role }, user: toAuthUser(user) };
  }
}

/**
 * The admin behind a login-as token is still an admin, not blocked or deleted, and has neither had their sessions
 * ended (demoted, blocked, deleted, password changed or reset: each moves the session version on) nor signed out
 * (the login-as version) since. A login-as token of an earlier release carries neither version and is refused.
 */
const stillVouchesFor = (admin: User | null, claims: TokenClaims): boolean =>
  admin !== null &&
  admin.role === 'admin' &&
  admin.activation === 'allow' &&
  claims.isv === admin.sessionVersion &&
  claims.iav === admin.loginAsVersion;
