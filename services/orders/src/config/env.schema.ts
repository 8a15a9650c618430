import { baseServiceEnvSchema } from '@labeldesk/nest-config';
import type { z } from 'zod';

export const ordersEnvSchema = baseServiceEnvSchema;
export type OrdersEnv = z.output<typeof ordersEnvSchema>;
