import { z } from 'zod';

/**
 * Every error a service may answer with. The gateway maps each code to an HTTP status in one table;
 * nothing ever infers a status from a message.
 */
export const ErrorCode = {
  VALIDATION_FAILED: 'VALIDATION_FAILED',
  UNAUTHENTICATED: 'UNAUTHENTICATED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  RATE_LIMITED: 'RATE_LIMITED',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
  TIMEOUT: 'TIMEOUT',
  INTERNAL: 'INTERNAL',
  AUTH_INVALID_CREDENTIALS: 'AUTH_INVALID_CREDENTIALS',
  AUTH_ACCOUNT_BLOCKED: 'AUTH_ACCOUNT_BLOCKED',
  AUTH_EMAIL_TAKEN: 'AUTH_EMAIL_TAKEN',
  AUTH_TOKEN_INVALID: 'AUTH_TOKEN_INVALID',
  AUTH_REFERRAL_CODE_UNKNOWN: 'AUTH_REFERRAL_CODE_UNKNOWN',
  AUTH_REFERRAL_CODE_TAKEN: 'AUTH_REFERRAL_CODE_TAKEN',
  AUTH_REFERRAL_ALREADY_SET: 'AUTH_REFERRAL_ALREADY_SET',
  AUTH_LAST_ADMIN: 'AUTH_LAST_ADMIN',
  /** A two-factor code (authenticator or recovery) that is wrong, outside the ±1 step window, or already used (400). */
  AUTH_TWO_FACTOR_CODE_INVALID: 'AUTH_TWO_FACTOR_CODE_INVALID',
  /** The sign-in's second step came too late (5 minutes), twice, or after the password changed: sign in again (401). */
  AUTH_TWO_FACTOR_CHALLENGE_INVALID: 'AUTH_TWO_FACTOR_CHALLENGE_INVALID',
  /** Setting up two-factor sign-in while it is on, or enabling/disabling it in the wrong state (409). */
  AUTH_TWO_FACTOR_STATE: 'AUTH_TWO_FACTOR_STATE',
  /** The account signs in with a code, which this (older) way of signing in cannot ask for (401). */
  AUTH_TWO_FACTOR_REQUIRED: 'AUTH_TWO_FACTOR_REQUIRED',
  /** ADMIN_2FA_REQUIRED: an admin without two-factor sign-in must turn it on (Account page) before the admin area (403). */
  AUTH_TWO_FACTOR_ENROLMENT_REQUIRED: 'AUTH_TWO_FACTOR_ENROLMENT_REQUIRED',
  /** A login-as session tried to change the customer's sign-in, keys or webhook secrets (403). */
  AUTH_LOGIN_AS_REFUSED: 'AUTH_LOGIN_AS_REFUSED',
  /** Too many wrong two-factor codes for the account in the window: no code is tried until the time named (429). */
  AUTH_TWO_FACTOR_LOCKED: 'AUTH_TWO_FACTOR_LOCKED',
  /** A sensitive change asked for the password (or a code) again and what was given is wrong (403, never a sign-out). */
  AUTH_CONFIRMATION_FAILED: 'AUTH_CONFIRMATION_FAILED',
  PAYMENTS_INSUFFICIENT_FUNDS: 'PAYMENTS_INSUFFICIENT_FUNDS',
  PAYMENTS_IDEMPOTENCY_MISMATCH: 'PAYMENTS_IDEMPOTENCY_MISMATCH',
  PAYMENTS_PROVIDER_UNAVAILABLE: 'PAYMENTS_PROVIDER_UNAVAILABLE',
  PAYMENTS_BAD_SIGNATURE: 'PAYMENTS_BAD_SIGNATURE',
  PAYMENTS_NOT_OUR_EVENT: 'PAYMENTS_NOT_OUR_EVENT',
  ADDRESS_DUPLICATE_ID: 'ADDRESS_DUPLICATE_ID',
  ADDRESS_DUPLICATE_SKU: 'ADDRESS_DUPLICATE_SKU',
  PRICING_SERVICE_UNAVAILABLE: 'PRICING_SERVICE_UNAVAILABLE',
  PRICING_WEIGHT_OVER_MAX: 'PRICING_WEIGHT_OVER_MAX',
  PRICING_INVALID_RANGES: 'PRICING_INVALID_RANGES',
  /** A quote item of a service priced as carrier cost + markup came without the carrier's cost (422; names the services). */
  PRICING_COST_NEEDED: 'PRICING_COST_NEEDED',
  ORDERS_CARRIER_FAILED: 'ORDERS_CARRIER_FAILED',
  ORDERS_IN_PROGRESS: 'ORDERS_IN_PROGRESS',
  ORDERS_FILE_NOT_READY: 'ORDERS_FILE_NOT_READY',
  /** A label purchase got no answer and has no order to show: 503 with words for the person (try again, charged or not). */
  ORDERS_NOT_ANSWERED: 'ORDERS_NOT_ANSWERED',
  /** The label already has a void or refund (409): a second call moves nothing. */
  ORDERS_LABEL_ALREADY_VOIDED: 'ORDERS_LABEL_ALREADY_VOIDED',
  /** The label cannot be voided (scanned, past the void window, its carrier not available): 422 with the reason. */
  ORDERS_LABEL_NOT_VOIDABLE: 'ORDERS_LABEL_NOT_VOIDABLE',
  /** An API key lacks the scope a route declares, or the route takes sessions only (403; the message names the scope). */
  AUTH_SCOPE_MISSING: 'AUTH_SCOPE_MISSING',
  /** An API key that is malformed, unknown, revoked or whose owner is blocked or deleted (401). */
  AUTH_API_KEY_INVALID: 'AUTH_API_KEY_INVALID',
  /** No SCAN form can be made (no label may go on one, or the carrier makes none): 422 with the reason. */
  ORDERS_SCAN_FORM_UNAVAILABLE: 'ORDERS_SCAN_FORM_UNAVAILABLE',
  /** A webhook URL we will not send to (not https, or a loopback, private, link-local or metadata address): 400. */
  WEBHOOKS_URL_REFUSED: 'WEBHOOKS_URL_REFUSED',
  /** The user already has the most webhook endpoints allowed: 409. */
  WEBHOOKS_LIMIT_REACHED: 'WEBHOOKS_LIMIT_REACHED',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export const errorCodeSchema = z.enum(Object.values(ErrorCode) as [ErrorCode, ...ErrorCode[]]);

export const fieldIssueSchema = z.object({ path: z.string(), message: z.string() });
export type FieldIssue = z.infer<typeof fieldIssueSchema>;

/** What crosses the wire when a handler fails. */
export const rpcErrorSchema = z.object({
  code: errorCodeSchema,
  message: z.string(),
  issues: z.array(fieldIssueSchema).optional(),
  /** When asking again can succeed, for a refusal that says so (the gateway answers it as `Retry-After`). */
  retryAfterSeconds: z.number().int().positive().optional(),
});
export type RpcErrorBody = z.infer<typeof rpcErrorSchema>;

/** Thrown by services and by the typed client; the only error type the gateway's table knows. */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly issues?: FieldIssue[],
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'DomainError';
  }

  toBody(): RpcErrorBody {
    return {
      code: this.code,
      message: this.message,
      ...(this.issues ? { issues: this.issues } : {}),
      ...(this.retryAfterSeconds ? { retryAfterSeconds: this.retryAfterSeconds } : {}),
    };
  }
}

export const issuesFromZod = (error: z.ZodError): FieldIssue[] =>
  error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));

/** The first issue's message is what a person reads; the list is for forms that mark fields. */
export const validationError = (error: z.ZodError): DomainError => {
  const issues = issuesFromZod(error);
  return new DomainError(ErrorCode.VALIDATION_FAILED, issues[0]?.message ?? 'Invalid request', issues);
};
