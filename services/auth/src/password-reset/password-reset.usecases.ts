import { Inject, Injectable, Logger } from '@nestjs/common';
import { DomainError, ErrorCode, PASSWORD_RESET_PATH, type Caller, type ForgotPasswordResponse, type ResetLinkResponse } from '@labeldesk/contracts';
import { requireAdmin } from '@labeldesk/nest-transport';
import { AUTH_ENV, type AuthEnv } from '../config/env.schema';
import { PasswordHasher } from '../sessions/password-hasher';
import { UserEventsPublisher } from '../users/user-events.publisher';
import { UserRepository } from '../users/user.repository';
import { Mailer } from './mailer';
import { PasswordResetRepository } from './password-reset.repository';


export const RESET_SENT = 'If an account exists for that e-mail, a link to reset its password is on its way. It works once, for a limited time.';
export const RESET_BY_OPERATOR = 'E-mail is not set up on this server, so no link can be sent. Ask the operator for a password reset link.';
export const RESET_INVALID = 'This reset link is not valid any more. Ask for a new one.';
export const RESET_USER_BLOCKED = 'This user is blocked; allow access first, then issue the link.';

/**
 * Account recovery: a one-time, expiring link, e-mailed when SMTP is configured or handed over by an admin. Using it
 * sets the password and ends every session of the user (decision 015). Links point at this service's own PUBLIC_URL,
 * never at an address a message names (decision 036); a blocked or deleted user gets none and cannot use one.
 */
@Injectable()
export class PasswordResetUseCases {
  private readonly logger = new Logger(PasswordResetUseCases.name);

  constructor(
    private readonly users: UserRepository,
    private readonly resets: PasswordResetRepository,
    private readonly mailer: Mailer,
    private readonly hasher: PasswordHasher,
    private readonly events: UserEventsPublisher,
    @Inject(AUTH_ENV) private readonly env: Pick<AuthEnv, 'PASSWORD_RESET_MINUTES' | 'PUBLIC_URL'>,
  ) {}

  private linkTo(token: string): string {
    return `${this.env.PUBLIC_URL}${PASSWORD_RESET_PATH}?token=${token}`;
  }

  /** The answer is the same for any e-mail; a blocked account gets no link (an admin unblocks first). */
  async request(email: string): Promise<ForgotPasswordResponse> {
    if (!this.mailer.configured) return { message: RESET_BY_OPERATOR, delivery: 'operator' };
    const user = await this.users.findByEmail(email);
    if (user && user.activation === 'allow') {
      const { token } = await this.resets.issue(user.id, null, this.env.PASSWORD_RESET_MINUTES);
      const text = [
        `Hello ${user.name},`,
        '',
        'Someone asked to reset the password of your shipping-label account. If it was you, open this link:',
        this.linkTo(token),
        '',
        `It works once and for ${this.env.PASSWORD_RESET_MINUTES} minutes. If it was not you, ignore this e-mail: your password stays as it is.`,
      ].join('\n');
      // A failed send must not tell the asker the account exists: it is logged for the operator instead.
      await this.mailer.send({ to: user.email, subject: 'Reset your password', text }).catch((error: unknown) => this.logger.error(`reset mail not sent: ${String(error)}`));
    }
    return { message: RESET_SENT, delivery: 'email' };
  }

  /** An admin's link for the operator to hand over; a blocked user gets none until an admin allows access again. */
  async issue(caller: Caller, userId: string): Promise<ResetLinkResponse> {
    requireAdmin(caller);
    const user = await this.users.findById(userId);
    if (!user) throw new DomainError(ErrorCode.NOT_FOUND, 'User not found');
    if (user.activation !== 'allow') throw new DomainError(ErrorCode.CONFLICT, RESET_USER_BLOCKED);
    const { token, expiresAt } = await this.resets.issue(user.id, caller.userId, this.env.PASSWORD_RESET_MINUTES);
    return { link: this.linkTo(token), expiresAt: expiresAt.toISOString() };
  }

  async complete(token: string, password: string): Promise<{ message: string }> {
    const userId = await this.resets.consume(token);
    if (!userId) throw new DomainError(ErrorCode.VALIDATION_FAILED, RESET_INVALID);
    const passwordHash = await this.hasher.hash(password);
    await this.users.update(userId, (user) => {
      // A link issued before the user was blocked is used up here and changes nothing, like a deleted user's.
      if (user.activation !== 'allow') throw new DomainError(ErrorCode.VALIDATION_FAILED, RESET_INVALID);
      user.passwordHash = passwordHash;
      user.endSessions();
    }).catch((error: unknown) => {
      // A user deleted after the link was issued: the link is used up and changes nothing.
      if (error instanceof DomainError && error.code === ErrorCode.NOT_FOUND) throw new DomainError(ErrorCode.VALIDATION_FAILED, RESET_INVALID);
      throw error;
    });
    await this.events.sessionsEnded(userId, 'password-changed');
    return { message: 'Your password has been reset. Please sign in with the new one.' };
  }
}
