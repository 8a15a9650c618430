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
  ORDERS_CARRIER_FAILED: 'ORDERS_CARRIER_FAILED',
  ORDERS_IN_PROGRESS: 'ORDERS_IN_PROGRESS',
  ORDERS_FILE_NOT_READY: 'ORDERS_FILE_NOT_READY',
  /** A label purchase got no answer and has no order to show: 503 with words for the person (try again, charged or not). */
  ORDERS_NOT_ANSWERED: 'ORDERS_NOT_ANSWERED',
  /** The label already has a void or refund (409): a second call moves nothing. */
  ORDERS_LABEL_ALREADY_VOIDED: 'ORDERS_LABEL_ALREADY_VOIDED',
  /** The label cannot be voided (scanned, past the void window, its carrier not available): 422 with the reason. */
  ORDERS_LABEL_NOT_VOIDABLE: 'ORDERS_LABEL_NOT_VOIDABLE',
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
});
export type RpcErrorBody = z.infer<typeof rpcErrorSchema>;

/** Thrown by services and by the typed client; the only error type the gateway's table knows. */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly issues?: FieldIssue[],
  ) {
    super(message);
    this.name = 'DomainError';
  }

  toBody(): RpcErrorBody {
    return this.issues ? { code: this.code, message: this.message, issues: this.issues } : { code: this.code, message: this.message };
  }
}

export const issuesFromZod = (error: z.ZodError): FieldIssue[] =>
  error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));

/** The first issue's message is what a person reads; the list is for forms that mark fields. */
export const validationError = (error: z.ZodError): DomainError => {
  const issues = issuesFromZod(error);
  return new DomainError(ErrorCode.VALIDATION_FAILED, issues[0]?.message ?? 'Invalid request', issues);
};
