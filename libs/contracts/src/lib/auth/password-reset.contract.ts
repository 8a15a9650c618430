import { z } from 'zod';
import { defineRpc } from '../define';
import { idSchema } from '../common/ids';
import { AUTH_LIMITS, clientAddressSchema } from './credentials.schema';

/** How the reset link reaches the person: by e-mail, or (no SMTP configured) from the operator. */
export const resetDeliverySchema = z.enum(['email', 'operator']);

export const forgotPasswordBodySchema = z.object({
  email: z.string({ error: 'Please enter your e-mail' }).trim().toLowerCase().pipe(z.email({ error: 'Please enter a valid e-mail' }).max(AUTH_LIMITS.emailMax)),
});
export type ForgotPasswordBody = z.input<typeof forgotPasswordBodySchema>;

/** The same answer whether or not the account exists: the page must not tell who has an account. */
export const forgotPasswordResponseSchema = z.object({ message: z.string(), delivery: resetDeliverySchema });
export type ForgotPasswordResponse = z.infer<typeof forgotPasswordResponseSchema>;

export const resetPasswordBodySchema = z
  .object({
    token: z.string({ error: 'This reset link is not valid' }).regex(/^[A-Za-z0-9_-]{40,60}$/, { error: 'This reset link is not valid' }),
    password: z
      .string({ error: 'Please fill in all fields' })
      .min(AUTH_LIMITS.passwordMin, { error: `Password must be at least ${AUTH_LIMITS.passwordMin} characters` })
      .max(AUTH_LIMITS.passwordMax, { error: `Password must be at most ${AUTH_LIMITS.passwordMax} characters` }),
    confirmPassword: z.string({ error: 'Please fill in all fields' }),
  })
  .refine((body) => body.password === body.confirmPassword, { error: "Passwords don't match", path: ['confirmPassword'] });
export type ResetPasswordBody = z.input<typeof resetPasswordBodySchema>;

/** POST /api/auth/reset-password: what to tell the person (every session of theirs has ended). */
export const resetPasswordResponseSchema = z.object({ message: z.string() });
export type ResetPasswordResponse = z.infer<typeof resetPasswordResponseSchema>;

export const resetLinkResponseSchema = z.object({ link: z.string(), expiresAt: z.string() });
export type ResetLinkResponse = z.infer<typeof resetLinkResponseSchema>;

export const PASSWORD_RESET_PATH = '/reset-password';

/**
 * Links are built by auth from its own PUBLIC_URL only (decision 036). Gateways of the previous release still send an
 * `appUrl`: like every key a schema does not name, zod's object drops it while parsing, so it never reaches a link.
 */
export const PasswordResetRpc = {
  /**
   * A visitor the gateway vouches for: e-mails a one-time link when SMTP is configured, the account exists and neither
   * it nor the asker's address (`clientAddress`, optional for gateways of the previous release) is over its hourly
   * limit (the answer never says which).
   */
  request: defineRpc('auth.password-reset.request.v1', forgotPasswordBodySchema.extend({ clientAddress: clientAddressSchema.optional() }), forgotPasswordResponseSchema, { who: 'visitor' }),
  /** An admin: the same one-time link, handed over by the operator; refused for a blocked user. */
  issue: defineRpc('auth.password-reset.issue.v1', z.object({ userId: idSchema }), resetLinkResponseSchema, { who: 'admin' }),
  /** A visitor the gateway vouches for, holding a valid link: sets the password, uses the link up and ends every session of the user. */
  complete: defineRpc('auth.password-reset.complete.v1', resetPasswordBodySchema, resetPasswordResponseSchema, { who: 'visitor' }),
} as const;
