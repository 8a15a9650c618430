import { Inject, Injectable, Logger } from '@nestjs/common';
import type { ForgotPasswordResponse } from '@labeldesk/contracts';
import { AUTH_ENV, type AuthEnv } from '../../config/env.schema';
import { addressBucket } from '../../sessions/sign-in/client-address';
import { SIGN_IN_COUNTERS, type SignInCounterStore } from '../../sessions/sign-in/sign-in-counters';
import { UserRepository } from '../../users/user.repository';
import { Mailer } from '../mailer';
import { PasswordResetRepository } from '../password-reset.repository';
import { RESET_BY_OPERATOR, RESET_SENT, resetLinkOn } from '../reset-link';

/**
 * Reset e-mails a window of an hour may send (decision 073), counted in the database so every replica agrees. To one
 * account asked for from one client address (an IPv4 address or an IPv6 /64): someone who lost a mail asks twice
 * more, and a stranger's requests from elsewhere do not use up the owner's. To one account from anywhere: more than
 * that is someone flooding the inbox from many addresses. Asked for from one client address across all accounts: one
 * person asks for their own, a flood asks for many.
 */
export const RESET_MAILS_PER_ACCOUNT_AND_ADDRESS = 3;
export const RESET_MAILS_PER_ACCOUNT = 10;
export const RESET_MAILS_PER_ADDRESS = 10;
const RESET_MAIL_WINDOW_SECONDS = 3_600;

/**
 * Someone asks for a reset link by e-mail: a one-time, expiring link is mailed when SMTP is configured. The answer is
 * the same for any e-mail and whether or not a limit held the mail back; a blocked or deleted account gets no link
 * (an admin unblocks first). A held-back mail issues no link either, so earlier links keep working.
 */
@Injectable()
export class RequestPasswordResetUseCase {
  private readonly logger = new Logger(RequestPasswordResetUseCase.name);

  constructor(
    private readonly users: UserRepository,
    private readonly resets: PasswordResetRepository,
    private readonly mailer: Mailer,
    @Inject(SIGN_IN_COUNTERS) private readonly counters: SignInCounterStore,
    @Inject(AUTH_ENV) private readonly env: Pick<AuthEnv, 'PASSWORD_RESET_MINUTES' | 'PUBLIC_URL'>,
  ) {}

  async execute(email: string, clientAddress?: string): Promise<ForgotPasswordResponse> {
    if (!this.mailer.configured) return { message: RESET_BY_OPERATOR, delivery: 'operator' };
    const user = await this.users.findByEmail(email);
    if (user && user.activation === 'allow' && (await this.withinLimits(user.id, clientAddress))) {
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

  /**
   * Counts this mail against its account from the asker's address and against that address, atomically; only a mail
   * those let through is then counted against the account as a whole, so requests held back from one address never
   * use up what the account's owner may still ask for elsewhere. False when any is over its limit.
   */
  private async withinLimits(userId: string, clientAddress: string | undefined): Promise<boolean> {
    const bucket = addressBucket(clientAddress);
    const pairKey = `reset-mail:account:${userId}:address:${bucket ?? 'unknown'}`;
    const addressKey = bucket === null ? null : `reset-mail:address:${bucket}`;
    const counts = await this.counters.bump([
      { key: pairKey, windowSeconds: RESET_MAIL_WINDOW_SECONDS },
      ...(addressKey === null ? [] : [{ key: addressKey, windowSeconds: RESET_MAIL_WINDOW_SECONDS }]),
    ]);
    const overPair = (counts.get(pairKey) ?? 0) > RESET_MAILS_PER_ACCOUNT_AND_ADDRESS;
    const overAddress = addressKey !== null && (counts.get(addressKey) ?? 0) > RESET_MAILS_PER_ADDRESS;
    const heldBy = overPair ? `its account from ${bucket ?? 'an unknown address'}` : overAddress ? `the address ${bucket ?? ''}` : null;
    if (heldBy === null) {
      const accountKey = `reset-mail:account:${userId}`;
      const overAccount = ((await this.counters.bump([{ key: accountKey, windowSeconds: RESET_MAIL_WINDOW_SECONDS }])).get(accountKey) ?? 0) > RESET_MAILS_PER_ACCOUNT;
      if (!overAccount) return true;
    }
    this.logger.warn(`reset mail for user ${userId} held back: over the hourly limit of ${heldBy ?? 'its account'}`);
    return false;
  }
}
