import type { NotAttemptedReason, PurchaseOutcome } from '../carrier.port';
import type { EasyPostReply } from './easypost.client';

/** The purchase outcomes the EasyPost adapter answers, and the words customers read in them. */

/**
 * EasyPost answers 402 when the platform's EasyPost wallet cannot pay the postage: nothing was bought, and the
 * customer is told so plainly, and that it passes (the operator is alerted to top the wallet up).
 */
export const NO_FUNDS_MESSAGE = 'Our EasyPost postage account is out of funds, so no label was bought and nothing was charged. Labels can be bought again as soon as it is topped up.';

export const RATE_LIMITED_MESSAGE = 'EasyPost asked us to slow down, so no label was bought; it is asked again shortly.';

export const notAttempted = (reason: Extract<NotAttemptedReason, 'unavailable' | 'rate_limited' | 'upstream_funds' | 'not_bought'>, message: string, retryAfterMs?: number | null): PurchaseOutcome => ({
  kind: 'not_attempted',
  reason,
  message,
  ...(retryAfterMs != null ? { retryAfterMs } : {}),
});

/** The purchase may have happened; `unreadable` when EasyPost answered a success we could not read. */
export const unknown = (message: string, unreadable = false): PurchaseOutcome => ({ kind: 'unknown', message, ...(unreadable ? { unreadable: true as const } : {}) });

export type EasyPostFailure = Exclude<EasyPostReply, { kind: 'ok' }>;

export const failureText = (reply: EasyPostFailure): string =>
  reply.kind === 'network' ? reply.message : `EasyPost answered ${reply.status} ${reply.error.code}: ${reply.error.message}`;
