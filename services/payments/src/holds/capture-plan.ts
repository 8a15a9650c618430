import { DomainError, ErrorCode, formatUsd, type Hold, type HoldCapture, type LedgerEntry } from '@labeldesk/contracts';
import { leftCents } from './hold.mapper';

export interface CapturePlan {
  /** Captures to post now, each key once, in the order asked. */
  fresh: HoldCapture[];
  totalCents: number;
}

/**
 * Decides a capture request against its (locked) hold and the entries already posted under its keys. A key
 * already posted is a replay and is skipped, provided it charged the same user the same amount; anything that
 * does not fit refuses the whole request, so a batch is never half charged.
 */
export const planCaptures = (hold: Hold, captures: HoldCapture[], posted: ReadonlyMap<string, LedgerEntry>): CapturePlan => {
  const mismatch = (key: string) =>
    new DomainError(ErrorCode.PAYMENTS_IDEMPOTENCY_MISMATCH, `Idempotency key ${key} was already used for a different posting`);
  const asked = new Map<string, HoldCapture>();
  const fresh: HoldCapture[] = [];
  for (const capture of captures) {
    const key = capture.idempotencyKey;
    const prior = posted.get(key);
    if (prior) {
      if (prior.kind !== 'label_purchase' || prior.userId !== hold.userId || prior.amountCents !== -capture.amountCents) throw mismatch(key);
      continue;
    }
    const twin = asked.get(key);
    if (twin) {
      if (twin.amountCents !== capture.amountCents) throw mismatch(key);
      continue;
    }
    asked.set(key, capture);
    fresh.push(capture);
  }
  const totalCents = fresh.reduce((sum, c) => sum + c.amountCents, 0);
  if (fresh.length > 0 && hold.status === 'closed') {
    throw new DomainError(ErrorCode.CONFLICT, `Hold ${hold.holdId} is closed: no more labels can be charged from it. Nothing was charged.`);
  }
  if (totalCents > leftCents(hold)) {
    throw new DomainError(
      ErrorCode.CONFLICT,
      `These labels cost ${formatUsd(totalCents)} but hold ${hold.holdId} has ${formatUsd(leftCents(hold))} left. Nothing was charged.`,
    );
  }
  return { fresh, totalCents };
};
