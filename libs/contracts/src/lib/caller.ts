import { z } from 'zod';
import { serviceNameSchema, type ServiceName } from './health/health.contract';

export const userRoleSchema = z.enum(['user', 'friend', 'admin']);
export type UserRole = z.infer<typeof userRoleSchema>;

export const activationSchema = z.enum(['allow', 'block']);
export type Activation = z.infer<typeof activationSchema>;

/**
 * What an API key may do (decision 049); a session may do all of it. A new scope is added here, with its meaning, and
 * on the contracts of the routes that take it (decision 080): the key form, the OpenAPI document and every check read
 * it from these two.
 */
export const API_SCOPES = ['labels:read', 'labels:buy', 'labels:void', 'balance:read', 'webhooks:manage', 'stores:manage'] as const;
export const apiScopeSchema = z.enum(API_SCOPES);
export type ApiScope = z.infer<typeof apiScopeSchema>;

/** What each scope lets a key do, as the key form and the API documentation say it. */
export const API_SCOPE_MEANINGS: Readonly<Record<ApiScope, string>> = {
  'labels:read': 'Read labels, batches, tracking and files',
  'labels:buy': 'Buy labels (spends your balance)',
  'labels:void': 'Void labels',
  'balance:read': 'Read your balance and deposits',
  'webhooks:manage': 'Manage webhooks',
  'stores:manage': 'Connect, sync and disconnect stores',
};

/**
 * Which money and labels a caller acts on (decision 110): `live` (real carriers, the balance deposits fill) or `test`
 * (the sandbox carrier and a test balance of its own, topped up freely). An `ld_test_` key is always `test`.
 */
export const apiModeSchema = z.enum(['live', 'test']);
export type ApiMode = z.infer<typeof apiModeSchema>;

/** How the gateway authenticated a user: a session token, an API key, or an admin's login-as token. */
export const authMethodSchema = z.enum(['session', 'api_key', 'login_as']);
export type AuthMethod = z.infer<typeof authMethodSchema>;

/**
 * A signed-in user, as the gateway verified them; the only issuer of user identities is the gateway. `authMethod`
 * and `scopes` are optional so a caller from a replica of the previous release (which sends neither) still parses
 * during a rolling update: missing means a session, with full access (decision 049).
 */
export const callerSchema = z.object({
  userId: z.string(),
  role: userRoleSchema,
  authMethod: authMethodSchema.optional(),
  /** Only for `api_key`: what the key may do. Unknown names (a newer release's) are kept and grant nothing here. */
  scopes: z.array(z.string()).optional(),
  /** Only for `login_as`: the admin acting in the customer's name, so what they do is recorded as theirs. */
  impersonatorId: z.string().optional(),
  /**
   * ADMIN_2FA_REQUIRED is on and this admin has no second factor: the role stays `admin` (their own account is theirs),
   * but any use of an admin power (an admin route, another user's object) is refused where the power is used.
   */
  adminPowersWithheld: z.literal(true).optional(),
  /**
   * Only in test mode (an `ld_test_` key): absent means live, so a live caller is what it was before test mode existed
   * and a replica of the previous release, which parses callers strictly, refuses a test caller instead of taking it
   * for a live one (decision 110).
   */
  mode: z.literal('test').optional(),
});
export type Caller = z.infer<typeof callerSchema>;

/** The caller's mode: test only when it says so. */
export const modeOf = (caller: Caller): ApiMode => caller.mode ?? 'live';

export const authMethodOf = (caller: Caller): AuthMethod => caller.authMethod ?? 'session';

/** True when the caller may act with the scope: any session may; an API key only with the scope among its own. */
export const callerHasScope = (caller: Caller, scope: ApiScope): boolean =>
  authMethodOf(caller) !== 'api_key' || (caller.scopes ?? []).includes(scope);

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
