import { z } from 'zod';
import { publicUserSchema } from '../users/public-user.schema';

export const AUTH_LIMITS = { nameMax: 100, emailMax: 254, passwordMin: 8, passwordMax: 128, referralCodeMax: 32 } as const;

const fillAll = 'Please fill in all fields';

/** Trimmed text that must be present: an empty or missing field gives the spec's single message. */
const requiredText = (max: number, tooLong: string) =>
  z
    .string({ error: fillAll })
    .trim()
    .min(1, { error: fillAll })
    .max(max, { error: tooLong });

const emailField = requiredText(AUTH_LIMITS.emailMax, 'Email is too long')
  .toLowerCase()
  .pipe(z.email({ error: 'Please enter a valid email address' }));

export const referralCodeSchema = z
  .string({ error: 'Referral code must be text' })
  .trim()
  .max(AUTH_LIMITS.referralCodeMax, { error: 'Referral code is too long' })
  .regex(/^[A-Za-z0-9_-]*$/, { error: 'Referral code may only contain letters, digits, - and _' });

export const registerRequestSchema = z
  .object({
    name: requiredText(AUTH_LIMITS.nameMax, 'Name is too long'),
    email: emailField,
    // Passwords are never trimmed: they are verified exactly as typed.
    password: z
      .string({ error: fillAll })
      .min(1, { error: fillAll })
      .min(AUTH_LIMITS.passwordMin, { error: `Password must be at least ${AUTH_LIMITS.passwordMin} characters` })
      .max(AUTH_LIMITS.passwordMax, { error: `Password must be at most ${AUTH_LIMITS.passwordMax} characters` }),
    confirmPassword: z.string({ error: fillAll }).min(1, { error: fillAll }),
    referralCode: referralCodeSchema.optional().nullable(),
  })
  .refine((body) => body.password === body.confirmPassword, { error: "Passwords don't match", path: ['confirmPassword'] });
export type RegisterRequest = z.input<typeof registerRequestSchema>;

export const loginRequestSchema = z.object({
  email: emailField,
  password: z.string({ error: fillAll }).min(1, { error: fillAll }).max(AUTH_LIMITS.passwordMax, { error: 'Login failed' }),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

export const applyReferralRequestSchema = z.object({
  referralCode: referralCodeSchema.min(1, { error: 'Please enter a referral code' }),
});
export type ApplyReferralRequest = z.input<typeof applyReferralRequestSchema>;

/**
 * The Account page's form (`POST /api/auth/me`). A new password needs the current one (checked by the auth
 * service, which says which field is wrong); no refinement here, so the web app can still derive its form from it.
 */
export const updateProfileRequestSchema = z.object({
  name: requiredText(AUTH_LIMITS.nameMax, 'Name is too long'),
  // Empty means "keep the current password" (the Account page's hint).
  password: z
    .string({ error: 'Password must be text' })
    .max(AUTH_LIMITS.passwordMax, { error: `Password must be at most ${AUTH_LIMITS.passwordMax} characters` })
    .refine((value) => value.length === 0 || value.length >= AUTH_LIMITS.passwordMin, {
      error: `Password must be at least ${AUTH_LIMITS.passwordMin} characters`,
    })
    .optional(),
  /** Required when `password` is set; never trimmed. */
  currentPassword: z.string({ error: 'Current password must be text' }).max(AUTH_LIMITS.passwordMax, { error: 'Current password is incorrect' }).optional(),
  /** With a new password: revoke every API key too (decision 072). Missing means yes; ignored without a new password. */
  revokeApiKeys: z.boolean({ error: 'revokeApiKeys must be true or false' }).optional(),
});
export type UpdateProfileRequest = z.input<typeof updateProfileRequestSchema>;

/**
 * The updated user; `token` only when the password changed: every other session has ended and this one goes on with it.
 * `revokedApiKeys`: how many API keys the password change revoked.
 */
export const updateProfileResponseSchema = z.object({ user: publicUserSchema, token: z.string().optional(), revokedApiKeys: z.number().int().min(0).optional() });
export type UpdateProfileResponse = z.infer<typeof updateProfileResponseSchema>;

/**
 * The client's address as the gateway saw it (its req.ip, honouring TRUST_PROXY); sign-in failures are counted
 * per address. Set by the gateway only, never read from a request body.
 */
export const clientAddressSchema = z.string().trim().max(100);

export const SIGN_IN_THROTTLED_MESSAGE = 'Too many failed sign-in attempts. Please try again later.';
