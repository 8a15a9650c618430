import { z } from 'zod';
import { defineRpc } from '../define';
import { emptySchema, okSchema } from '../common/empty';
import { publicUserSchema } from '../users/public-user.schema';
import { idSchema } from '../common/ids';
import { authUserSchema, sessionSchema } from './auth-user.schema';
import { AUTH_LIMITS, clientAddressSchema, loginRequestSchema } from './credentials.schema';

/** How many recovery codes enabling two-factor sign-in hands out (each works once). */
export const RECOVERY_CODE_COUNT = 10;

/**
 * A code as typed: six digits from the authenticator app, or a recovery code (`xxxxx-xxxxx`). Spaces and dashes are
 * the reader's, not the code's: the auth service ignores them.
 */
export const twoFactorCodeSchema = z
  .string({ error: 'Enter the code from your authenticator app' })
  .trim()
  .min(1, { error: 'Enter the code from your authenticator app' })
  .max(32, { error: 'That code is not valid' });

/** POST /api/auth/2fa/setup: a new secret to scan (or type); it only counts once a code from it enables two-factor sign-in. */
export const twoFactorSetupResponseSchema = z.object({ secret: z.string(), otpauthUrl: z.string() });
export type TwoFactorSetupResponse = z.infer<typeof twoFactorSetupResponseSchema>;

/** The account's password, asked again where a stolen session alone must not be enough. */
const currentPasswordSchema = z.string({ error: 'Enter your password' }).min(1, { error: 'Enter your password' }).max(AUTH_LIMITS.passwordMax, { error: 'Password is incorrect' });

/** POST /api/auth/2fa/enable: a code from the new secret and the password (403 AUTH_CONFIRMATION_FAILED when wrong). */
export const twoFactorEnableBodySchema = z.object({ code: twoFactorCodeSchema, password: currentPasswordSchema });
export type TwoFactorEnableBody = z.input<typeof twoFactorEnableBodySchema>;

/** Shown once: only their hashes are kept. */
export const twoFactorEnableResponseSchema = z.object({ recoveryCodes: z.array(z.string()).length(RECOVERY_CODE_COUNT) });
export type TwoFactorEnableResponse = z.infer<typeof twoFactorEnableResponseSchema>;

export const twoFactorDisableBodySchema = z.object({ code: twoFactorCodeSchema, password: currentPasswordSchema });
export type TwoFactorDisableBody = z.input<typeof twoFactorDisableBodySchema>;

/** GET /api/auth/2fa: whether two-factor sign-in is on, and how many recovery codes are still unused (0 when off). */
export const twoFactorStatusSchema = z.object({ enabled: z.boolean(), recoveryCodesLeft: z.number().int().min(0) });
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** POST /api/auth/2fa/recovery-codes: both factors again, as for turning it off; answers 10 new codes, shown once. */
export const twoFactorRecoveryCodesBodySchema = twoFactorDisableBodySchema;
export type TwoFactorRecoveryCodesBody = z.input<typeof twoFactorRecoveryCodesBodySchema>;

/** The password was right and the account has two-factor sign-in: no token yet, a code must follow within 5 minutes. */
export const twoFactorChallengeSchema = z.object({ twoFactorRequired: z.literal(true), challenge: z.string() });
export type TwoFactorChallenge = z.infer<typeof twoFactorChallengeSchema>;

export const TWO_FACTOR_CHALLENGE_SECONDS = 5 * 60;

export const twoFactorVerifyBodySchema = z.object({
  challenge: z.string({ error: 'This sign-in has expired. Please sign in again.' }).min(1).max(200),
  code: twoFactorCodeSchema,
});
export type TwoFactorVerifyBody = z.input<typeof twoFactorVerifyBodySchema>;

/** POST /api/auth/login: a session, or (two-factor sign-in on) a challenge for POST /api/auth/2fa/verify. */
export const loginAnswerSchema = z.union([z.object({ token: z.string(), user: publicUserSchema }), twoFactorChallengeSchema]);
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;

export const isTwoFactorChallenge = (answer: object): answer is TwoFactorChallenge => 'twoFactorRequired' in answer && answer.twoFactorRequired === true;

export const loginV2AnswerSchema = z.union([sessionSchema, twoFactorChallengeSchema]);

export const TwoFactorRpc = {
  /** Sign-in with a password that may answer a challenge instead of a session (v1 refuses accounts with two-factor sign-in). */
  login: defineRpc('auth.session.login.v2', loginRequestSchema.extend({ clientAddress: clientAddressSchema.optional() }), loginV2AnswerSchema, { who: 'visitor' }),
  /** A visitor the gateway vouches for, with the challenge and a code: the session. Throttled like sign-in. */
  verify: defineRpc('auth.two-factor.verify.v1', twoFactorVerifyBodySchema.extend({ clientAddress: clientAddressSchema.optional() }), sessionSchema, { who: 'visitor' }),
  status: defineRpc('auth.two-factor.status.v1', emptySchema, twoFactorStatusSchema, { who: 'signed-in' }),
  setup: defineRpc('auth.two-factor.setup.v1', emptySchema, twoFactorSetupResponseSchema, { who: 'signed-in', holderOnly: true }),
  enable: defineRpc('auth.two-factor.enable.v1', twoFactorEnableBodySchema.extend({ clientAddress: clientAddressSchema.optional() }), twoFactorEnableResponseSchema, { who: 'signed-in', holderOnly: true }),
  disable: defineRpc('auth.two-factor.disable.v1', twoFactorDisableBodySchema.extend({ clientAddress: clientAddressSchema.optional() }), okSchema, { who: 'signed-in', holderOnly: true }),
  /** New recovery codes in place of every earlier one (used or not), for the password and a code; throttled like sign-in. */
  recoveryCodes: defineRpc('auth.two-factor.recovery-codes.v1', twoFactorRecoveryCodesBodySchema.extend({ clientAddress: clientAddressSchema.optional() }), twoFactorEnableResponseSchema, { who: 'signed-in', holderOnly: true }),
  /** An admin turns another user's two-factor sign-in off (a lost phone and lost recovery codes). */
  adminReset: defineRpc('auth.two-factor.admin-reset.v1', z.object({ userId: idSchema }), authUserSchema, { who: 'admin' }),
} as const;
