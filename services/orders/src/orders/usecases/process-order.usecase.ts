import { Inject, Injectable, Logger } from '@nestjs/common';
import { DomainError, ErrorCode, PaymentsRpc, PricingRpc, type Caller } from '@labeldesk/contracts';
import { RpcClient } from '@labeldesk/nest-transport';
import { CARRIER, CarrierError, type CarrierAdapter, type LabelShipment } from '../../carriers/carrier.port';
import { ORDERS_ENV, type OrdersEnv } from '../../config/env.schema';
import { FileRepository } from '../../files/file.repository';
import type { OrderEntity } from '../order.entity';
import { OrderRepository } from '../order.repository';

export interface ProcessedOrder {
  orderId: string;
  pdfName: string;
  trackingNumber: string;
  priceCents: number;
}

/**
 * Takes a pending order to completed or cancelled. Every step is idempotent, so the same order can be processed
 * again after a crash or a retry and still charge once and buy one label:
 * price (fixed on the order the first time) → debit (key `label:<orderId>:<attempt>`) → label (key = order id) → file.
 * A label the carrier refuses is refunded (key `refund:<orderId>:<attempt>`); one it does not answer about stays pending and
 * paid for recovery to ask again, and is refunded only after ORDER_GIVE_UP_HOURS. No database transaction is held across a call
 * to another service.
 */
@Injectable()
export class ProcessOrderUseCase {
  private readonly logger = new Logger(ProcessOrderUseCase.name);

  constructor(
    private readonly orders: OrderRepository,
    private readonly files: FileRepository,
    private readonly rpc: RpcClient,
    @Inject(CARRIER) private readonly carrier: CarrierAdapter,
    @Inject(ORDERS_ENV) private readonly env: OrdersEnv,
  ) {}

  async execute(start: OrderEntity): Promise<ProcessedOrder> {
    let order = start;
    const caller: Caller = { userId: order.userId, role: 'user' };
    if (order.priceCents === null) {
      const quote = await this.rpc.call(PricingRpc.quote, { userId: order.userId, items: [{ serviceName: order.serviceName, weightLb: order.package.package_weight }] }, { caller });
      const item = quote.items[0];
      if (!item) throw new DomainError(ErrorCode.INTERNAL, 'Quote returned no price');
      order = await this.orders.update(order.id, { priceCents: item.priceCents, serviceUid: item.serviceUid, serviceName: item.serviceName });
    }
    const priceCents = order.priceCents ?? 0;

    if (priceCents > 0) {
      try {
        await this.rpc.call(PaymentsRpc.debit, { userId: order.userId, amountCents: priceCents, kind: 'label_purchase', reference: `order ${order.id}`, idempotencyKey: `label:${order.id}:${order.attempt}` }, { caller });
      } catch (error) {
        if (error instanceof DomainError && error.code === ErrorCode.PAYMENTS_INSUFFICIENT_FUNDS) {
          await this.orders.update(order.id, { status: 'cancelled', failureReason: error.message });
        }
        throw error;
      }
    }

    let label;
    try {
      label = await this.carrier.createLabel(toShipment(order), order.id);
    } catch (error) {
      const givenUp = Date.now() - order.createdAt.getTime() > this.env.ORDER_GIVE_UP_HOURS * 3_600_000;
      if (!(error instanceof CarrierError) && !givenUp) {
        // No answer is not a refusal: the carrier may have made the label. The order stays pending (and paid) so
        // recovery asks the carrier again under the same key, which answers the label if it exists.
        this.logger.error(`label for order ${order.id}: no answer from the carrier, will retry`, error instanceof Error ? error.stack : String(error));
        throw new DomainError(ErrorCode.ORDERS_IN_PROGRESS, 'The carrier has not confirmed your label yet. It will be finished or refunded automatically: check Orders in a few minutes.');
      }
      const reason = error instanceof CarrierError ? error.message : 'The carrier never confirmed the label';
      await this.refund(order, priceCents, caller);
      await this.orders.update(order.id, { status: 'cancelled', failureReason: reason });
      throw new DomainError(ErrorCode.ORDERS_CARRIER_FAILED, `Label could not be created: ${reason}. You have not been charged.`);
    }

    const pdfName = `label_${label.trackingNumber}.pdf`;
    const file = await this.files.save(order.userId, pdfName, 'application/pdf', label.pdf);
    await this.orders.update(order.id, { status: 'completed', trackingNumber: label.trackingNumber, pdfFileId: file.id, pdfName, failureReason: null });
    return { orderId: order.id, pdfName, trackingNumber: label.trackingNumber, priceCents };
  }

  private async refund(order: OrderEntity, priceCents: number, caller: Caller): Promise<void> {
    if (priceCents <= 0) return;
    await this.rpc.call(PaymentsRpc.credit, { userId: order.userId, amountCents: priceCents, kind: 'refund', reference: `order ${order.id} (label failed)`, idempotencyKey: `refund:${order.id}:${order.attempt}` }, { caller });
  }
}

const toShipment = (order: OrderEntity): LabelShipment => ({
  serviceUid: order.serviceUid ?? '',
  from: {
    name: order.sender.sender_name,
    company: order.sender.sender_company,
    phone: order.sender.sender_phone,
    street1: order.sender.sender_address1,
    street2: order.sender.sender_address2,
    city: order.sender.sender_city,
    state: order.sender.sender_state_province,
    zip: order.sender.sender_zip_postal,
    country: 'US',
  },
  to: {
    name: order.receiver.receiver_name,
    company: order.receiver.receiver_company,
    phone: order.receiver.receiver_phone,
    street1: order.receiver.receiver_address1,
    street2: order.receiver.receiver_address2,
    city: order.receiver.receiver_city,
    state: order.receiver.receiver_state_province,
    zip: order.receiver.receiver_zip_postal,
    country: 'US',
  },
  package: {
    lengthIn: order.package.package_length,
    widthIn: order.package.package_width,
    heightIn: order.package.package_height,
    weightLb: order.package.package_weight,
    description: order.package.package_description,
    reference1: order.package.package_reference1,
    reference2: order.package.package_reference2,
  },
});
