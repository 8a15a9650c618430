import { Injectable } from '@nestjs/common';
import { PaymentsRpc } from '@labeldesk/contracts';
import { RpcClient } from '@labeldesk/nest-transport';
import type { StoredClaim } from './claims.repository';

/** The ledger key of a claim's payout: one per claim, so a repeated decision, a retry or a restart credits it once. */
export const claimPayoutKey = (claimId: string): string => `claim:${claimId}`;

/** Credits an approved claim to the seller's balance through the ledger, on orders' own account (decision 013). */
@Injectable()
export class ClaimPayout {
  constructor(private readonly rpc: RpcClient) {}

  async pay(claim: StoredClaim & { approvedCents: number }): Promise<void> {
    await this.rpc.call(
      PaymentsRpc.credit,
      { userId: claim.userId, amountCents: claim.approvedCents, kind: 'claim_payout', reference: `claim ${claim.id} on label ${claim.trackingNumber}`, idempotencyKey: claimPayoutKey(claim.id) },
      { asService: true },
    );
  }
}
