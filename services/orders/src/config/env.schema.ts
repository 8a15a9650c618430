import { baseServiceEnvSchema } from '@labeldesk/nest-config';
import { addressCheckModeSchema, BULK_MAX_ROWS, BULK_ROWS_CEILING } from '@labeldesk/contracts';
import { z } from 'zod';
import { CARRIER_IDS } from './carrier-ids';
import { claimsEnvShape } from './claims.env';
import { lifecycleEnvShape } from './lifecycle.env';
import { returnsEnvShape } from './returns.env';
import { storesEnvShape } from './stores.env';
import { ratesEnvShape } from './rates.env';
import { trackingEmailsEnvShape } from './tracking-emails.env';
import { webhooksEnvShape } from './webhooks.env';

const carrierList = z
  .string()
  .default('sandbox')
  .transform((value) => value.split(',').map((name) => name.trim().toLowerCase()).filter(Boolean))
  .pipe(z.array(z.enum(CARRIER_IDS, { error: `must list carriers among ${CARRIER_IDS.join(', ')}, comma-separated, in the order they are tried` })).min(1, 'must name at least one carrier'));


export const ordersEnvSchema = baseServiceEnvSchema.extend({
  /** The carriers labels are bought from, in the order they are tried (`easypost,usps`); the sandbox only alone. */
  CARRIERS: carrierList,
  /** How long one request to a carrier may take before its answer counts as lost. */
  CARRIER_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(120_000).default(20_000),
  /**
   * Issue 26: `offline` (default) keeps to the shared state ↔ ZIP rules; `carrier` also asks the first carrier with an
   * address verification (EasyPost, USPS; the sandbox answers a made-up but deterministic one) for a suggestion;
   * `off` answers no verification. The offline rules refuse impossible addresses in every mode.
   */
  ADDRESS_CHECK: addressCheckModeSchema.default('offline'),
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
  ...claimsEnvShape,
  ...webhooksEnvShape,
  ...trackingEmailsEnvShape,
  ...returnsEnvShape,
  ...ratesEnvShape,
  ...storesEnvShape,
}).superRefine((env, ctx) => {
  const carriers = env.CARRIERS;
  if (new Set(carriers).size !== carriers.length) ctx.addIssue({ code: 'custom', path: ['CARRIERS'], message: 'names a carrier twice' });
}, {
  // Run even when another variable is invalid, so one start lists every problem at once.
  when: ({ value }) => {
    const carriers = (value as { CARRIERS?: unknown }).CARRIERS;
    return Array.isArray(carriers) && carriers.length > 0 && carriers.every((id) => (CARRIER_IDS as readonly unknown[]).includes(id));
  },
});
/**
 * The environment every feature reads. The carriers' own settings (SANDBOX_*, EASYPOST_*, USPS_*) are not in it: each
 * carrier plugin brings its piece, and carriers/carrier-settings.ts composes the whole (ordersEnvWithCarriersSchema).
 */
export type OrdersEnv = z.output<typeof ordersEnvSchema>;
export const ORDERS_ENV = Symbol('ORDERS_ENV');
/**
 * The whole environment as parsed at start, carriers' settings included (typed by carriers/carrier-settings.ts, which
 * composes it): the carrier registry and the carriers' pushes read their settings from it.
 */
export const CARRIER_SETTINGS = Symbol('CARRIER_SETTINGS');
