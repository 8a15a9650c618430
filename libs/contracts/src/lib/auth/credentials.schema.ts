import { z } from 'zod';

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
  .string()
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

export const updateProfileRequestSchema = z.object({
  name: requiredText(AUTH_LIMITS.nameMax, 'Name is too long'),
  // Empty means "keep the current password" (the Account page's hint).
  password: z
    .string()
    .max(AUTH_LIMITS.passwordMax, { error: `Password must be at most ${AUTH_LIMITS.passwordMax} characters` })
    .refine((value) => value.length === 0 || value.length >= AUTH_LIMITS.passwordMin, {
      error: `Password must be at least ${AUTH_LIMITS.passwordMin} characters`,
    })
    .optional(),
});
export type UpdateProfileRequest = z.input<typeof updateProfileRequestSchema>;
