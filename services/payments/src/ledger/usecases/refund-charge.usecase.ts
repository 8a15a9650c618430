import { Injectable } from '@nestjs/common';
import { DomainError, ErrorCode, formatUsd, type LedgerEntry, type PostingResult } from '@labeldesk/contracts';
import { RefundRepository } from '../refund.repository';

export interface RefundRequest {
  userId: string;
  /** Positive: what goes back to the balance. */
  amountCents: number;
  reference: string;
  /** The refund's own key: a retry of it posts nothing new. */
  idempotencyKey: string;
  /** The idempotency key of the label charge it gives money back for. */
  refundOf: string;
}

/**
 * Why a refund the charge does not allow is refused, or nothing. A refund gives back money a label charge took: the
 * charge must exist, be a label charge (a single label's debit or a hold's capture: both `label_purchase`, negative)
 * of the same user, and all refunds pointing at it together never exceed what it took. A refund no charge could
 * allow is FORBIDDEN, as before refunds named their charge; one the charge's earlier refunds leave no room for is
 * a CONFLICT (decision 042).
 */
export function assertRefundable(refund: RefundRequest, charge: LedgerEntry | null, refundedCents: number): asserts charge is LedgerEntry {
  const named = refund.refundOf;
  if (!charge) throw new DomainError(ErrorCode.FORBIDDEN, `A refund must point at a label payment: nothing was posted under ${named}`);
  if (charge.kind !== 'label_purchase' || charge.amountCents >= 0) {
    throw new DomainError(ErrorCode.FORBIDDEN, `A refund must point at a label payment: ${named} is an entry of kind ${charge.kind}`);
  }
  if (charge.userId !== refund.userId) throw new DomainError(ErrorCode.FORBIDDEN, `A refund must point at a label payment of the same user: ${named} is another user's`);
  const chargedCents = -charge.amountCents;
  if (refund.amountCents > chargedCents) {
    throw new DomainError(ErrorCode.FORBIDDEN, `A refund of ${formatUsd(refund.amountCents)} is more than label payment ${named} took (${formatUsd(chargedCents)})`);
  }
  const leftCents = chargedCents - refundedCents;
  if (refund.amountCents > leftCents) {
    throw new DomainError(
      ErrorCode.CONFLICT,
      `Label payment ${named} took ${formatUsd(chargedCents)} and ${formatUsd(refundedCents)} of it was refunded already: ${formatUsd(leftCents)} is left, not ${formatUsd(refund.amountCents)}. Nothing was refunded.`,
    );
  }
}

/**
 * Gives a label's money back against the charge the refund names, never against the shape of a key. The ledger
 * posts it in one transaction holding the charge's row lock, so retries and races of refunds of one charge, under
 * one key or many, never give back more than it took; a refund already posted under its key is answered again.
 */
@Injectable()
export class RefundChargeUseCase {
  constructor(private readonly refunds: RefundRepository) {}

  execute(refund: RefundRequest): Promise<PostingResult> {
    const { userId, amountCents, reference, idempotencyKey, refundOf } = refund;
    return this.refunds.post({ userId, amountCents, reference, idempotencyKey, chargeKey: refundOf }, (charge, refundedCents) =>
      assertRefundable(refund, charge, refundedCents),
    );
  }
}
