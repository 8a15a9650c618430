import type { TrackingLinksRepository } from '../lifecycle';
import type { ComposedMail } from './tracking-email.composer';
import { retryDelayAfter, TrackingEmailSender } from './tracking-email-sender';
import type { ClaimedMail, MailContext, TrackingEmailsRepository } from './tracking-emails.repository';
import type { TrackingMailer } from './tracking-mailer';

const claimed: ClaimedMail = {
  id: 'm1',
  labelKind: 'single',
  labelId: 'l1',
  kind: 'purchased',
  userId: 'u1',
  email: 'rita@example.com',
  unsubscribeToken: 'a'.repeat(64),
  attempts: 1,
};
const context: MailContext = {
  trackingNumber: '9400100000000000000001',
  courier: 'usps',
  shipFromName: 'Cedar Goods',
  settings: { enabled: true, senderName: null, purchasedSubject: null, purchasedBody: null, deliveredSubject: null, deliveredBody: null },
  withdrawn: false,
};

/** The record as the database keeps it: a label's mail of a kind is claimed once, whoever asks again. */
const setUp = (options: { context?: MailContext | null; smtpFails?: boolean; configured?: boolean } = {}) => {
  const claims = new Set<string>();
  const marks: string[] = [];
  const sent: ComposedMail[] = [];
  const mails = {
    claimDue: async () => {
      const key = `${claimed.labelKind}:${claimed.labelId}:${claimed.kind}`;
      if (claims.has(key)) return [];
      claims.add(key);
      return [claimed];
    },
    claimRetries: async () => [],
    context: async () => (options.context === undefined ? context : options.context),
    markSent: async (id: string) => void marks.push(`sent ${id}`),
    markSkipped: async (id: string) => void marks.push(`skipped ${id}`),
    markFailed: async (id: string, _error: string, retryIn: number | null) => void marks.push(`failed ${id} retry in ${retryIn}`),
  } as unknown as TrackingEmailsRepository;
  const links = { issue: async () => ({ token: 'T'.repeat(32), createdAt: new Date() }) } as unknown as TrackingLinksRepository;
  const mailer = {
    configured: options.configured ?? true,
    publicUrl: 'https://labels.example.com',
    smtpFrom: 'no-reply@labels.example.com',
    send: async (mail: ComposedMail) => {
      if (options.smtpFails) throw new Error('421 try later');
      sent.push(mail);
    },
  } as unknown as TrackingMailer;
  const sender = new TrackingEmailSender(mails, links, mailer, { TRACKING_EMAIL_SECONDS: 5 });
  return { sender, sent, marks };
};

describe('TrackingEmailSender', () => {
  it('sends a claimed mail once, however many rounds run', async () => {
    const { sender, sent, marks } = setUp();
    expect(await sender.sendDue()).toBe(1);
    expect(await sender.sendDue()).toBe(0);
    expect(sent.map((mail) => mail.to)).toEqual(['rita@example.com']);
    expect(marks).toEqual(['sent m1']);
  });

  it('sends nothing for a label voided or unsubscribed since it was claimed, and records why', async () => {
    const { sender, sent, marks } = setUp({ context: { ...context, withdrawn: true } });
    expect(await sender.sendDue()).toBe(0);
    expect([sent, marks]).toEqual([[], ['skipped m1']]);
  });

  it('tries a mail the SMTP server refused again later, then gives it up', async () => {
    const { sender, marks } = setUp({ smtpFails: true });
    await sender.sendDue();
    expect(marks).toEqual(['failed m1 retry in 60']);
    expect([retryDelayAfter(2), retryDelayAfter(3), retryDelayAfter(4)]).toEqual([300, 1_800, null]);
  });

  it('claims nothing where no SMTP server is set up', async () => {
    const { sender, sent, marks } = setUp({ configured: false });
    expect(await sender.sendDue()).toBe(0);
    expect([sent, marks]).toEqual([[], []]);
  });
});
