import { baseServiceEnvSchema } from '@labeldesk/nest-config';
import { addressCheckModeSchema, BULK_MAX_ROWS, BULK_ROWS_CEILING } from '@labeldesk/contracts';
import { z } from 'zod';
import { CARRIER_IDS, type CarrierId } from './carrier-ids';
import { defaultRenderWorkers } from './render-workers';
import { lifecycleEnvShape } from './lifecycle.env';
import { webhooksEnvShape } from './webhooks.env';

/** The settings each real carrier cannot work without (the process refuses to start naming the missing ones). */
export const CARRIER_SETTINGS: Readonly<Record<CarrierId, readonly string[]>> = {
  sandbox: [],
  easypost: ['EASYPOST_API_KEY'],
  usps: ['USPS_CLIENT_ID', 'USPS_CLIENT_SECRET', 'USPS_CRID', 'USPS_MID', 'USPS_MANIFEST_MID', 'USPS_ACCOUNT_TYPE', 'USPS_ACCOUNT_NUMBER'],
};

const carrierList = z
  .string()
  .default('sandbox')
  .transform((value) => value.split(',').map((name) => name.trim().toLowerCase()).filter(Boolean))
  .pipe(z.array(z.enum(CARRIER_IDS, { error: `must list carriers among ${CARRIER_IDS.join(', ')}, comma-separated, in the order they are tried` })).min(1, 'must name at least one carrier'));

const optionalText = z.string().trim().min(1).optional();

export const ordersEnvSchema = baseServiceEnvSchema.extend({
  /** The carriers labels are bought from, in the order they are tried (`easypost,usps`); the sandbox only alone. */
  CARRIERS: carrierList,
  /** How long one request to a carrier may take before its answer counts as lost. */
  CARRIER_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(120_000).default(20_000),
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
  USPS_CLIENT_ID: optionalText,
  USPS_CLIENT_SECRET: optionalText,
  USPS_API_URL: z.url().default('https://apis.usps.com'),
  USPS_CRID: optionalText,
  USPS_MID: optionalText,
  USPS_MANIFEST_MID: optionalText,
  USPS_ACCOUNT_TYPE: z.enum(['EPS', 'PERMIT']).optional(),
  USPS_ACCOUNT_NUMBER: optionalText,
  /** The permit's 5-digit ZIP, with USPS_ACCOUNT_TYPE=PERMIT. */
  USPS_PERMIT_ZIP: z.string().regex(/^\d{5}$/, 'must be a 5-digit ZIP').optional(),
  /**
   * Issue 26: `offline` (default) keeps to the shared state ↔ ZIP rules; `carrier` also asks the first carrier with an
   * address verification (EasyPost, USPS; the sandbox answers a made-up but deterministic one) for a suggestion;
   * `off` answers no verification. The offline rules refuse impossible addresses in every mode.
   */
  ADDRESS_CHECK: addressCheckModeSchema.default('offline'),
  /** Sandbox only: added latency per label, for tests and benchmarks. */
  SANDBOX_LATENCY_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  /**
   * USPS has no refund-status API: a refund request (DISPUTED) is taken as settled this many days after it was asked,
   * refunded when tracking shows no scan beyond "label created", rejected otherwise (docs/carriers.md).
   */
  USPS_REFUND_SETTLE_DAYS: z.coerce.number().int().min(1).max(60).default(21),
  /** Sandbox only: share of labels that fail (0..1), to exercise refunds and retries. */
  SANDBOX_FAILURE_RATE: z.coerce.number().min(0).max(1).default(0),
  /**
   * Sandbox only: seconds from purchase to the simulated USPS manifest, after which a void is a refund request.
   * Unset: 12:30am Central the day after the purchase, as USPS manifests (browser tests set ~20).
   */
  SANDBOX_MANIFEST_AFTER_SECONDS: z.coerce.number().int().min(0).max(30 * 86_400).optional(),
  /** Sandbox only: share (0..1) of labels the simulated USPS scans and carries (picked by tracking number). */
  SANDBOX_TRACKING_SHARE: z.coerce.number().min(0).max(1).default(0.3),
  /** Sandbox only: seconds from purchase to the acceptance scan of a label that travels. */
  SANDBOX_SCAN_AFTER_SECONDS: z.coerce.number().int().min(0).max(30 * 86_400).default(21_600),
  /** Sandbox only: days from a refund request until the simulated USPS settles it (0: at once). */
  SANDBOX_REFUND_DAYS: z.coerce.number().min(0).max(60).default(14),
  /** Worker threads rendering label PDFs; 0 renders on the main thread (default: one per core, at most 8). */
  RENDER_WORKERS: z.coerce.number().int().min(0).max(8).default(defaultRenderWorkers()),
  /** A pending order untouched this long is resumed by the recovery loop. */
  ORDER_STALE_SECONDS: z.coerce.number().int().min(5).max(3600).default(120),
  /**
   * Labels of bulk orders one replica has in flight at once (the carrier's latency is what this hides). Unset: the
   * carriers' own limit (the highest `maxConcurrentPurchases` among them, at most 128), so a batch is bounded by the
   * carrier, not by us (decision 053). Set it only to go lower.
   */
  BULK_CONCURRENCY: z.coerce.number().int().min(1).max(256).optional(),
  /**
   * Rows one batch may hold (stated on the Bulk Order page). Above 10,000 the page uploads in slices; what a deployment
   * can take depends on its memory and database (decision 055: 100,000 measured in the distributed mode).
   */
  BULK_MAX_ROWS: z.coerce.number().int().min(1).max(BULK_ROWS_CEILING).default(BULK_MAX_ROWS),
  /** A claimed bulk item not finished this long (its worker died) is bought by another worker. */
  BULK_CLAIM_LEASE_SECONDS: z.coerce.number().int().min(5).max(3600).default(60),
  /** An order whose label the carrier never confirmed is refunded after this long (it may still have been made). */
  ORDER_GIVE_UP_HOURS: z.coerce.number().min(0.01).max(24 * 30).default(24),
  ...lifecycleEnvShape,
  ...webhooksEnvShape,
}).superRefine((env, ctx) => {
  const carriers = env.CARRIERS;
  if (new Set(carriers).size !== carriers.length) ctx.addIssue({ code: 'custom', path: ['CARRIERS'], message: 'names a carrier twice' });
  if (carriers.includes('sandbox') && carriers.length > 1) {
    ctx.addIssue({ code: 'custom', path: ['CARRIERS'], message: 'the sandbox sells sample labels, never postage: it runs alone, never beside or behind a real carrier' });
  }
  if (carriers.includes('usps') && env.USPS_ACCOUNT_TYPE === 'PERMIT' && env.USPS_PERMIT_ZIP === undefined) {
    ctx.addIssue({ code: 'custom', path: ['USPS_PERMIT_ZIP'], message: 'required with USPS_ACCOUNT_TYPE=PERMIT' });
  }
  for (const carrier of carriers) {
    for (const name of CARRIER_SETTINGS[carrier]) {
      if (env[name as keyof typeof env] === undefined) ctx.addIssue({ code: 'custom', path: [name], message: `required by CARRIERS=${carriers.join(',')} (${carrier})` });
    }
  }
}, {
  // Run even when another variable is invalid, so one start lists every missing carrier setting at once.
  when: ({ value }) => {
    const carriers = (value as { CARRIERS?: unknown }).CARRIERS;
    return Array.isArray(carriers) && carriers.length > 0 && carriers.every((id) => (CARRIER_IDS as readonly unknown[]).includes(id));
  },
});
export type OrdersEnv = z.output<typeof ordersEnvSchema>;
export const ORDERS_ENV = Symbol('ORDERS_ENV');
