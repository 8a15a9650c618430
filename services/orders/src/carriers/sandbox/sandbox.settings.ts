import { z } from 'zod';
import { defaultRenderWorkers } from './render-workers';

/** The sandbox carrier's settings (SANDBOX_*, RENDER_WORKERS), a piece of the orders environment. */
export const sandboxSettings = {
  /** Added latency per label, for tests and benchmarks. */
  SANDBOX_LATENCY_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  /** Share of labels that fail (0..1), to exercise refunds and retries. */
  SANDBOX_FAILURE_RATE: z.coerce.number().min(0).max(1).default(0),
  /**
   * Seconds from purchase to the simulated USPS manifest, after which a void is a refund request. Unset: 12:30am
   * Central the day after the purchase, as USPS manifests (browser tests set ~20).
   */
  SANDBOX_MANIFEST_AFTER_SECONDS: z.coerce.number().int().min(0).max(30 * 86_400).optional(),
  /** Share (0..1) of labels the simulated USPS scans and carries (picked by tracking number). */
  SANDBOX_TRACKING_SHARE: z.coerce.number().min(0).max(1).default(0.3),
  /** Seconds from purchase to the acceptance scan of a label that travels. */
  SANDBOX_SCAN_AFTER_SECONDS: z.coerce.number().int().min(0).max(30 * 86_400).default(21_600),
  /** Days from a refund request until the simulated USPS settles it (0: at once). */
  SANDBOX_REFUND_DAYS: z.coerce.number().min(0).max(60).default(14),
  /** Worker threads rendering label PDFs; 0 renders on the main thread (default: one per core, at most 8). */
  RENDER_WORKERS: z.coerce.number().int().min(0).max(8).default(defaultRenderWorkers()),
};
