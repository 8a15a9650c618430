import { baseServiceEnvSchema } from '@labeldesk/nest-config';
import { z } from 'zod';

export const authEnvSchema = baseServiceEnvSchema.extend({
  JWT_SECRET: z.string().min(32, { error: 'must be at least 32 characters (use a random secret)' }),
  /** Absolute token lifetime; the web app asks the user to sign in again after it. */
  TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(7 * 24 * 3600).default(12 * 3600),
  ADMIN_EMAIL: z.string().trim().toLowerCase().pipe(z.email()).default('admin@labeldesk.local'),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  ADMIN_NAME: z.string().trim().min(1).default('Administrator'),
  /** Consecutive failed sign-ins before an account is paused (per account, OWASP). */
  LOGIN_MAX_FAILURES: z.coerce.number().int().min(3).max(100).default(10),
  LOGIN_LOCK_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(15),
});
export type AuthEnv = z.output<typeof authEnvSchema>;
export const AUTH_ENV = Symbol('AUTH_ENV');
