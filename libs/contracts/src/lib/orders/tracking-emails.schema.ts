import { z } from 'zod';
import { oneLine } from '../common/fields';

/**
 * Tracking e-mails to a label's receiver (issue 49, decision 095): a seller switches them on, names the sender and
 * edits the two texts; each text may use the placeholders below and no others.
 */
export const TRACKING_EMAIL_KINDS = ['purchased', 'delivered'] as const;
export type TrackingEmailKind = (typeof TRACKING_EMAIL_KINDS)[number];

export const TRACKING_EMAIL_PLACEHOLDERS = ['store', 'courier', 'tracking_number', 'tracking_link'] as const;
export type TrackingEmailPlaceholder = (typeof TRACKING_EMAIL_PLACEHOLDERS)[number];
export type TrackingEmailValues = Readonly<Record<TrackingEmailPlaceholder, string>>;

export const TRACKING_EMAIL_LIMITS = { senderName: 70, subject: 150, body: 2_000 } as const;

/** The texts a seller starts from (and gets back by emptying a field). */
export const DEFAULT_TRACKING_EMAIL_TEXTS: Readonly<Record<TrackingEmailKind, { subject: string; body: string }>> = {
  purchased: {
    subject: 'Your order from {store} is on its way',
    body: 'Hello,\n\n{store} has bought the shipping label for your order. {courier} will carry it under tracking number {tracking_number}.\n\nFollow your parcel here: {tracking_link}\n\nThank you for your order.',
  },
  delivered: {
    subject: 'Your order from {store} was delivered',
    body: 'Hello,\n\n{courier} reports your parcel from {store} (tracking number {tracking_number}) as delivered.\n\nIts journey: {tracking_link}\n\nThank you for your order.',
  },
};

/** `{name}` in a text: a placeholder (letters, digits and underscores between braces). */
const PLACEHOLDER = /\{([A-Za-z0-9_]+)\}/g;

/** Placeholders a text names that are not among TRACKING_EMAIL_PLACEHOLDERS, each once, in order of appearance. */
export const unknownPlaceholders = (text: string): string[] => {
  const known = new Set<string>(TRACKING_EMAIL_PLACEHOLDERS);
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((match) => match[1] as string))].filter((name) => !known.has(name));
};

/** A text with each placeholder replaced by its value; one pass, so a value that holds `{store}` stays as it is. */
export const fillTrackingEmail = (text: string, values: TrackingEmailValues): string =>
  text.replace(PLACEHOLDER, (whole, name: string) => ((TRACKING_EMAIL_PLACEHOLDERS as readonly string[]).includes(name) ? values[name as TrackingEmailPlaceholder] : whole));

const placeholderList = TRACKING_EMAIL_PLACEHOLDERS.map((name) => `{${name}}`).join(', ');

/** Refuses a text naming a placeholder that does not exist, by its name: a typo would reach the buyer as written. */
const knownPlaceholdersOnly = (text: string, ctx: z.core.$RefinementCtx<string>): void => {
  const unknown = unknownPlaceholders(text);
  if (unknown.length > 0) {
    const named = unknown.map((name) => `{${name}}`).join(', ');
    ctx.addIssue({ code: 'custom', message: `Unknown placeholder${unknown.length === 1 ? '' : 's'} ${named}: use ${placeholderList}` });
  }
};

/** An optional text: empty (or absent) means the default text. */
const emptyAsNull = (value: unknown): unknown => (value === undefined || value === null || (typeof value === 'string' && value.trim() === '') ? null : value);

const subjectField = (label: string) =>
  z.preprocess(
    (value) => emptyAsNull(typeof value === 'string' ? oneLine(value) : value),
    z
      .string({ error: `${label} must be text` })
      .max(TRACKING_EMAIL_LIMITS.subject, { error: `${label} is too long (max ${TRACKING_EMAIL_LIMITS.subject})` })
      .superRefine(knownPlaceholdersOnly)
      .nullable(),
  );

const bodyField = (label: string) =>
  z.preprocess(
    (value) => emptyAsNull(typeof value === 'string' ? value.replace(/\r\n?/g, '\n').trim() : value),
    z
      .string({ error: `${label} must be text` })
      .max(TRACKING_EMAIL_LIMITS.body, { error: `${label} is too long (max ${TRACKING_EMAIL_LIMITS.body})` })
      .superRefine(knownPlaceholdersOnly)
      // The mail is how the buyer reaches the tracking page: a text without the link would leave them without it.
      .refine((text) => text.includes('{tracking_link}'), { error: `${label} must include {tracking_link}` })
      .nullable(),
  );

/** The seller's settings as stored and answered; a null text is the default one. */
export const trackingEmailTextsSchema = z.object({
  purchasedSubject: subjectField('Label purchased subject'),
  purchasedBody: bodyField('Label purchased text'),
  deliveredSubject: subjectField('Delivered subject'),
  deliveredBody: bodyField('Delivered text'),
});

/** PUT /api/tracking-emails/settings. */
export const trackingEmailSettingsBodySchema = trackingEmailTextsSchema
  .extend({
    enabled: z.boolean({ error: 'enabled must be true or false' }),
    /** The name the mails come from; empty: the label's ship-from company (or the sender's name), as the tracking page says. */
    senderName: z.preprocess(
      (value) => emptyAsNull(typeof value === 'string' ? oneLine(value) : value),
      z
        .string({ error: 'Sender name must be text' })
        .max(TRACKING_EMAIL_LIMITS.senderName, { error: `Sender name is too long (max ${TRACKING_EMAIL_LIMITS.senderName})` })
        // Quotes, angle brackets and @ would let a display name pose as another address in a mail client.
        .regex(/^[^"<>@\\]*$/, { error: 'Sender name cannot hold quotes, angle brackets, backslashes or @' })
        .nullable(),
    ),
  })
  .strict();
export type TrackingEmailSettingsBody = z.output<typeof trackingEmailSettingsBodySchema>;
export type TrackingEmailSettingsInput = z.input<typeof trackingEmailSettingsBodySchema>;

/** GET and PUT /api/tracking-emails/settings: the settings, and whether this install can send mail at all. */
export const trackingEmailSettingsSchema = z.object({
  enabled: z.boolean(),
  senderName: z.string().nullable(),
  purchasedSubject: z.string().nullable(),
  purchasedBody: z.string().nullable(),
  deliveredSubject: z.string().nullable(),
  deliveredBody: z.string().nullable(),
  /** False: no SMTP server is set up on this install, so no tracking e-mail can be sent (the switch stays off). */
  smtpConfigured: z.boolean(),
});
export type TrackingEmailSettings = z.infer<typeof trackingEmailSettingsSchema>;

/** The subject and text a mail of this kind gets with these settings (a null text is the default one). */
export const trackingEmailText = (
  settings: Pick<TrackingEmailSettings, 'purchasedSubject' | 'purchasedBody' | 'deliveredSubject' | 'deliveredBody'>,
  kind: TrackingEmailKind,
): { subject: string; body: string } => {
  const defaults = DEFAULT_TRACKING_EMAIL_TEXTS[kind];
  return kind === 'purchased'
    ? { subject: settings.purchasedSubject ?? defaults.subject, body: settings.purchasedBody ?? defaults.body }
    : { subject: settings.deliveredSubject ?? defaults.subject, body: settings.deliveredBody ?? defaults.body };
};

/** A mail's subject and text with its placeholders filled (the subject on one line whatever a value holds). */
export const renderTrackingEmail = (template: { subject: string; body: string }, values: TrackingEmailValues): { subject: string; body: string } => ({
  subject: oneLine(fillTrackingEmail(template.subject, values)),
  body: fillTrackingEmail(template.body, values),
});

/**
 * An unsubscribe link's token: 64 hex characters (two random UUIDs' digits, 244 random bits), one per mail. Anything
 * else is no token at all, answered as an unknown one is.
 */
export const unsubscribeTokenSchema = z.string().regex(/^[0-9a-f]{64}$/, 'must be an unsubscribe token');

export const UNSUBSCRIBE_LINK_NOT_FOUND = 'This unsubscribe link does not exist.';

/** GET /api/public/tracking-emails/unsubscribe/{token}: whose mails the link stops, and whether it already did. */
export const unsubscribeInfoSchema = z.object({
  store: z.string(),
  /** The address, partly hidden (`r•••@example.com`): the link may have been forwarded. */
  email: z.string(),
  unsubscribed: z.boolean(),
});
export type UnsubscribeInfo = z.infer<typeof unsubscribeInfoSchema>;

/** `rita@example.com` as `r•••@example.com`: enough for its owner to recognise, not to copy. */
export const maskEmail = (email: string): string => {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '•••';
  return `${email.slice(0, 1)}•••${email.slice(at)}`;
};

/** A receiver's e-mail on an order (never printed on the label or shown on the tracking page): one address or empty. */
export const RECEIVER_EMAIL_MAX = 254;
export const receiverEmailField = (label = 'Recipient email') =>
  z.preprocess(
    (value) => (value === undefined || value === null || (typeof value === 'string' && value.trim() === '') ? null : typeof value === 'string' ? value.trim() : value),
    z
      .string({ error: `${label} must be text` })
      .max(RECEIVER_EMAIL_MAX, { error: `${label} is too long (max ${RECEIVER_EMAIL_MAX})` })
      .pipe(z.email({ error: `${label} must be one e-mail address, e.g. rita@example.com` }))
      .nullable(),
  );
