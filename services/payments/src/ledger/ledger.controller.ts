import { Controller } from '@nestjs/common';
import { DomainError, ErrorCode, PaymentsRpc, type AnyCaller, type Caller, type ParsedRequestOf } from '@labeldesk/contracts';
import { CurrentCaller, requireAdmin, requireSelfOrAdmin, requireService, RpcHandler, RpcPayload, UserOrServiceCaller } from '@labeldesk/nest-transport';
import { AccountRepository } from '../accounts/account.repository';
import { LedgerRepository } from './ledger.repository';


/** Debits and refunds come only from orders, on its own account, for a label; adjustments only from an admin. */
@Controller()
export class LedgerController {
  constructor(
    private readonly ledger: LedgerRepository,
    private readonly accounts: AccountRepository,
  ) {}

  @RpcHandler(PaymentsRpc.debit)
  onDebit(@UserOrServiceCaller() caller: AnyCaller, @RpcPayload(PaymentsRpc.debit) body: ParsedRequestOf<typeof PaymentsRpc.debit>) {
    requireService(caller, 'orders');
    return this.ledger.post({ userId: body.userId, kind: body.kind, amountCents: -body.amountCents, reference: body.reference, idempotencyKey: body.idempotencyKey });
  }

  /** Money comes back only for a label that was paid: the refund must mirror an existing debit. */
  @RpcHandler(PaymentsRpc.credit)
  async onCredit(@UserOrServiceCaller() caller: AnyCaller, @RpcPayload(PaymentsRpc.credit) body: ParsedRequestOf<typeof PaymentsRpc.credit>) {
    requireService(caller, 'orders');
    if (body.kind !== 'refund') throw new DomainError(ErrorCode.FORBIDDEN, 'Deposits are credited by payments only');
    const paidFor = /^refund:(.+)$/.exec(body.idempotencyKey)?.[1];
    const debit = paidFor ? await this.ledger.findEntry(`label:${paidFor}`) : null;
    if (!debit || debit.kind !== 'label_purchase' || debit.userId !== body.userId || debit.amountCents !== -body.amountCents) {
      throw new DomainError(ErrorCode.FORBIDDEN, 'A refund must match a label payment of the same user and amount');
    }
    return this.ledger.post({ userId: body.userId, kind: 'refund', amountCents: body.amountCents, reference: body.reference, idempotencyKey: body.idempotencyKey });
  }

  @RpcHandler(PaymentsRpc.adjustBalance)
  async onAdjust(@CurrentCaller() caller: Caller, @RpcPayload(PaymentsRpc.adjustBalance) body: ParsedRequestOf<typeof PaymentsRpc.adjustBalance>) {
    requireAdmin(caller);
    // The gateway refuses it first; payments holds the line too, as no other caller should skip it.
    if (body.userId === caller.userId) throw new DomainError(ErrorCode.VALIDATION_FAILED, 'You cannot change your own balance');
    const entry = await this.ledger.adjustTo(body.userId, body.newBalanceCents, caller.userId, body.reason, body.idempotencyKey);
    const [summary] = await this.accounts.summaries([body.userId]);
    if (!summary) throw new DomainError(ErrorCode.INTERNAL, 'Account summary missing');
    return { summary, entry };
  }

  @RpcHandler(PaymentsRpc.listEntries)
  async onList(@CurrentCaller() caller: Caller, @RpcPayload(PaymentsRpc.listEntries) body: ParsedRequestOf<typeof PaymentsRpc.listEntries>) {
    requireSelfOrAdmin(caller, body.userId);
    return { entries: await this.ledger.listEntries(body.userId, body.limit, body.kinds) };
  }
}
