import { Controller } from '@nestjs/common';
import { DomainError, ErrorCode, PaymentsRpc, type AnyCaller, type Caller, type ParsedRequestOf } from '@labeldesk/contracts';
import { CurrentCaller, RpcHandler, RpcPayload, UserOrServiceCaller } from '@labeldesk/nest-transport';
import { ledgerAccountOf } from '../test-mode/test-account';
import { LedgerRepository } from './ledger.repository';
import { AdjustBalanceUseCase } from './usecases/adjust-balance.usecase';
import { RefundChargeUseCase } from './usecases/refund-charge.usecase';

/**
 * Debits and refunds come only from orders, on its own account, for a label; adjustments only from an admin. Their
 * contracts say so and CallerGuard refuses anyone else (decision 080); each handler hands over to one operation. A
 * posting of test mode names the user's test account, never their live one (decision 110).
 */
@Controller()
export class LedgerController {
  constructor(
    private readonly ledger: LedgerRepository,
    private readonly refundCharge: RefundChargeUseCase,
    private readonly adjustBalance: AdjustBalanceUseCase,
  ) {}

  @RpcHandler(PaymentsRpc.debit)
  onDebit(@UserOrServiceCaller() _caller: AnyCaller, @RpcPayload(PaymentsRpc.debit) body: ParsedRequestOf<typeof PaymentsRpc.debit>) {
    return this.ledger.post({ userId: ledgerAccountOf(body.userId, body.mode), kind: body.kind, amountCents: -body.amountCents, reference: body.reference, idempotencyKey: body.idempotencyKey });
  }

  /**
   * Money comes back as a refund of a label charge, or as an approved insurance claim's payout (decision 102: one per
   * claim, by its key); a deposit is credited by payments alone (decision 008).
   */
  @RpcHandler(PaymentsRpc.credit)
  async onCredit(@UserOrServiceCaller() _caller: AnyCaller, @RpcPayload(PaymentsRpc.credit) body: ParsedRequestOf<typeof PaymentsRpc.credit>) {
    if (body.kind === 'claim_payout') {
      return this.ledger.post({ userId: ledgerAccountOf(body.userId, body.mode), kind: 'claim_payout', amountCents: body.amountCents, reference: body.reference, idempotencyKey: body.idempotencyKey });
    }
    if (body.kind !== 'refund') throw new DomainError(ErrorCode.FORBIDDEN, 'Deposits are credited by payments only');
    // The charge must be of the same account: a refund of one mode never reaches a charge of the other.
    return this.refundCharge.execute({ ...body, userId: ledgerAccountOf(body.userId, body.mode) });
  }

  @RpcHandler(PaymentsRpc.adjustBalance)
  async onAdjust(@CurrentCaller() caller: Caller, @RpcPayload(PaymentsRpc.adjustBalance) body: ParsedRequestOf<typeof PaymentsRpc.adjustBalance>) {
    return this.adjustBalance.execute({ adminId: caller.userId, ...body });
  }

  @RpcHandler(PaymentsRpc.listEntries)
  async onList(@CurrentCaller() _caller: Caller, @RpcPayload(PaymentsRpc.listEntries) body: ParsedRequestOf<typeof PaymentsRpc.listEntries>) {
    return { entries: await this.ledger.listEntries(body.userId, body.limit, body.kinds) };
  }
}
