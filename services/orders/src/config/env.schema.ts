import { baseServiceEnvSchema } from '@labeldesk/nest-config';
import { z } from 'zod';
import { defaultRenderWorkers } from '../carriers/sandbox/render-workers';

export const ordersEnvSchema = baseServiceEnvSchema.extend({
  CARRIER: z.enum(['sandbox']).default('sandbox'),
  /** Sandbox only: added latency per label, for tests and benchmarks. */
  SANDBOX_LATENCY_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  /** Sandbox only: share of labels that fail (0..1), to exercise refunds and retries. */
  SANDBOX_FAILURE_RATE: z.coerce.number().min(0).max(1).default(0),
  /** Worker threads rendering label PDFs; 0 renders on the main thread (default: one per core, at most 8). */
  RENDER_WORKERS: z.coerce.number().int().min(0).max(8).default(defaultRenderWorkers()),
  /** A pending order untouched this long is resumed by the recovery loop. */
  ORDER_STALE_SECONDS: z.coerce.number().int().min(5).max(3600).default(120),
  /** Labels of bulk orders bought at once by one replica (the carrier's latency is what this hides). */
  BULK_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(32),
  /** A claimed bulk item not finished this long (its worker died) is bought by another worker. */
  BULK_CLAIM_LEASE_SECONDS: z.coerce.number().int().min(5).max(3600).default(60),
  /** An order whose label the carrier never confirmed is refunded after this long (it may still have been made). */
  ORDER_GIVE_UP_HOURS: z.coerce.number().min(0.01).max(24 * 30).default(24),
});
export type OrdersEnv = z.output<typeof ordersEnvSchema>;
export const ORDERS_ENV = Symbol('ORDERS_ENV');
