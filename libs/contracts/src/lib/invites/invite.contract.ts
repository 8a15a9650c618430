// Subjects are public API between processes: do not change one without a migration plan (add a v2 instead).
import { z } from 'zod';
import { defineRpc } from '../define';
import { idSchema } from '../common/ids';

/** Invites and referrals (spec 7 "Invites"): the REST shapes and the auth service's calls live here. */

/** Spec 3 "Invited user": exactly what the inviter may see of someone who registered with their code. */
export const invitedUserSchema = z.object({
  name: z.string(),
  /** ISO 8601, like every date in this API. */
  registeredDate: z.string(),
  /** Integer cents, like every amount in this API; settled deposits only (no balance, no spending). */
  totalDeposit: z.number().int(),
});
export type InvitedUser = z.infer<typeof invitedUserSchema>;

/** GET /api/invite/{userId}: the invited users, newest first. */
export const invitedUsersResponseSchema = z.array(invitedUserSchema);

/** GET /api/invite/referral/{userId}. */
export const referralCodeResponseSchema = z.object({ referralCode: z.string() });
export type ReferralCodeResponse = z.infer<typeof referralCodeResponseSchema>;

/** Someone a user invited, as auth knows them (money lives in payments). */
export const inviteeSchema = z.object({ userId: idSchema, name: z.string(), registeredAt: z.string() });
export type Invitee = z.infer<typeof inviteeSchema>;

/** Who referred a customer, for payments, which pays the referral bonus and knows users only by id (decision 087). */
export const referrerOfResponseSchema = z.object({
  /** The customer registered with, or applied, someone's code. */
  referred: z.boolean(),
  /** The user whose code it was; null when not referred or that user is deleted (nobody to credit). */
  referrerId: idSchema.nullable(),
});
export type ReferrerOf = z.infer<typeof referrerOfResponseSchema>;

export const InviteRpc = {
  /**
   * The users who registered with (or applied) `userId`'s code and are not deleted, newest first. The user themselves
   * or an admin only: this answer is what decides whose deposit totals the gateway may then ask payments for.
   */
  listInvitees: defineRpc('auth.referral.invitees.v1', z.object({ userId: idSchema }), z.object({ invitees: z.array(inviteeSchema) }), { who: { selfOrAdmin: 'userId' } }),
  /** Served to payments only: no user asks who referred someone through here. */
  referrerOf: defineRpc('auth.referral.referrer-of.v1', z.object({ userId: idSchema }), referrerOfResponseSchema, { who: 'services', services: ['payments'] }),
} as const;
