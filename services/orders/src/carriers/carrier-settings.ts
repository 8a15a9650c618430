import type { z } from 'zod';
import { CARRIER_IDS, ordersEnvSchema } from '../config';

export { CARRIER_SETTINGS } from '../config';
import { carrierPluginOf, carrierSettingsShape } from './carrier-plugins';

/**
 * The orders environment with every carrier plugin's settings: what the service parses at start. A carrier turned on
 * in CARRIERS without a setting it needs stops the start, naming each missing one (all at once).
 */
export const ordersEnvWithCarriersSchema = ordersEnvSchema.safeExtend(carrierSettingsShape).superRefine(
  (env, ctx) => {
    const carriers = env.CARRIERS;
    const samples = carriers.filter((id) => carrierPluginOf(id).sampleLabels);
    if (samples.length > 0 && carriers.length > 1) {
      ctx.addIssue({ code: 'custom', path: ['CARRIERS'], message: `the ${samples.join(', ')} sells sample labels, never postage: it runs alone, never beside or behind a real carrier` });
    }
    for (const carrier of carriers) {
      const plugin = carrierPluginOf(carrier);
      for (const name of plugin.requiredSettings) {
        if (env[name as keyof typeof env] === undefined) ctx.addIssue({ code: 'custom', path: [name], message: `required by CARRIERS=${carriers.join(',')} (${carrier})` });
      }
      for (const problem of plugin.settingsProblems?.(env) ?? []) ctx.addIssue({ code: 'custom', path: [problem.setting], message: problem.message });
    }
  },
  {
    // Run even when another variable is invalid, so one start lists every missing carrier setting at once.
    when: ({ value }) => {
      const carriers = (value as { CARRIERS?: unknown }).CARRIERS;
      return Array.isArray(carriers) && carriers.length > 0 && carriers.every((id) => (CARRIER_IDS as readonly unknown[]).includes(id));
    },
  },
);

/** The whole environment: the features' settings and every carrier's. */
export type OrdersEnvWithCarriers = z.output<typeof ordersEnvWithCarriersSchema>;
