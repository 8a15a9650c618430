import { courierName, renderTrackingEmail, trackingEmailText, type TrackingEmailKind, type TrackingEmailSettings } from '@labeldesk/contracts';

/** What one tracking e-mail is made of. */
export interface TrackingEmailFacts {
  kind: TrackingEmailKind;
  to: string;
  settings: Pick<TrackingEmailSettings, 'senderName' | 'purchasedSubject' | 'purchasedBody' | 'deliveredSubject' | 'deliveredBody'>;
  /** The label's ship-from company or sender name, used when the seller set no sender name. */
  shipFromName: string;
  courier: string | null;
  trackingNumber: string;
  trackingToken: string;
  unsubscribeToken: string;
}

export interface ComposedMail {
  from: { name: string; address: string };
  to: string;
  subject: string;
  text: string;
  /** RFC 2369 and RFC 8058: a mail client's own "Unsubscribe" button posts to the link, without opening a page. */
  headers: Record<string, string>;
}

/** The bare address of a `Name <address>` (or a bare address) as SMTP_FROM holds it. */
export const addressOf = (from: string): string => /<([^<>]+)>\s*$/.exec(from)?.[1]?.trim() ?? from.trim();

/**
 * A tracking e-mail: the seller's text (or the default) with its placeholders filled, the unsubscribe link under it,
 * from the seller's name at the install's own address (a seller's own domain is not ours to send from).
 */
export const composeTrackingEmail = (facts: TrackingEmailFacts, publicUrl: string, smtpFrom: string): ComposedMail => {
  const store = facts.settings.senderName ?? facts.shipFromName;
  const trackingLink = `${publicUrl}/t/${facts.trackingToken}`;
  const unsubscribePage = `${publicUrl}/unsubscribe/${facts.unsubscribeToken}`;
  const oneClick = `${publicUrl}/api/public/tracking-emails/unsubscribe/${facts.unsubscribeToken}`;
  const mail = renderTrackingEmail(trackingEmailText(facts.settings, facts.kind), {
    store,
    courier: facts.courier ? courierName(facts.courier) : 'The courier',
    tracking_number: facts.trackingNumber,
    tracking_link: trackingLink,
  });
  return {
    from: { name: store, address: addressOf(smtpFrom) },
    to: facts.to,
    subject: mail.subject,
    text: `${mail.body}\n\n--\nYou get this e-mail because ${store} shipped you a parcel. No more tracking e-mails from ${store}: ${unsubscribePage}\n`,
    headers: { 'List-Unsubscribe': `<${oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
};
