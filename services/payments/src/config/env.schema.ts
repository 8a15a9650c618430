import { baseServiceEnvSchema } from '@labeldesk/nest-config';
import type { z } from 'zod';

export const paymentsEnvSchema = baseServiceEnvSchema;
export type PaymentsEnv = z.output<typeof paymentsEnvSchema>;
