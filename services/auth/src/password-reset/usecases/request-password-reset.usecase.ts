import { Inject, Injectable, Logger } from '@nestjs/common';
import type { ForgotPasswordResponse } from '@labeldesk/contracts';
import { AUTH_ENV, type AuthEnv } from '../../config/env.schema';
import { UserRepository } from '../../users/user.repository';
import { Mailer } from '../mailer';
import { PasswordResetRepository } from '../password-reset.repository';
import { RESET_BY_OPERATOR, RESET_SENT, resetLinkOn } from '../reset-link';

/**
 * Someone asks for a reset link by e-mail: a one-time, expiring link is mailed when SMTP is configured. The answer is
 * the same for any e-mail; a blocked or deleted account gets no link (an admin unblocks first).
 */
@Injectable()
export class RequestPasswordResetUseCase {
  private readonly logger = new Logger(RequestPasswordResetUseCase.name);

  constructor(
    private readonly users: UserRepository,
    private readonly resets: PasswordResetRepository,
    private readonly mailer: Mailer,
    @Inject(AUTH_ENV) private readonly env: Pick<AuthEnv, 'PASSWORD_RESET_MINUTES' | 'PUBLIC_URL'>,
  ) {}

  async execute(email: string): Promise<ForgotPasswordResponse> {
    if (!this.mailer.configured) return { message: RESET_BY_OPERATOR, delivery: 'operator' };
    const user = await this.users.findByEmail(email);
    if (user && user.activation === 'allow') {
      const { token } = await this.resets.issue(user.id, null, this.env.PASSWORD_RESET_MINUTES);
      const text = [
        `Hello ${user.name},`,
        '',
        'Someone asked to reset the password of your shipping-label account. If it was you, open this link:',
        resetLinkOn(this.env.PUBLIC_URL, token),
        '',
        `It works once and for ${this.env.PASSWORD_RESET_MINUTES} minutes. If it was not you, ignore this e-mail: your password stays as it is.`,
      ].join('\n');
      // Not awaited: an answer that waited for the mail server would take longer for an existing account than for an
      // unknown address (telling the asker which e-mails have accounts), and a slow mail server would hold the page.
      // A failed send must not tell the asker the account exists either: it is logged for the operator instead.
      void this.mailer.send({ to: user.email, subject: 'Reset your password', text }).catch((error: unknown) => this.logger.error(`reset mail not sent: ${String(error)}`));
    }
    return { message: RESET_SENT, delivery: 'email' };
  }
}
