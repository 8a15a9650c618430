import { baseServiceEnvSchema } from '@labeldesk/nest-config';
import type { z } from 'zod';

export const pricingEnvSchema = baseServiceEnvSchema;
export type PricingEnv = z.output<typeof pricingEnvSchema>;
