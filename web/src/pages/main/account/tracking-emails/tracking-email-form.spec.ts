import { DEFAULT_TRACKING_EMAIL_TEXTS } from '@labeldesk/contracts';
import { formValuesOf, previewOf, settingsBodyOf, trackingEmailTextsFormSchema } from './tracking-email-form';

const stored = { enabled: false, senderName: null, purchasedSubject: null, purchasedBody: null, deliveredSubject: null, deliveredBody: null, smtpConfigured: true };

describe('the tracking e-mails form', () => {
  it('shows the default texts written out for a seller who never changed them', () => {
    expect(formValuesOf(stored)).toEqual({
      senderName: '',
      purchasedSubject: DEFAULT_TRACKING_EMAIL_TEXTS.purchased.subject,
      purchasedBody: DEFAULT_TRACKING_EMAIL_TEXTS.purchased.body,
      deliveredSubject: DEFAULT_TRACKING_EMAIL_TEXTS.delivered.subject,
      deliveredBody: DEFAULT_TRACKING_EMAIL_TEXTS.delivered.body,
    });
  });

  it('previews a text with a made-up parcel and the sender name typed', () => {
    const values = { ...formValuesOf(stored), senderName: 'Cedar Goods', purchasedSubject: '{store}: {courier} {tracking_number}' };
    expect(previewOf('purchased', values, 'https://labels.example.com')).toEqual({
      subject: 'Cedar Goods: USPS 9400100000000000000000',
      body: expect.stringContaining('Follow your parcel here: https://labels.example.com/t/…') as string,
    });
    expect(previewOf('delivered', formValuesOf(stored), 'https://labels.example.com').subject).toBe('Your order from Your ship-from company was delivered');
  });

  it("checks the texts with the server's rules and sends the switch beside them", () => {
    const values = { ...formValuesOf(stored), deliveredSubject: 'Delivered: {order}' };
    expect(trackingEmailTextsFormSchema.safeParse(values).error?.issues.map((issue) => issue.path[0])).toEqual(['deliveredSubject']);
    expect(settingsBodyOf(true, formValuesOf(stored))).toMatchObject({ enabled: true, senderName: '' });
  });
});
