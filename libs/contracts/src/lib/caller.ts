import { z } from 'zod';
import { serviceNameSchema, type ServiceName } from './health/health.contract';

export const userRoleSchema = z.enum(['user', 'friend', 'admin']);
export type UserRole = z.infer<typeof userRoleSchema>;

export const activationSchema = z.enum(['allow', 'block']);
export type Activation = z.infer<typeof activationSchema>;

/** A signed-in user, as the gateway verified them; the only issuer of user identities is the gateway. */
export const callerSchema = z.object({ userId: z.string(), role: userRoleSchema });
export type Caller = z.infer<typeof callerSchema>;

/** A service acting on its own account (orders buying the label it was asked for), never posing as a user. */
export const serviceCallerSchema = z.object({ service: serviceNameSchema });
export type ServiceCaller = z.infer<typeof serviceCallerSchema>;

export type AnyCaller = Caller | ServiceCaller;
export const isServiceCaller = (caller: AnyCaller | VisitorCaller): caller is ServiceCaller => 'service' in caller;

/**
 * Someone not signed in, on one of the gateway's public routes (sign-in, registration, password reset): the gateway
 * vouches that the request came through it, with its throttling and the client's real address (decision 036). Never
 * a user and never a service, so no handler that asks for either accepts it.
 */
export const visitorCallerSchema = z.object({ visitor: z.literal(true) });
export type VisitorCaller = z.infer<typeof visitorCallerSchema>;
export const VISITOR: VisitorCaller = { visitor: true };
export const isVisitorCaller = (caller: AnyCaller | VisitorCaller): caller is VisitorCaller => 'visitor' in caller;

/** Who may sign caller tokens: the gateway (for users) and each service (for itself). */
export const callerIssuerSchema = z.union([z.literal('gateway'), serviceNameSchema]);
export type CallerIssuer = 'gateway' | ServiceName;

export const MessageHeader = {
  /** A short-lived token signed by the caller's issuer (libs/nest-transport caller-token.ts); never a bare claim. */
  callerToken: 'x-caller-token',
  correlationId: 'x-correlation-id',
} as const;
