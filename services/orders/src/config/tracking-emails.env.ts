import { envFragments } from '@labeldesk/nest-config';
import { z } from 'zod';

/** Tracking e-mails to receivers (decision 095), part of the orders environment. */
export const trackingEmailsEnvShape = {
  /** `smtp://user:pass@host:587` or `smtps://…`, the same server auth sends password resets through; unset: no tracking e-mail can be sent. */
  SMTP_URL: z.preprocess((value) => (value === '' ? undefined : value), z.string().regex(/^smtps?:\/\//, { error: 'must be an smtp:// or smtps:// URL' }).optional()),
  /** The address mails come from; a seller's tracking e-mails carry the seller's name with this address. */
  SMTP_FROM: z.string().min(3).default('Shipping Labels <no-reply@localhost>'),
  /** Where people reach the app: the mails' tracking and unsubscribe links point here; unset, none is sent. */
  PUBLIC_URL: envFragments.publicUrl.optional(),
  /** How often labels are looked at for a tracking e-mail to send (bought, or seen delivered, since the last look). */
  TRACKING_EMAIL_SECONDS: z.coerce.number().int().min(1).max(3_600).default(5),
};
