import { Controller } from '@nestjs/common';
import { DomainError, ErrorCode, PaymentsRpc, type Caller, type ParsedRequestOf } from '@labeldesk/contracts';
import { CurrentCaller, RpcHandler, RpcPayload } from '@labeldesk/nest-transport';
import { toDeposit } from './deposit.mapper';
import { DepositRepository } from './deposit.repository';
import { CreateTopUpUseCase } from './usecases/create-top-up.usecase';
import { ReceivePaymentNotificationUseCase } from './usecases/receive-payment-notification.usecase';
import { INVOICE_NOT_FOUND, SettleTestInvoiceUseCase } from './usecases/settle-test-invoice.usecase';


@Controller()
export class DepositsController {
  constructor(
    private readonly deposits: DepositRepository,
    private readonly createTopUp: CreateTopUpUseCase,
    private readonly receivePaymentNotification: ReceivePaymentNotificationUseCase,
    private readonly settleTestInvoice: SettleTestInvoiceUseCase,
  ) {}

  @RpcHandler(PaymentsRpc.createTopUp)
  onCreateTopUp(@CurrentCaller() _caller: Caller, @RpcPayload(PaymentsRpc.createTopUp) body: ParsedRequestOf<typeof PaymentsRpc.createTopUp>) {
    return this.createTopUp.execute(body.userId, body.amountCents, body.buyerEmail);
  }

  @RpcHandler(PaymentsRpc.listDeposits)
  async onList(@CurrentCaller() _caller: Caller, @RpcPayload(PaymentsRpc.listDeposits) body: ParsedRequestOf<typeof PaymentsRpc.listDeposits>) {
    const { deposits, totalCount } = await this.deposits.page(body.userId, body.filter, body.page, body.limit);
    return { deposits: deposits.map(toDeposit), totalCount };
  }

  @RpcHandler(PaymentsRpc.recentDeposits)
  async onRecent(@CurrentCaller() _caller: Caller, @RpcPayload(PaymentsRpc.recentDeposits) body: ParsedRequestOf<typeof PaymentsRpc.recentDeposits>) {
    return { deposits: (await this.deposits.page(body.userId, 'all', 1, body.limit)).deposits.map(toDeposit) };
  }

  /** No caller: a payment server's webhook is authenticated by its signature, checked first thing. */
  @RpcHandler(PaymentsRpc.receivePaymentNotification)
  async onPaymentNotification(@RpcPayload(PaymentsRpc.receivePaymentNotification) body: ParsedRequestOf<typeof PaymentsRpc.receivePaymentNotification>) {
    return { outcome: await this.receivePaymentNotification.execute(body.rawBody, body.signature) };
  }

  @RpcHandler(PaymentsRpc.getTestInvoice)
  async onGetTestInvoice(@CurrentCaller() caller: Caller, @RpcPayload(PaymentsRpc.getTestInvoice) body: ParsedRequestOf<typeof PaymentsRpc.getTestInvoice>) {
    await this.settleTestInvoice.ownedDeposit(caller, body.invoiceId);
    const details = await this.settleTestInvoice.testProvider().details(body.invoiceId);
    if (!details) throw new DomainError(ErrorCode.NOT_FOUND, INVOICE_NOT_FOUND);
    return { id: details.id, amount: details.amountCents, status: details.status, expiresAt: details.expiresAt.toISOString() };
  }

  @RpcHandler(PaymentsRpc.settleTestInvoice)
  async onSettleTestInvoice(@CurrentCaller() caller: Caller, @RpcPayload(PaymentsRpc.settleTestInvoice) body: ParsedRequestOf<typeof PaymentsRpc.settleTestInvoice>) {
    return { deposit: await this.settleTestInvoice.execute(caller, body.invoiceId, body.outcome) };
  }
}
