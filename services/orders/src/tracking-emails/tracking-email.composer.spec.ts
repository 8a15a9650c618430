import { DEFAULT_TRACKING_EMAIL_TEXTS } from '@labeldesk/contracts';
import { addressOf, composeTrackingEmail, type TrackingEmailFacts } from './tracking-email.composer';

const facts: TrackingEmailFacts = {
  kind: 'purchased',
  to: 'rita@example.com',
  settings: { senderName: null, purchasedSubject: null, purchasedBody: null, deliveredSubject: null, deliveredBody: null },
  shipFromName: 'Cedar Goods',
  courier: 'usps',
  trackingNumber: '9400100000000000000001',
  trackingToken: 'T'.repeat(32),
  unsubscribeToken: 'a'.repeat(64),
};
const URL = 'https://labels.example.com';

describe('composeTrackingEmail', () => {
  it('sends the default text with the public tracking link, from the ship-from name at the install address', () => {
    const mail = composeTrackingEmail(facts, URL, 'Shipping Labels <no-reply@labels.example.com>');
    expect(mail.from).toEqual({ name: 'Cedar Goods', address: 'no-reply@labels.example.com' });
    expect(mail.to).toBe('rita@example.com');
    expect(mail.subject).toBe('Your order from Cedar Goods is on its way');
    expect(mail.text).toContain(`Follow your parcel here: ${URL}/t/${'T'.repeat(32)}`);
    expect(mail.text).toContain('USPS will carry it under tracking number 9400100000000000000001');
  });

  it('ends with an unsubscribe link and carries the one-click headers of RFC 8058', () => {
    const mail = composeTrackingEmail(facts, URL, 'no-reply@labels.example.com');
    expect(mail.text).toContain(`No more tracking e-mails from Cedar Goods: ${URL}/unsubscribe/${'a'.repeat(64)}`);
    expect(mail.headers).toEqual({
      'List-Unsubscribe': `<${URL}/api/public/tracking-emails/unsubscribe/${'a'.repeat(64)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });

  it("uses the seller's own sender name and delivered text", () => {
    const settings = { ...facts.settings, senderName: 'Cedar & Co', deliveredSubject: '{store}: delivered {tracking_number}', deliveredBody: 'See {tracking_link}' };
    const mail = composeTrackingEmail({ ...facts, kind: 'delivered', courier: 'ups', settings }, URL, 'no-reply@labels.example.com');
    expect([mail.from.name, mail.subject]).toEqual(['Cedar & Co', 'Cedar & Co: delivered 9400100000000000000001']);
    expect(mail.text.startsWith(`See ${URL}/t/`)).toBe(true);
  });

  it('never names the receiver, a street or a price', () => {
    const mail = composeTrackingEmail(facts, URL, 'no-reply@labels.example.com');
    expect(`${mail.subject}\n${mail.text}`).not.toMatch(/rita|\$\d/i);
    expect(DEFAULT_TRACKING_EMAIL_TEXTS.delivered.body).toContain('{tracking_link}');
  });

  it("reads the bare address of SMTP_FROM's 'Name <address>'", () => {
    expect(addressOf('Shipping Labels <no-reply@localhost>')).toBe('no-reply@localhost');
    expect(addressOf(' labels@example.com ')).toBe('labels@example.com');
  });
});
