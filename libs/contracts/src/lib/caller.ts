import { z } from 'zod';

export const userRoleSchema = z.enum(['user', 'friend', 'admin']);
export type UserRole = z.infer<typeof userRoleSchema>;

export const activationSchema = z.enum(['allow', 'block']);
export type Activation = z.infer<typeof activationSchema>;

/** Who is asking. Set only by the gateway after verifying the token; travels in message headers. */
export const callerSchema = z.object({ userId: z.string(), role: userRoleSchema });
export type Caller = z.infer<typeof callerSchema>;

export const MessageHeader = {
  caller: 'x-caller',
  correlationId: 'x-correlation-id',
} as const;
