import { Injectable } from '@nestjs/common';
import { PaymentsRpc } from '@labeldesk/contracts';
import { RpcClient } from '@labeldesk/nest-transport';
import type { LabelVoid } from './label-voids.repository';

/** The ledger key of a void's credit: one per label, so a retried or raced credit is a replay, never a second one. */
export const voidCreditKey = (v: Pick<LabelVoid, 'kind' | 'labelId'>): string => `void:${v.kind}:${v.labelId}`;

/**
 * Gives a voided or refunded label's price back. The refund points at the label's charge (`refundOf`, decision 042):
 * the ledger refuses more than the charge took, and answers a repeat of the same key as a replay.
 */
@Injectable()
export class RefundCredit {
  constructor(private readonly rpc: RpcClient) {}

  async credit(v: LabelVoid): Promise<void> {
    if (v.amountCents <= 0) return;
    await this.rpc.call(
      PaymentsRpc.credit,
      {
        userId: v.userId,
        amountCents: v.amountCents,
        kind: 'refund',
        reference: `label ${v.trackingNumber} voided`,
        idempotencyKey: voidCreditKey(v),
        refundOf: v.chargeKey,
      },
      { asService: true },
    );
  }
}
