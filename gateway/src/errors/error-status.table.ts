import { ErrorCode } from '@labeldesk/contracts';

/** The one place an error code becomes an HTTP status. A new code fails to compile until it is listed here. */
export const HTTP_STATUS_BY_CODE: Record<ErrorCode, number> = {
  [ErrorCode.VALIDATION_FAILED]: 400,
  [ErrorCode.UNAUTHENTICATED]: 401,
  [ErrorCode.AUTH_TOKEN_INVALID]: 401,
  [ErrorCode.AUTH_INVALID_CREDENTIALS]: 401,
  [ErrorCode.FORBIDDEN]: 403,
  [ErrorCode.AUTH_ACCOUNT_BLOCKED]: 403,
  [ErrorCode.NOT_FOUND]: 404,
  [ErrorCode.AUTH_REFERRAL_CODE_UNKNOWN]: 404,
  [ErrorCode.CONFLICT]: 409,
  [ErrorCode.AUTH_EMAIL_TAKEN]: 409,
  [ErrorCode.AUTH_REFERRAL_CODE_TAKEN]: 409,
  [ErrorCode.AUTH_REFERRAL_ALREADY_SET]: 409,
  [ErrorCode.AUTH_LAST_ADMIN]: 409,
  [ErrorCode.PAYMENTS_INSUFFICIENT_FUNDS]: 402,
  [ErrorCode.RATE_LIMITED]: 429,
  [ErrorCode.INTERNAL]: 500,
  [ErrorCode.SERVICE_UNAVAILABLE]: 503,
  [ErrorCode.TIMEOUT]: 504,
};
