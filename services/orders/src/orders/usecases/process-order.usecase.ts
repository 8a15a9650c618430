import { labelsBought, labelsFailed } from '@labeldesk/nest-config';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { customsRequiredFor, DomainError, ErrorCode, insufficientBalanceMessage, PaymentsRpc } from '@labeldesk/contracts';
import { RpcClient, type CallOptions } from '@labeldesk/nest-transport';
import { courierMismatch, LabelPurchaser, ShipperContacts, toShipment } from '../../carriers';
import { ORDERS_ENV, type OrdersEnv } from '../../config';
import { LabelExtrasRepository } from '../../insurance';
import { LabelPricer, type OrderPrice, type PricedParcel } from '../label-pricer';
import type { OrderEntity } from '../order.entity';
import { OrderCustomsRepository } from '../order-customs.repository';
import { OrderRepository } from '../order.repository';
import { fileNameToken } from '../../files';

/** Answers that refuse the order outright: nothing was charged, and trying again later would not be asked for. */
const REFUSALS: ReadonlySet<string> = new Set([
  ErrorCode.PRICING_SERVICE_UNAVAILABLE,
  ErrorCode.PRICING_WEIGHT_OVER_MAX,
  ErrorCode.PAYMENTS_INSUFFICIENT_FUNDS,
  ErrorCode.VALIDATION_FAILED,
]);

type PricedOrder = OrderEntity & { priceCents: number };

/**
 * A test-mode order's money is the test account's (decision 110): its charge, refund and balance name the mode; a live
 * one names none, as every call of the previous release did.
 */
export const modeField = (order: Pick<OrderEntity, 'mode'>): { mode?: 'test' } => (order.mode === 'test' ? { mode: 'test' } : {});

/** Orders pays for and prices the labels it was asked for on its own account (docs/decisions/013). */
const AS_ORDERS: CallOptions = { asService: true };

export type { OrderPrice };

export interface ProcessedOrder {
  orderId: string;
  pdfName: string;
  trackingNumber: string;
  priceCents: number;
}

/**
 * Takes a pending order to completed or cancelled. Every step is idempotent, so the same order can be processed
 * again after a crash or a retry and still charge once and buy one label:
 * price (fixed on the order when it is written) → debit (key `label:<orderId>:<attempt>`) → label (key = order id) → the
 * label's file and the order's completion (one statement).
 * A label the carrier refuses is refunded (key `refund:<orderId>:<attempt>`); one it does not answer about stays pending and
 * paid for recovery to ask again, and is refunded only after ORDER_GIVE_UP_HOURS. No database transaction is held across a call
 * to another service.
 */
@Injectable()
export class ProcessOrderUseCase {
  private readonly logger = new Logger(ProcessOrderUseCase.name);

  constructor(
    private readonly orders: OrderRepository,
    private readonly rpc: RpcClient,
    private readonly purchaser: LabelPurchaser,
    private readonly shippers: ShipperContacts,
    @Inject(ORDERS_ENV) private readonly env: OrdersEnv,
    private readonly pricer: LabelPricer,
    private readonly customs: OrderCustomsRepository,
    private readonly extras: LabelExtrasRepository,
  ) {}

  async execute(start: OrderEntity): Promise<ProcessedOrder> {
    let order: PricedOrder;
    try {
      order = await this.fixPrice(start);
      if (order.priceCents > 0) {
        await this.rpc.call(PaymentsRpc.debit, { userId: order.userId, amountCents: order.priceCents, kind: 'label_purchase', reference: `order ${order.id}`, idempotencyKey: `label:${order.id}:${order.attempt}`, ...modeField(order) }, AS_ORDERS);
      }
    } catch (error) {
      if (error instanceof DomainError && REFUSALS.has(error.code)) throw await this.endRefused(start, error);
      throw error;
    }
    const priceCents = order.priceCents;

    const shipper = await this.shippers.shipperOf(order.userId, order.sender.sender_phone);
    // The price charged caps what the carrier may cost: never a label sold under its cost (issue 45).
    // Only an order that needs customs looks its declaration up (decision 098): a label at home costs no extra read.
    const customs = customsRequiredFor({ country: order.receiver.receiver_country, state: order.receiver.receiver_state_province }) ? await this.customs.ofOrder(order.id) : null;
    // Insurance and a signature go to the carrier that sells them (decision 112); their fees are in the price already.
    const extras = await this.extras.ofOrder(order.id);
    // A test-mode order's label comes from the sandbox alone (decision 119).
    const outcome = await this.purchaser.buy({ ...toShipment({ ...order, serviceUid: order.serviceUid ?? '', customs, extras }, shipper), format: order.labelFormat ?? 'PDF', maxCostCents: priceCents }, order.id, order.mode);
    if (outcome.kind === 'unknown') {
      const givenUp = Date.now() - order.createdAt.getTime() > this.env.ORDER_GIVE_UP_HOURS * 3_600_000;
      if (!givenUp) {
        // No answer is not a refusal: the carrier may have made the label. The order stays pending (and paid) so
        // recovery asks the same carrier again (the purchase journal says which), which answers the label if it exists.
        this.logger.error(`label for order ${order.id}: no answer from the carrier, will ask again: ${outcome.message}`);
        throw new DomainError(ErrorCode.ORDERS_IN_PROGRESS, 'The carrier has not confirmed your label yet. It will be finished or refunded automatically: check Orders in a few minutes.');
      }
    }
    if (outcome.kind !== 'bought') {
      // A carrier's words often end a sentence already ("… can't be blank."): one full stop, not two, before ours.
      const reason = outcome.kind === 'unknown' ? 'The carrier never confirmed the label' : outcome.message.trim().replace(/[.\s]+$/, '');
      try {
        await this.refund(order, priceCents);
      } catch (error) {
        // The ledger's own words (keys, amounts of other entries) are not the customer's business: the order stays
        // pending and paid, and recovery finishes the refund.
        this.logger.error(`refund of order ${order.id} failed, recovery will retry`, error instanceof Error ? error.stack : String(error));
        throw new DomainError(ErrorCode.ORDERS_IN_PROGRESS, `Label could not be created: ${reason}. Your refund is being finished: check Orders in a few minutes.`);
      }
      await this.orders.move(order.id, 'pending', { status: 'cancelled', failureReason: reason });
      labelsFailed.inc({ mode: 'single' });
      throw new DomainError(ErrorCode.ORDERS_CARRIER_FAILED, `Label could not be created: ${reason}. You have not been charged.`);
    }
    const label = outcome.label;

    // The tracking number tells the customer which label it is; the token keeps strangers from asking for it by name.
    const labelName = `label_${label.trackingNumber}_${fileNameToken(order.id)}.${label.format === 'ZPL' ? 'zpl' : 'pdf'}`;
    await this.orders.completeWithLabel(order, { ...label, labelName });
    labelsBought.inc({ mode: 'single' });
    return { orderId: order.id, pdfName: labelName, trackingNumber: label.trackingNumber, priceCents };
  }

  /** The price is fixed on the order the first time, so a resumed order charges what was quoted. */
  private async fixPrice(start: OrderEntity): Promise<PricedOrder> {
    let order = start;
    if (order.priceCents === null) {
      order = await this.quote(order);
    }
    const { priceCents } = order;
    // A missing price is an error, never a free label.
    if (priceCents === null) throw new DomainError(ErrorCode.INTERNAL, `Order ${order.id} has no price`);
    return Object.assign(order, { priceCents });
  }

  /** What pricing charges this user for one label of this service and parcel (its tiers, or the carrier's cost + markup). */
  price(parcel: PricedParcel): Promise<OrderPrice> {
    return this.pricer.price(parcel);
  }

  /** An order written before its price (a row from before prices were fixed at insert) is priced now, once. */
  private async quote(order: OrderEntity): Promise<OrderEntity> {
    const priced = await this.price(order);
    // A refusal (REFUSALS): the order ends before any money moves.
    const mismatch = courierMismatch(order.courier, priced);
    if (mismatch) throw new DomainError(ErrorCode.VALIDATION_FAILED, mismatch);
    // Not read back: the row now holds exactly this order with these fields (the update is conditional on pending).
    await this.orders.move(order.id, 'pending', priced);
    return Object.assign(order, priced);
  }

  /**
   * A refusal moved no money, so it must leave nothing a timer could act on later: a first attempt is forgotten
   * (it is not an order in the customer's lists), a retry of a refunded order goes back to cancelled.
   */
  private async endRefused(order: OrderEntity, refusal: DomainError): Promise<DomainError> {
    const error = refusal.code === ErrorCode.PAYMENTS_INSUFFICIENT_FUNDS ? await this.shortfall(order, refusal) : refusal;
    const discarded = order.attempt === 1 && (await this.orders.discardUnpaid(order.id));
    if (!discarded) await this.orders.move(order.id, 'pending', { status: 'cancelled', failureReason: error.message }).catch(() => undefined);
    return error;
  }

  private async shortfall(order: OrderEntity, refusal: DomainError): Promise<DomainError> {
    const priceCents = (await this.orders.findById(order.id))?.priceCents ?? null;
    if (priceCents === null) return refusal;
    const summary = await this.rpc.call(PaymentsRpc.accountSummary, { userId: order.userId, ...modeField(order) }, AS_ORDERS).catch(() => null);
    if (!summary) return refusal;
    return new DomainError(ErrorCode.PAYMENTS_INSUFFICIENT_FUNDS, insufficientBalanceMessage('this label', priceCents, summary.balanceCents));
  }

  private async refund(order: OrderEntity, priceCents: number): Promise<void> {
    if (priceCents <= 0) return;
    await this.rpc.call(PaymentsRpc.credit, { userId: order.userId, amountCents: priceCents, kind: 'refund', reference: `order ${order.id} (label failed)`, idempotencyKey: `refund:${order.id}:${order.attempt}`, refundOf: `label:${order.id}:${order.attempt}`, ...modeField(order) }, AS_ORDERS);
  }
}
