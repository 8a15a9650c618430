import { foundInScope, ownerScopeOf } from '@labeldesk/nest-transport';
import { Inject, Injectable } from '@nestjs/common';
import { DomainError, ErrorCode, type Caller, type Deposit } from '@labeldesk/contracts';
import { randomBytes } from 'node:crypto';
import { PAYMENT_PROVIDER, type PaymentProvider } from '../../providers/payment-provider.port';
import { TestPaymentProvider } from '../../providers/test/test-payment.provider';
import { signBtcpayBody } from '../../notifications/btcpay-signature';
import { toDeposit } from '../deposit.mapper';
import type { DepositEntity } from '../deposit.entity';
import { DepositRepository } from '../deposit.repository';
import { ReceivePaymentNotificationUseCase } from './receive-payment-notification.usecase';

const newId = () => randomBytes(11).toString('base64url');

/** The one answer for an invoice that does not exist and for another user's. */
export const INVOICE_NOT_FOUND = 'Invoice not found';

/**
 * The test provider's checkout: the invoice changes state, then a webhook event is built and signed exactly as
 * BTCPay does (indented JSON, sha256= HMAC) and handed to the same receiver, which verifies it and re-reads the invoice.
 */
@Injectable()
export class SettleTestInvoiceUseCase {
  constructor(
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    private readonly deposits: DepositRepository,
    private readonly receivePaymentNotification: ReceivePaymentNotificationUseCase,
  ) {}

  async execute(caller: Caller, invoiceId: string, outcome: 'paid' | 'expired'): Promise<Deposit> {
    const provider = this.testProvider();
    const deposit = await this.ownedDeposit(caller, invoiceId);
    if (!(await provider.settle(invoiceId, outcome))) throw new DomainError(ErrorCode.CONFLICT, 'This invoice is no longer open');
    const deliveryId = newId();
    const body = JSON.stringify(
      {
        deliveryId,
        webhookId: 'test-provider',
        originalDeliveryId: deliveryId,
        isRedelivery: false,
        type: outcome === 'paid' ? 'InvoiceSettled' : 'InvoiceExpired',
        timestamp: Math.floor(Date.now() / 1000),
        storeId: provider.storeId,
        invoiceId,
        metadata: { orderId: deposit.id },
        manuallyMarked: false,
        overPaid: false,
      },
      null,
      2,
    );
    await this.receivePaymentNotification.execute(body, signBtcpayBody(provider.webhookSecret, body));
    return toDeposit((await this.deposits.findById(deposit.id)) ?? deposit);
  }

  /** The deposit a test invoice pays, read in the caller's owner scope. */
  async ownedDeposit(caller: Caller, invoiceId: string): Promise<DepositEntity> {
    const scope = ownerScopeOf(caller);
    return foundInScope(await this.deposits.findOwnedByInvoiceId(invoiceId, scope), scope, INVOICE_NOT_FOUND);
  }

  testProvider(): TestPaymentProvider {
    if (!(this.provider instanceof TestPaymentProvider)) throw new DomainError(ErrorCode.NOT_FOUND, 'Test invoices exist only with the test payment provider');
    return this.provider;
  }
}
