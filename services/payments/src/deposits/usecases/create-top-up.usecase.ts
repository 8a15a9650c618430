import { Inject, Injectable, Logger } from '@nestjs/common';
import { DomainError, ErrorCode, type TopUpResponse } from '@labeldesk/contracts';
import { randomUUID } from 'node:crypto';
import { PAYMENTS_ENV, type PaymentsEnv } from '../../config/env.schema';
import { PAYMENT_PROVIDER, ProviderError, type PaymentProvider, type ProviderInvoice } from '../../providers/payment-provider.port';
import { DepositEntity } from '../deposit.entity';
import { DepositRepository } from '../deposit.repository';

/**
 * Greenfield has no idempotency key, so our deposit row is the idempotent object: it is written first and its id
 * travels as the invoice's orderId. If the create call fails without a clear answer, the invoice is looked up by
 * orderId before anything else is tried, so a lost reply never makes a second invoice.
 */
@Injectable()
export class CreateTopUpUseCase {
  private readonly logger = new Logger(CreateTopUpUseCase.name);

  constructor(
    private readonly deposits: DepositRepository,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    @Inject(PAYMENTS_ENV) private readonly env: PaymentsEnv,
  ) {}

  async execute(userId: string, amountCents: number, buyerEmail?: string): Promise<TopUpResponse> {
    const deposit = await this.deposits.insert(Object.assign(new DepositEntity(), { id: randomUUID(), userId, amountCents, currency: 'USD', provider: this.provider.kind }));
    let invoice: ProviderInvoice | undefined;
    try {
      invoice = await this.provider.createInvoice({ depositId: deposit.id, amountCents, currency: deposit.currency, buyerEmail, expirationMinutes: this.env.TOPUP_EXPIRATION_MINUTES });
    } catch (error) {
      invoice = await this.findAfterFailure(deposit.id, error);
    }
    await this.deposits.update(deposit.id, { invoiceId: invoice.id, status: 'New' });
    return { id: invoice.id, depositId: deposit.id, provider: this.provider.kind, checkoutScriptUrl: this.provider.checkoutScriptUrl };
  }

  private async findAfterFailure(depositId: string, error: unknown): Promise<ProviderInvoice> {
    this.logger.warn(`creating the invoice for deposit ${depositId} failed (${error instanceof Error ? error.message : String(error)}); looking it up by orderId`);
    const found = await this.provider.findByOrderId(depositId).catch(() => []);
    const invoice = found[0];
    if (invoice) return invoice;
    await this.deposits.update(depositId, { status: 'Failed', note: 'The payment server could not create an invoice' });
    throw new DomainError(ErrorCode.PAYMENTS_PROVIDER_UNAVAILABLE, error instanceof ProviderError ? 'The payment server is not answering. Please try again later.' : 'Could not create an invoice');
  }
}
