import { baseServiceEnvSchema, envFragments } from '@labeldesk/nest-config';
import { z } from 'zod';

/** The gateway's own default address (its PORT's default), for an embedded process started without PUBLIC_URL. */
const EMBEDDED_PUBLIC_URL = 'http://localhost:3000';

export const authEnvSchema = baseServiceEnvSchema.extend({
  JWT_SECRET: z.string().min(32, { error: 'must be at least 32 characters (use a random secret)' }),
  /** Absolute token lifetime; the web app asks the user to sign in again after it. */
  TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(7 * 24 * 3600).default(12 * 3600),
  /**
   * Lifetime of an admin's "login as" session (decision 037): short, since it acts as someone else. Never longer than
   * TOKEN_TTL_SECONDS, whatever is set here.
   */
  LOGIN_AS_TTL_SECONDS: z.coerce.number().int().min(60).max(24 * 3600).default(3600),
  ADMIN_EMAIL: z.string().trim().toLowerCase().pipe(z.email()).default('admin@labeldesk.local'),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  ADMIN_NAME: z.string().trim().min(1).default('Administrator'),
  /**
   * Sign-in throttling (docs/decisions/011). Failures are counted in windows that start at the first failure:
   * per (account, client address) and per client address they refuse further attempts until the window ends;
   * per account they only slow attempts down, so guesses from one address never lock the owner out of another.
   */
  LOGIN_WINDOW_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(15),
  LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS: z.coerce.number().int().min(3).max(100).default(10),
  LOGIN_MAX_FAILURES_PER_ADDRESS: z.coerce.number().int().min(10).max(100_000).default(100),
  LOGIN_ADDRESS_WINDOW_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(60),
  /** The most an account's recent failures may delay one attempt on it (0 = no delay). */
  LOGIN_SLOWDOWN_MAX_MS: z.coerce.number().int().min(0).max(10_000).default(1000),
  /** `smtp://user:pass@host:587` or `smtps://…`: password reset links are e-mailed through it; unset, the operator hands them over. */
  SMTP_URL: z.preprocess((value) => (value === '' ? undefined : value), z.string().regex(/^smtps?:\/\//, { error: 'must be an smtp:// or smtps:// URL' }).optional()),
  SMTP_FROM: z.string().min(3).default('Shipping Labels <no-reply@localhost>'),
  /** How long a password reset link works. */
  PASSWORD_RESET_MINUTES: z.coerce.number().int().min(5).max(24 * 60).default(60),
  /**
   * The key authenticator secrets are encrypted with (decision 050); unset, one is derived from JWT_SECRET. Set it
   * before rotating JWT_SECRET (to the old JWT_SECRET), or the secrets stored so far can no longer be read.
   */
  TOTP_ENCRYPTION_KEY: z.preprocess((value) => (value === '' ? undefined : value), z.string().min(32, { error: 'must be at least 32 characters (use a random secret)' }).optional()),
  /**
   * Where people reach the app: reset links point here and nowhere else, never at an address a message names
   * (decision 036). Required over NATS; the embedded launcher passes the gateway's own.
   */
  PUBLIC_URL: envFragments.publicUrl.optional(),
})
  .superRefine((env, ctx) => {
    if (env.TRANSPORT === 'nats' && !env.PUBLIC_URL) ctx.addIssue({ code: 'custom', path: ['PUBLIC_URL'], message: 'required: where people reach the app (password reset links point here)' });
  })
  .transform((env) => ({ ...env, PUBLIC_URL: env.PUBLIC_URL ?? EMBEDDED_PUBLIC_URL }));
export type AuthEnv = z.output<typeof authEnvSchema>;
export const AUTH_ENV = Symbol('AUTH_ENV');
