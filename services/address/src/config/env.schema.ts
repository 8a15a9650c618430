import { baseServiceEnvSchema } from '@labeldesk/nest-config';
import type { z } from 'zod';

export const addressEnvSchema = baseServiceEnvSchema;
export type AddressEnv = z.output<typeof addressEnvSchema>;
