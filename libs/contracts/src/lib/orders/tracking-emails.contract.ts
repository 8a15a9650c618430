// Subjects are public API between processes: do not change one without a migration plan (add a v2 instead).
import { z } from 'zod';
import { defineRpc } from '../define';
import { trackingEmailSettingsBodySchema, trackingEmailSettingsSchema, unsubscribeInfoSchema, unsubscribeTokenSchema } from './tracking-emails.schema';

/**
 * Tracking e-mails to receivers (decision 095), kept by orders beside the labels they tell about. The settings are the
 * caller's own and sessions only; the unsubscribe link's token is its own credential (no sign-in).
 */
export const TrackingEmailsRpc = {
  settings: defineRpc('orders.tracking-emails.settings.v1', z.object({}), trackingEmailSettingsSchema, { who: 'signed-in' }),
  updateSettings: defineRpc('orders.tracking-emails.update-settings.v1', trackingEmailSettingsBodySchema, trackingEmailSettingsSchema, { who: 'signed-in' }),
  /** Whose mails an unsubscribe link stops; changes nothing (a mail scanner opening the link unsubscribes nobody). */
  unsubscribeInfo: defineRpc('orders.tracking-emails.unsubscribe-info.v1', z.object({ token: unsubscribeTokenSchema }), unsubscribeInfoSchema, { who: 'public' }),
  /** Stops every later tracking e-mail from the link's seller to the link's address; asking again changes nothing. */
  unsubscribe: defineRpc('orders.tracking-emails.unsubscribe.v1', z.object({ token: unsubscribeTokenSchema }), unsubscribeInfoSchema, { who: 'public' }),
} as const;
