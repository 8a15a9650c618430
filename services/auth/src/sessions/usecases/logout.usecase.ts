import { Injectable } from '@nestjs/common';
import { DomainError, ErrorCode, type Caller } from '@labeldesk/contracts';
import { UserEventsPublisher } from '../../users/user-events.publisher';
import { UserRepository } from '../../users/user.repository';
import { TokenSigner } from '../token-signer';

/**
 * Signing out ends the "login as" sessions of the admin behind the token (decision 037): the admin's own, or the
 * admin who opened this login-as session. A customer signing out changes nothing stored. The token must be the
 * caller's: nobody ends another admin's sessions with a token they hold.
 */
@Injectable()
export class LogoutUseCase {
  constructor(
    private readonly users: UserRepository,
    private readonly signer: TokenSigner,
    private readonly events: UserEventsPublisher,
  ) {}

  async execute(caller: Caller, token: string): Promise<{ ok: true }> {
    const claims = this.signer.verify(token);
    if (claims.sub !== caller.userId) throw new DomainError(ErrorCode.FORBIDDEN, 'This is not your session');
    const adminId = claims.imp ?? (caller.role === 'admin' ? caller.userId : null);
    if (!adminId) return { ok: true };
    const ended = await this.users.update(adminId, (admin) => admin.endLoginAsSessions()).then(
      () => true,
      // An admin deleted meanwhile: their login-as sessions ended with them.
      (error: unknown) => {
        if (error instanceof DomainError && error.code === ErrorCode.NOT_FOUND) return false;
        throw error;
      },
    );
    // Gateways forget the admin's kept callers, and with them those of the sessions the admin opened as others.
    if (ended) await this.events.changed(adminId);
    return { ok: true };
  }
}
