// Subjects are public API between processes: do not change one without a migration plan (add a v2 instead).
import { z } from 'zod';
import { defineEvent, defineRpc } from '../define';
import { callerSchema, userRoleSchema, activationSchema } from '../caller';
import { emptySchema, okSchema } from '../common/empty';
import { idSchema } from '../common/ids';
import { authUserSchema, sessionSchema } from './auth-user.schema';

/** DELETE /api/auth/users/{id} (spec 7 "Users (admin)" leaves the answer open). */
export const deleteUserResponseSchema = z.object({ success: z.literal(true), userId: idSchema, message: z.string() });
export type DeleteUserResponse = z.infer<typeof deleteUserResponseSchema>;
import {
  applyReferralRequestSchema,
  clientAddressSchema,
  loginRequestSchema,
  referralCodeSchema,
  registerRequestSchema,
  updateProfileRequestSchema,
} from './credentials.schema';

/** v1 callers (a gateway of the previous release) send no address: their attempts are counted per account only. */
const loginRpcRequestSchema = loginRequestSchema.extend({ clientAddress: clientAddressSchema.optional() });

export const AuthRpc = {
  register: defineRpc('auth.user.register.v1', registerRequestSchema, sessionSchema, { who: 'visitor' }),
  login: defineRpc('auth.session.login.v1', loginRpcRequestSchema, sessionSchema, { who: 'visitor' }),
  verifyToken: defineRpc(
    'auth.session.verify.v1',
    z.object({ token: z.string().min(1) }),
    z.object({ caller: callerSchema, user: authUserSchema }),
    { who: 'public' },
  ),
  me: defineRpc('auth.user.me.v1', emptySchema, authUserSchema, { who: 'signed-in' }),
  applyReferral: defineRpc('auth.referral.apply.v1', applyReferralRequestSchema, sessionSchema, { who: 'signed-in' }),
  getUser: defineRpc('auth.user.get.v1', z.object({ userId: idSchema }), authUserSchema, { who: { selfOrAdmin: 'userId' } }),
  listUsers: defineRpc('auth.user.list.v1', emptySchema, z.object({ users: z.array(authUserSchema) }), { who: 'admin' }),
  changeRole: defineRpc('auth.user.change-role.v1', z.object({ userId: idSchema, role: userRoleSchema }), authUserSchema, { who: 'admin' }),
  setActivation: defineRpc(
    'auth.user.set-activation.v1',
    z.object({ userId: idSchema, activation: activationSchema }),
    authUserSchema,
    { who: 'admin' },
  ),
  /**
   * Superseded by v2; still served for gateways of the previous release during a rolling update. It changes the
   * name only: a password change through it is refused, since it cannot carry the current password.
   */
  updateProfile: defineRpc('auth.user.update-profile.v1', updateProfileRequestSchema.omit({ currentPassword: true, revokeApiKeys: true }), authUserSchema, { who: 'signed-in' }),
  /** Name and, with the current password, a new password; then every other session ends and `token` continues this one. */
  updateProfileV2: defineRpc(
    'auth.user.update-profile.v2',
    updateProfileRequestSchema.extend({ clientAddress: clientAddressSchema }),
    z.object({ user: authUserSchema, token: z.string().optional(), revokedApiKeys: z.number().int().min(0).optional() }),
    { who: 'signed-in' },
  ),
  setReferralCode: defineRpc(
    'auth.referral.set-code.v1',
    z.object({ userId: idSchema, referralCode: referralCodeSchema.min(3, { error: 'Referral code must be at least 3 characters' }) }),
    authUserSchema,
    { who: 'admin' },
  ),
  loginAsUser: defineRpc('auth.session.login-as.v1', z.object({ userId: idSchema }), sessionSchema, { who: 'admin' }),
  /**
   * The caller signs out with this token (theirs): an admin's, or a login-as token's admin's, "login as" sessions all
   * end (decision 037). The token itself is forgotten by the browser; it stays valid until it expires, as before.
   */
  logout: defineRpc('auth.session.logout.v1', z.object({ token: z.string().min(1).max(4096) }), okSchema, { who: 'signed-in' }),
  /**
   * The e-mail of the customer buying a label, for a carrier that must report each shipper (USPS): served to the
   * orders service only. Null when the user is not (or no longer) known.
   */
  userContact: defineRpc('auth.user.contact.v1', z.object({ userId: idSchema }), z.object({ email: z.string().nullable() }), { who: 'services', services: ['orders'] }),
  /** An admin deletes a user: sessions end at once, the row stays for the record (orders, files and ledger name it). */
  deleteUser: defineRpc('auth.user.delete.v1', z.object({ userId: idSchema }), deleteUserResponseSchema, { who: 'admin' }),
} as const;

/** Why every session of a user ended (their tokens stop working at once; open sockets are closed). */
export const sessionsEndedReasonSchema = z.enum(['password-changed', 'blocked', 'deleted', 'role-changed']);
export type SessionsEndedReason = z.infer<typeof sessionsEndedReasonSchema>;

export const sessionsEndedEventSchema = z.object({ userId: idSchema, reason: sessionsEndedReasonSchema });
export type SessionsEndedEvent = z.infer<typeof sessionsEndedEventSchema>;

/**
 * Something `verifyToken` answers for a user changed while their sessions go on (name, referral code, referrer,
 * activation allowed again, role given at start-up): gateways drop the callers they keep verified for that user.
 */
export const userChangedEventSchema = z.object({ userId: idSchema });
export type UserChangedEvent = z.infer<typeof userChangedEventSchema>;

export const AuthEvents = {
  /**
   * Every gateway replica receives it, forgets the user's verified callers and disconnects the user's sockets whose
   * token no longer verifies.
   */
  sessionsEnded: defineEvent('auth.user.sessions-ended.v1', sessionsEndedEventSchema),
  /** Every gateway replica receives it and forgets the user's verified callers (decision 019). */
  userChanged: defineEvent('auth.user.changed.v1', userChangedEventSchema),
} as const;
