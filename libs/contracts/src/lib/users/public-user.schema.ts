import { z } from 'zod';
import { activationSchema, userRoleSchema } from '../caller';

/**
 * The user as the REST API and the web app see it (spec section 3). Field names are the spec's;
 * money fields are integer cents, like every amount in this API.
 */
export const publicUserSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  avatar: z.string().nullable(),
  balance: z.number().int(),
  user_role: userRoleSchema,
  activation: activationSchema,
  referralCode: z.string(),
  referredBy: z.string().nullable(),
  totalDeposit: z.number().int(),
  totalSpent: z.number().int(),
  registeredDate: z.string(),
  /** Signs in with a code from an authenticator app after the password (not a spec field; absent means off). */
  twoFactorEnabled: z.boolean().optional(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

export const loginResponseSchema = z.object({ token: z.string(), user: publicUserSchema });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const registerResponseSchema = z.object({
  ok: z.literal(true),
  token: z.string(),
  user: publicUserSchema,
  message: z.string(),
});
export type RegisterResponse = z.infer<typeof registerResponseSchema>;

export const verifyResponseSchema = z.object({
  user: publicUserSchema,
  /** ADMIN_2FA_REQUIRED and this admin has no two-factor sign-in: the admin area refuses them until they turn it on. */
  twoFactorEnrolmentRequired: z.boolean().optional(),
});
export type VerifyResponse = z.infer<typeof verifyResponseSchema>;

export const applyReferralResponseSchema = z.object({ success: z.literal(true), token: z.string(), user: publicUserSchema });
export type ApplyReferralResponse = z.infer<typeof applyReferralResponseSchema>;

/** GET /api/auth/api/balance: the signed-in user's spendable balance, in cents. */
export const balanceResponseSchema = z.object({ balance: z.number().int() });
export type BalanceResponse = z.infer<typeof balanceResponseSchema>;

export const usersListResponseSchema = z.array(publicUserSchema);

export const changeRoleBodySchema = z.object({ user_role: userRoleSchema });
export type ChangeRoleBody = z.input<typeof changeRoleBodySchema>;
export const setActivationBodySchema = z.object({ activation: activationSchema });
export type SetActivationBody = z.input<typeof setActivationBodySchema>;

/** The error body every failed REST call answers with. */
export const apiErrorSchema = z.object({
  message: z.string(),
  code: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/** Admin user edit (spec: users/details): balance in cents, and/or a new referral code. */
export const userDetailsBodySchema = z
  .object({
    balance: z.number().int({ error: 'Balance must be whole cents' }).min(0, { error: 'Balance cannot be negative' }).max(100_000_000).optional(),
    referralCode: z.string({ error: 'Referral code must be text' }).trim().max(32, { error: 'Referral code is too long' }).optional(),
  })
  .refine((body) => body.balance !== undefined || (body.referralCode ?? '') !== '', { error: 'Nothing to update: give a balance or a referral code' });
export type UserDetailsBody = z.input<typeof userDetailsBodySchema>;
