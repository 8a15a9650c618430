import { z } from 'zod';

/** Rating's settings, part of the orders environment. */
export const ratesEnvShape = {
  /**
   * Parcels of one batch rated at once (each distinct parcel is one carrier call; like parcels are rated once). Apart
   * from each carrier's purchase slots: a rate moves no money and is safe to ask again, so a batch is rated wider than
   * it is bought, and a carrier's 429 pauses it and is asked again after Retry-After (decision 104). At a carrier
   * latency of 300 ms, 64 rate 1,000 distinct parcels in about 5 s where 16 take 19 s.
   */
  BULK_RATE_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(64),
};
