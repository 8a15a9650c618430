import { Injectable } from '@nestjs/common';
import { DomainError, ErrorCode, type PaymentsRpc, type ResponseOf } from '@labeldesk/contracts';
import { AccountRepository } from '../../accounts/account.repository';
import { LedgerRepository } from '../ledger.repository';

export interface BalanceEdit {
  adminId: string;
  userId: string;
  newBalanceCents: number;
  reason: string;
  idempotencyKey: string;
}

/** An admin sets a user's balance: the difference is posted as an adjustment naming the admin and the reason. */
@Injectable()
export class AdjustBalanceUseCase {
  constructor(
    private readonly ledger: LedgerRepository,
    private readonly accounts: AccountRepository,
  ) {}

  async execute(edit: BalanceEdit): Promise<ResponseOf<typeof PaymentsRpc.adjustBalance>> {
    // The gateway refuses it first; payments holds the line too, as no other caller should skip it.
    if (edit.userId === edit.adminId) throw new DomainError(ErrorCode.VALIDATION_FAILED, 'You cannot change your own balance');
    const entry = await this.ledger.adjustTo(edit.userId, edit.newBalanceCents, edit.adminId, edit.reason, edit.idempotencyKey);
    const [summary] = await this.accounts.summaries([edit.userId]);
    if (!summary) throw new DomainError(ErrorCode.INTERNAL, 'Account summary missing');
    return { summary, entry };
  }
}
