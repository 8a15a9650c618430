import { z } from 'zod';

/** The label lifecycle's settings (docs/decisions/045), part of the orders environment. */
export const lifecycleEnvShape = {
  /** A label can be voided this many days after purchase (inside every USPS channel's 28–60 days). */
  VOID_WINDOW_DAYS: z.coerce.number().int().min(1).max(60).default(28),
  /** Unused labels (no carrier scan) are voided automatically this many days after purchase; 0 turns it off. */
  AUTO_REFUND_DAYS: z.coerce.number().int().min(0).max(60).default(25),
  /** How often the automatic refund runs (once across replicas each time). */
  AUTO_REFUND_EVERY_SECONDS: z.coerce.number().int().min(1).max(7 * 86_400).default(86_400),
  /** How often voids and pending refunds are asked about at their carrier. */
  REFUND_RECONCILE_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
  /** How often labels are polled for tracking, and how many a round at most (the carriers' quotas). */
  TRACKING_POLL_SECONDS: z.coerce.number().int().min(1).max(86_400).default(900),
  TRACKING_POLL_BATCH: z.coerce.number().int().min(1).max(5_000).default(200),
  /** A label's tracking is asked again only this long after the last answer (unless it is final). */
  TRACKING_REFRESH_SECONDS: z.coerce.number().int().min(1).max(7 * 86_400).default(4 * 3_600),
};
