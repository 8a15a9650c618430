import {
  DEFAULT_TRACKING_EMAIL_TEXTS,
  maskEmail,
  receiverEmailField,
  renderTrackingEmail,
  trackingEmailSettingsBodySchema,
  trackingEmailText,
  unknownPlaceholders,
} from './tracking-emails.schema';
import { receiverSchema } from './single-order.schema';

const values = { store: 'Cedar Goods', courier: 'USPS', tracking_number: '9400100000000000000001', tracking_link: 'https://labels.example.com/t/abc' };
const body = (fields: Record<string, unknown>) => ({ enabled: true, senderName: '', purchasedSubject: '', purchasedBody: '', deliveredSubject: '', deliveredBody: '', ...fields });
const messages = (input: unknown) => {
  const parsed = trackingEmailSettingsBodySchema.safeParse(input);
  return parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

describe('tracking e-mail texts', () => {
  it('fills every placeholder with its value, and a value holding a placeholder stays as written', () => {
    const mail = renderTrackingEmail({ subject: 'From {store}', body: '{courier} {tracking_number}: {tracking_link}' }, { ...values, store: 'The {courier} shop' });
    expect(mail).toEqual({ subject: 'From The {courier} shop', body: 'USPS 9400100000000000000001: https://labels.example.com/t/abc' });
  });

  it('keeps a subject on one line whatever the store name holds', () => {
    expect(renderTrackingEmail({ subject: '{store} shipped', body: '{tracking_link}' }, { ...values, store: 'Cedar\nGoods' }).subject).toBe('Cedar Goods shipped');
  });

  it('names each unknown placeholder once', () => {
    expect(unknownPlaceholders('Hi {name}, {store} sent {tracking_url} and {name}')).toEqual(['name', 'tracking_url']);
    expect(unknownPlaceholders(DEFAULT_TRACKING_EMAIL_TEXTS.purchased.body)).toEqual([]);
  });

  it('uses the default text for a kind the seller left empty', () => {
    const settings = trackingEmailSettingsBodySchema.parse(body({ deliveredSubject: 'Here: {tracking_number}' }));
    expect(trackingEmailText(settings, 'purchased')).toEqual(DEFAULT_TRACKING_EMAIL_TEXTS.purchased);
    expect(trackingEmailText(settings, 'delivered')).toEqual({ subject: 'Here: {tracking_number}', body: DEFAULT_TRACKING_EMAIL_TEXTS.delivered.body });
  });
});

describe('tracking e-mail settings', () => {
  it('refuses an unknown placeholder by its name, and a text without the tracking link', () => {
    expect(messages(body({ purchasedSubject: 'Order {order_id} shipped' }))).toEqual([
      'purchasedSubject: Unknown placeholder {order_id}: use {store}, {courier}, {tracking_number}, {tracking_link}',
    ]);
    expect(messages(body({ deliveredBody: 'It arrived, {store}' }))).toEqual(['deliveredBody: Delivered text must include {tracking_link}']);
  });

  it('refuses texts over their limits and a sender name that could pose as an address', () => {
    expect(messages(body({ purchasedSubject: 'x'.repeat(151) }))).toEqual(['purchasedSubject: Label purchased subject is too long (max 150)']);
    expect(messages(body({ purchasedBody: `{tracking_link}${'x'.repeat(2_000)}` }))).toEqual(['purchasedBody: Label purchased text is too long (max 2000)']);
    expect(messages(body({ senderName: 'Bank <security@bank.example>' }))).toEqual(['senderName: Sender name cannot hold quotes, angle brackets, backslashes or @']);
  });

  it('refuses a switch that is not a boolean and fields it does not know', () => {
    expect(messages(body({ enabled: 'yes' }))).toEqual(['enabled: enabled must be true or false']);
    expect(messages({ ...body({}), bcc: 'me@example.com' })).toHaveLength(1);
  });

  it('reads empty texts as the defaults and line breaks as the seller typed them', () => {
    expect(trackingEmailSettingsBodySchema.parse(body({ purchasedBody: 'Hi\r\n\r\n{tracking_link}\r\n' }))).toEqual({
      enabled: true,
      senderName: null,
      purchasedSubject: null,
      purchasedBody: 'Hi\n\n{tracking_link}',
      deliveredSubject: null,
      deliveredBody: null,
    });
  });
});

describe('receiver e-mail', () => {
  const field = receiverEmailField();
  it('takes one address, or nothing', () => {
    expect(field.parse(' rita@example.com ')).toBe('rita@example.com');
    expect(field.parse('')).toBeNull();
    expect(field.parse(undefined)).toBeNull();
  });

  it('refuses two addresses, a non-address, text over 254 characters and anything not text', () => {
    const refusal = (value: unknown) => field.safeParse(value).error?.issues[0]?.message;
    expect(refusal('rita@example.com, bob@example.com')).toBe('Recipient email must be one e-mail address, e.g. rita@example.com');
    expect(refusal('rita')).toBe('Recipient email must be one e-mail address, e.g. rita@example.com');
    expect(refusal(`${'r'.repeat(250)}@example.com`)).toBe('Recipient email is too long (max 254)');
    expect(refusal(['rita@example.com'])).toBe('Recipient email must be text');
  });

  it('is kept with the receiver, and a receiver without one has none', () => {
    const receiver = { receiver_name: 'Rita', receiver_address1: '1 Main St', receiver_city: 'Boston', receiver_state_province: 'MA', receiver_zip_postal: '02134' };
    expect(receiverSchema.parse({ ...receiver, receiver_email: 'Rita@Example.com' }).receiver_email).toBe('Rita@Example.com');
    expect(receiverSchema.parse(receiver).receiver_email ?? null).toBeNull();
  });

  it('is shown partly hidden on the unsubscribe page', () => {
    expect(maskEmail('rita@example.com')).toBe('r•••@example.com');
  });
});
