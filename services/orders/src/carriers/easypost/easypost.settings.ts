import { z } from 'zod';

const optionalText = z.string().trim().min(1).optional();

/** EasyPost's settings (EASYPOST_*), a piece of the orders environment. */
export const easyPostSettings = {
  EASYPOST_API_KEY: optionalText,
  /** EasyPost's origin: the client adds `/v2/…` to every path, so a URL ending in /v2 would 404 on every label. */
  EASYPOST_API_URL: z
    .url()
    .default('https://api.easypost.com')
    .refine((url) => !/\/v2\/?$/.test(new URL(url).pathname), 'must be the API origin without /v2 (e.g. https://api.easypost.com): the client adds /v2 itself'),
  /**
   * EasyPost purchases one replica has in flight at once (the carrier guard's bulkhead; the rest queue). A label is two
   * round trips, so this over twice EasyPost's latency bounds the labels a second; bulk follows it (BULK_CONCURRENCY).
   * The default is kept low because EasyPost's rate limits are unpublished.
   */
  EASYPOST_MAX_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(16),
  /**
   * The secret of our EasyPost webhook (`X-Hmac-Signature: hmac-sha256-hex=…` over the raw body); unset: tracker
   * events pushed by EasyPost are refused and tracking is polled only.
   */
  EASYPOST_WEBHOOK_SECRET: optionalText,
  /**
   * The e-mail EasyPost writes to about insurance claims (`contact_email` of `POST /v2/claims`): the platform files the
   * claims of labels it insured through EasyPost and pays the sellers itself. Unset: such claims are refused, saying so.
   */
  EASYPOST_CLAIMS_EMAIL: z.email().optional(),
  /**
   * The EasyPost carrier accounts labels are rated and bought on (`ca_…`, comma-separated): USPS, UPS, FedEx, DHL
   * Express, as the accounts serve. Unset: USPS only, on EasyPost's default account (no `carrier_accounts` sent).
   */
  EASYPOST_CARRIER_ACCOUNTS: z
    .string()
    .optional()
    .transform((value) => (value ?? '').split(',').map((id) => id.trim()).filter(Boolean))
    .pipe(z.array(z.string().regex(/^ca_[0-9a-zA-Z]+$/, 'must list EasyPost carrier account ids (ca_…), comma-separated')).max(60, 'EasyPost rates at most 60 carrier accounts in one call')),
};
