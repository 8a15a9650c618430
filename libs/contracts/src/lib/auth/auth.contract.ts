// Subjects are public API between processes: do not change one without a migration plan (add a v2 instead).
import { z } from 'zod';
import { defineRpc } from '../define';
import { callerSchema, userRoleSchema, activationSchema } from '../caller';
import { emptySchema } from '../common/empty';
import { idSchema } from '../common/ids';
import { authUserSchema, sessionSchema } from './auth-user.schema';
import { applyReferralRequestSchema, loginRequestSchema, referralCodeSchema, registerRequestSchema, updateProfileRequestSchema } from './credentials.schema';

export const AuthRpc = {
  register: defineRpc('auth.user.register.v1', registerRequestSchema, sessionSchema),
  login: defineRpc('auth.session.login.v1', loginRequestSchema, sessionSchema),
  verifyToken: defineRpc(
    'auth.session.verify.v1',
    z.object({ token: z.string().min(1) }),
    z.object({ caller: callerSchema, user: authUserSchema }),
  ),
  me: defineRpc('auth.user.me.v1', emptySchema, authUserSchema),
  applyReferral: defineRpc('auth.referral.apply.v1', applyReferralRequestSchema, sessionSchema),
  getUser: defineRpc('auth.user.get.v1', z.object({ userId: idSchema }), authUserSchema),
  listUsers: defineRpc('auth.user.list.v1', emptySchema, z.object({ users: z.array(authUserSchema) })),
  changeRole: defineRpc('auth.user.change-role.v1', z.object({ userId: idSchema, role: userRoleSchema }), authUserSchema),
  setActivation: defineRpc(
    'auth.user.set-activation.v1',
    z.object({ userId: idSchema, activation: activationSchema }),
    authUserSchema,
  ),
  updateProfile: defineRpc('auth.user.update-profile.v1', updateProfileRequestSchema, authUserSchema),
  setReferralCode: defineRpc(
    'auth.referral.set-code.v1',
    z.object({ userId: idSchema, referralCode: referralCodeSchema.min(3, { error: 'Referral code must be at least 3 characters' }) }),
    authUserSchema,
  ),
  loginAsUser: defineRpc('auth.session.login-as.v1', z.object({ userId: idSchema }), sessionSchema),
} as const;
