import { DomainError, ErrorCode } from '@labeldesk/contracts';

/** Answers from payments that refuse a hold outright: nothing was held. Anything else (a time-out) may have held. */
const HOLD_REFUSALS: ReadonlySet<string> = new Set([ErrorCode.PAYMENTS_INSUFFICIENT_FUNDS, ErrorCode.PAYMENTS_IDEMPOTENCY_MISMATCH, ErrorCode.VALIDATION_FAILED, ErrorCode.FORBIDDEN]);

export const isHoldRefusal = (error: unknown): error is DomainError => error instanceof DomainError && HOLD_REFUSALS.has(error.code);
