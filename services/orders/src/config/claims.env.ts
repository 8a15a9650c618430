import { z } from 'zod';

/** Insurance claims' settings (decision 102), part of the orders environment. */
export const claimsEnvShape = {
  /** How often open claims are asked about at their insurer, and approved ones paid. */
  CLAIMS_CHECK_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
  /** The sandbox's simulated insurer decides a claim this long after it was filed (0: at its first look). */
  SANDBOX_CLAIM_DECIDE_SECONDS: z.coerce.number().int().min(0).max(30 * 86_400).default(300),
};
