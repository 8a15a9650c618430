import {
  DEFAULT_TRACKING_EMAIL_TEXTS,
  renderTrackingEmail,
  trackingEmailSettingsBodySchema,
  type TrackingEmailKind,
  type TrackingEmailSettings,
  type TrackingEmailSettingsInput,
} from '@labeldesk/contracts';

/** The form's text fields: every text shown as the seller will send it (a default one written out, to edit). */
export interface TrackingEmailFormValues extends Record<string, string> {
  senderName: string;
  purchasedSubject: string;
  purchasedBody: string;
  deliveredSubject: string;
  deliveredBody: string;
}

/** The texts are checked with the server's own schema; the switch is not a text and is sent beside them. */
export const trackingEmailTextsFormSchema = trackingEmailSettingsBodySchema.omit({ enabled: true });

export const formValuesOf = (settings: TrackingEmailSettings): TrackingEmailFormValues => ({
  senderName: settings.senderName ?? '',
  purchasedSubject: settings.purchasedSubject ?? DEFAULT_TRACKING_EMAIL_TEXTS.purchased.subject,
  purchasedBody: settings.purchasedBody ?? DEFAULT_TRACKING_EMAIL_TEXTS.purchased.body,
  deliveredSubject: settings.deliveredSubject ?? DEFAULT_TRACKING_EMAIL_TEXTS.delivered.subject,
  deliveredBody: settings.deliveredBody ?? DEFAULT_TRACKING_EMAIL_TEXTS.delivered.body,
});

export const settingsBodyOf = (enabled: boolean, values: TrackingEmailFormValues): TrackingEmailSettingsInput => ({ enabled, ...values });

/** A made-up parcel for the preview: the seller's sender name, or what a buyer would read without one. */
export const previewOf = (kind: TrackingEmailKind, values: TrackingEmailFormValues, origin: string): { subject: string; body: string } =>
  renderTrackingEmail(
    { subject: values[`${kind}Subject`], body: values[`${kind}Body`] },
    {
      store: values.senderName.trim() || 'Your ship-from company',
      courier: 'USPS',
      tracking_number: '9400100000000000000000',
      tracking_link: `${origin}/t/…`,
    },
  );
