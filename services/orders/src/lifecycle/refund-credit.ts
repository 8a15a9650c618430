import { Inject, Injectable } from '@nestjs/common';
import { PaymentsRpc } from '@labeldesk/contracts';
import { ORM, schemaTable } from '@labeldesk/nest-orm';
import { RpcClient } from '@labeldesk/nest-transport';
import type { MikroORM } from '@mikro-orm/postgresql';
import { labelModeSql } from '../database';
import type { LabelVoid } from './label-voids.repository';

/** The ledger key of a void's credit: one per label, so a retried or raced credit is a replay, never a second one. */
export const voidCreditKey = (v: Pick<LabelVoid, 'kind' | 'labelId'>): string => `void:${v.kind}:${v.labelId}`;

/**
 * Gives a voided or refunded label's price back. The refund points at the label's charge (`refundOf`, decision 042):
 * the ledger refuses more than the charge took, and answers a repeat of the same key as a replay.
 */
@Injectable()
export class RefundCredit {
  constructor(
    private readonly rpc: RpcClient,
    @Inject(ORM) private readonly orm: MikroORM,
  ) {}

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
        ...(await this.modeOf(v)),
      },
      { asService: true },
    );
  }

  /**
   * A test-mode label's refund goes back to the test account its charge came from (decisions 110, 119, 124): a single
   * label's order's mode, a batch row's batch's.
   */
  private async modeOf(v: Pick<LabelVoid, 'kind' | 'labelId'>): Promise<{ mode?: 'test' }> {
    if (v.kind !== 'single' && v.kind !== 'bulk') return {};
    const mode = labelModeSql((name) => schemaTable(this.orm, name), 'x."id"');
    const [row] = await this.orm.em.getConnection().execute<Array<{ mode: string }>>(`select ${mode} as "mode" from (select ?::uuid as "id") x`, [v.labelId]);
    return row?.mode === 'test' ? { mode: 'test' } : {};
  }
}
