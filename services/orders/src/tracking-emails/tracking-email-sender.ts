import { Inject, Injectable } from '@nestjs/common';
import { ORDERS_ENV, type OrdersEnv } from '../config';
import { mapLimited, PeriodicTask } from '../common';
import { TrackingLinksRepository } from '../lifecycle';
import { composeTrackingEmail } from './tracking-email.composer';
import { TrackingEmailsRepository, type ClaimedMail } from './tracking-emails.repository';
import { TrackingMailer } from './tracking-mailer';

/** Mails claimed in one round at most (new ones, then retries), and sent at once. */
const ROUND_LIMIT = 50;
const SEND_CONCURRENCY = 4;
/** Labels bought or delivered longer ago than this are not mailed about (an install whose mail was down for days). */
const WITHIN_HOURS = 48;
/** After a failed attempt, the next one waits this long; once these are used up, the mail is given up. */
export const RETRY_AFTER_SECONDS = [60, 300, 1_800] as const;

/** When a mail that failed on attempt `attempts` is tried again (seconds), or null to give it up. */
export const retryDelayAfter = (attempts: number): number | null => RETRY_AFTER_SECONDS[attempts - 1] ?? null;

/**
 * Sends the tracking e-mails due (decision 095): every TRACKING_EMAIL_SECONDS it claims the labels bought, or seen
 * delivered, whose seller has the mails on and whose receiver has an e-mail, and sends one mail per claim. A claim is
 * made before the mail is sent and is the only way to send it, so a label's mail of a kind goes out once at most; a
 * replica that stops between the claim and the SMTP answer leaves its mail unsent rather than risk a second copy.
 */
@Injectable()
export class TrackingEmailSender extends PeriodicTask<number> {
  constructor(
    private readonly mails: TrackingEmailsRepository,
    private readonly links: TrackingLinksRepository,
    private readonly mailer: TrackingMailer,
    @Inject(ORDERS_ENV) private readonly env: Pick<OrdersEnv, 'TRACKING_EMAIL_SECONDS'>,
  ) {
    super();
  }

  protected get everyMs(): number | null {
    return this.mailer.configured ? this.env.TRACKING_EMAIL_SECONDS * 1000 : null;
  }

  /** One round now; answers how many mails it sent (0 while a round is running here). */
  async sendDue(): Promise<number> {
    return (await this.runRound()) ?? 0;
  }

  protected async round(): Promise<number> {
    if (!this.mailer.configured) return 0;
    const claimed = [...(await this.mails.claimDue(ROUND_LIMIT, WITHIN_HOURS)), ...(await this.mails.claimRetries(ROUND_LIMIT))];
    const sent = await mapLimited(claimed, SEND_CONCURRENCY, (mail) => this.send(mail));
    return sent.filter(Boolean).length;
  }

  private async send(mail: ClaimedMail): Promise<boolean> {
    try {
      const context = await this.mails.context(mail);
      if (!context || context.withdrawn) {
        await this.mails.markSkipped(mail.id, context ? 'voided, unsubscribed or switched off before it was sent' : 'label not found');
        return false;
      }
      const link = await this.links.issue({ kind: mail.labelKind, labelId: mail.labelId, userId: mail.userId });
      const composed = composeTrackingEmail(
        { ...context, kind: mail.kind, to: mail.email, trackingToken: link.token, unsubscribeToken: mail.unsubscribeToken },
        this.mailer.publicUrl,
        this.mailer.smtpFrom,
      );
      await this.mailer.send(composed);
      await this.mails.markSent(mail.id);
      return true;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      this.logger.warn(`tracking e-mail ${mail.id} (${mail.kind}) not sent, attempt ${mail.attempts}: ${reason}`);
      await this.mails.markFailed(mail.id, reason, retryDelayAfter(mail.attempts)).catch(() => undefined);
      return false;
    }
  }
}
