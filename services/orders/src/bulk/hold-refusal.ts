import { DomainError, ErrorCode, type ApiMode } from '@labeldesk/contracts';

/** Answers from payments that refuse a hold outright: nothing was held. Anything else (a time-out) may have held. */
const HOLD_REFUSALS: ReadonlySet<string> = new Set([ErrorCode.PAYMENTS_INSUFFICIENT_FUNDS, ErrorCode.PAYMENTS_IDEMPOTENCY_MISMATCH, ErrorCode.VALIDATION_FAILED, ErrorCode.FORBIDDEN]);

export const isHoldRefusal = (error: unknown): error is DomainError => error instanceof DomainError && HOLD_REFUSALS.has(error.code);

/**
 * Whose balance a batch's hold is on (decision 124): a test batch's on the test account (payments' `mode`, decision 110),
 * a live one's on the user's, named as every caller of the previous release names it. The hold's captures and its
 * release follow the hold, so only placing it names the mode.
 */
export const holdOf = (batch: { user_id: string; mode: ApiMode }): { userId: string; mode?: 'test' } =>
  batch.mode === 'test' ? { userId: batch.user_id, mode: 'test' } : { userId: batch.user_id };
