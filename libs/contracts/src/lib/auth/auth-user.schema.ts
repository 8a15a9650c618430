import { z } from 'zod';
import { activationSchema, userRoleSchema } from '../caller';

/** A user as the auth service knows it: no money (that lives in payments), no secrets. */
export const authUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  avatar: z.string().nullable(),
  role: userRoleSchema,
  activation: activationSchema,
  referralCode: z.string(),
  referredBy: z.string().nullable(),
  registeredAt: z.string(),
  /** Signs in with a code after the password; absent from an auth service of the previous release (off). */
  twoFactorEnabled: z.boolean().optional(),
});
export type AuthUser = z.infer<typeof authUserSchema>;

export const sessionSchema = z.object({ token: z.string(), user: authUserSchema });
export type Session = z.infer<typeof sessionSchema>;
