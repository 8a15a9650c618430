import { Injectable } from '@nestjs/common';
import { PaymentsRpc } from '@labeldesk/contracts';
import { RpcClient } from '@labeldesk/nest-transport';
import { ClaimsRepository, type StoredClaim } from './claims.repository';

/** The ledger key of a claim's payout: one per claim, so a repeated decision, a retry or a restart credits it once. */
export const claimPayoutKey = (claimId: string): string => `claim:${claimId}`;

/**
 * Credits an approved claim to the seller's balance through the ledger, on orders' own account (decision 013): a test
 * label's claim to the test balance (payments' `mode`, decision 124), never the live one.
 */
@Injectable()
export class ClaimPayout {
  constructor(
    private readonly rpc: RpcClient,
    private readonly claims: ClaimsRepository,
  ) {}

  async pay(claim: StoredClaim & { approvedCents: number }): Promise<void> {
    const mode = await this.claims.modeOfLabel(claim.orderId);
    await this.rpc.call(
      PaymentsRpc.credit,
      {
        userId: claim.userId,
        amountCents: claim.approvedCents,
        kind: 'claim_payout',
        reference: `claim ${claim.id} on label ${claim.trackingNumber}`,
        idempotencyKey: claimPayoutKey(claim.id),
        ...(mode === 'test' ? { mode } : {}),
      },
      { asService: true },
    );
  }
}
