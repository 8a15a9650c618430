import { Inject, Injectable, Logger } from '@nestjs/common';
import { DomainError, ErrorCode } from '@labeldesk/contracts';
import { ORM, schemaTable } from '@labeldesk/nest-orm';
import type { MikroORM } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { PAYMENT_PROVIDER, type PaymentProvider } from '../../providers/payment-provider.port';
import { verifyBtcpaySignature } from '../../notifications/btcpay-signature';
import { DepositRepository } from '../deposit.repository';
import { ApplyInvoiceUseCase, type ApplyOutcome } from './apply-invoice.usecase';

const eventSchema = z.object({
  deliveryId: z.string(),
  originalDeliveryId: z.string().optional(),
  type: z.string(),
  storeId: z.string().optional(),
  invoiceId: z.string().optional(),
});

/** The events that can change what an invoice is worth to us; the rest (InvoiceCreated, payouts...) get a 2xx and nothing else. */
const INVOICE_EVENTS = new Set(['InvoiceReceivedPayment', 'InvoicePaymentSettled', 'InvoiceProcessing', 'InvoiceSettled', 'InvoiceExpired', 'InvoiceInvalid', 'InvoicePaidAfterExpiration', 'InvoiceExpiredPaidPartial']);

/**
 * A payment notification (what BTCPay calls a webhook delivery; named apart from customers' webhooks and carriers'
 * pushes): the signature over the exact bytes first (BAD_SIGNATURE → 401, nothing done), then the store,
 * then the invoice is read again from the provider and applied. Deliveries are logged by originalDeliveryId (a
 * redelivery has a new deliveryId), but the effect does not depend on that log: crediting is idempotent, so a
 * repeated, reordered or late event changes nothing twice.
 */
@Injectable()
export class ReceivePaymentNotificationUseCase {
  private readonly logger = new Logger(ReceivePaymentNotificationUseCase.name);

  constructor(
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    @Inject(ORM) private readonly orm: MikroORM,
    private readonly deposits: DepositRepository,
    private readonly apply: ApplyInvoiceUseCase,
  ) {}

  async execute(rawBody: string, signature: string): Promise<ApplyOutcome> {
    if (!verifyBtcpaySignature(this.provider.webhookSecret, rawBody, signature)) {
      this.logger.warn('webhook refused: bad signature');
      throw new DomainError(ErrorCode.PAYMENTS_BAD_SIGNATURE, 'Invalid webhook signature');
    }
    const parsed = eventSchema.safeParse(safeJson(rawBody));
    if (!parsed.success) throw new DomainError(ErrorCode.VALIDATION_FAILED, 'Not a webhook event');
    const event = parsed.data;
    if (event.storeId !== undefined && event.storeId !== this.provider.storeId) {
      throw new DomainError(ErrorCode.PAYMENTS_NOT_OUR_EVENT, 'Event for another store');
    }
    await this.log(event);
    if (!INVOICE_EVENTS.has(event.type) || !event.invoiceId) return 'ignored';

    const deposit = await this.deposits.findByInvoiceId(event.invoiceId);
    if (!deposit) {
      this.logger.warn(`webhook ${event.type} for unknown invoice ${event.invoiceId}: ignored`);
      return 'ignored';
    }
    const invoice = await this.provider.getInvoice(event.invoiceId);
    if (!invoice) throw new DomainError(ErrorCode.PAYMENTS_PROVIDER_UNAVAILABLE, `Invoice ${event.invoiceId} could not be read back`);
    return this.apply.execute(deposit, invoice);
  }

  private async log(event: z.infer<typeof eventSchema>): Promise<void> {
    const table = schemaTable(this.orm, 'webhook_events');
    await this.orm.em.fork().execute(
      `insert into ${table} ("original_delivery_id", "last_delivery_id", "type", "invoice_id") values (?, ?, ?, ?)
       on conflict ("original_delivery_id") do update set "deliveries" = ${table}."deliveries" + 1, "last_delivery_id" = excluded."last_delivery_id"`,
      [event.originalDeliveryId ?? event.deliveryId, event.deliveryId, event.type, event.invoiceId ?? null],
    );
  }
}

const safeJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
};
