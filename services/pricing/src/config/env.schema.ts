import { baseServiceEnvSchema, envFragments } from '@labeldesk/nest-config';
import type { z } from 'zod';

export const pricingEnvSchema = baseServiceEnvSchema.extend({
  /**
   * This is the only pricing process on its database (the embedded launcher, which holds the data folder's lock, says
   * so): it may keep the catalogue's versions in memory instead of reading them for every quote (docs/decisions/024).
   * Never set it where replicas share a database: another replica's price change would go unseen.
   */
  SOLE_REPLICA: envFragments.bool.default(false),
});
export type PricingEnv = z.output<typeof pricingEnvSchema>;
