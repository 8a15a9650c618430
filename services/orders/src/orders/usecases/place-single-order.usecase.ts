import { Inject, Injectable } from '@nestjs/common';
import { DomainError, ErrorCode, fillOrderCustomsFromSkus, namesSkus, singleOrderSchema, type ApiMode, type Customs, type OrdersRpc, type ParsedRequestOf, type SingleOrder } from '@labeldesk/contracts';
import { createHash, randomUUID } from 'node:crypto';
import { courierCarrying, courierMismatch, SAMPLE_LABEL_CARRIERS } from '../../carriers';
import { ORDERS_ENV, type OrdersEnv } from '../../config';
import { extrasTotalCents, LabelExtrasRepository, NO_EXTRAS, priceExtras } from '../../insurance';
import { OrderEntity } from '../order.entity';
import { OrderCustomsRepository } from '../order-customs.repository';
import { storedKeyOf } from '../order-mode';
import { OrderRepository } from '../order.repository';
import { SellerSkus } from '../seller-skus';
import { ProcessOrderUseCase, type OrderPrice, type ProcessedOrder } from './process-order.usecase';

type Request = ParsedRequestOf<typeof OrdersRpc.placeSingle>;


/**
 * Buys one label. The order row exists before any money moves; the client's idempotency key makes a double
 * click or a retry answer the same order: a completed one is answered again, a failed one is tried again
 * (it was never charged, or was refunded), one in flight is refused until it settles or goes stale.
 *
 * The price is asked first and written with the order (one statement instead of an insert and an update): a quote
 * pricing refuses leaves nothing behind. A key already used is still answered from its order when pricing now
 * refuses or does not answer (a completed label is answered again after its service was switched off).
 * A request whose price came later than its `writeWithinMs` writes nothing (see the contract).
 */
@Injectable()
export class PlaceSingleOrderUseCase {
  constructor(
    private readonly orders: OrderRepository,
    private readonly process: ProcessOrderUseCase,
    @Inject(ORDERS_ENV) private readonly env: OrdersEnv,
    private readonly extras: LabelExtrasRepository,
    private readonly customs: OrderCustomsRepository,
    private readonly skus: SellerSkus,
  ) {}

  /**
   * `mode` is the caller's (decision 119): a test key's order is kept under its key in test mode's namespace, so a live
   * and a test purchase with the same Idempotency-Key are two orders, never one answered for the other.
   */
  async execute(request: Request, mode: ApiMode = 'live'): Promise<ProcessedOrder> {
    const received = performance.now();
    const idempotencyKey = storedKeyOf(mode, request.idempotencyKey);
    // A PDF order hashes as before label_format existed, so a key placed before it came is still the same order.
    const { label_format: labelFormat, ...withoutFormat } = request.order;
    const hashed = JSON.stringify(asHashedBefore(labelFormat === 'pdf' ? withoutFormat : request.order));
    // The reference and metadata are part of what was asked, so the same key with another reference is refused; an
    // order without them hashes as before they existed.
    const extras = request.reference === undefined && request.metadata === undefined ? '' : JSON.stringify({ reference: request.reference ?? null, metadata: request.metadata ?? null });
    const requestHash = createHash('sha256').update(hashed + extras).digest('hex');
    let price: OrderPrice;
    let customs: Customs | undefined;
    try {
      customs = await this.declaration(request.userId, request.order);
      price = await this.process.price({ userId: request.userId, serviceName: request.order.service_name, ...request.order, mode });
    } catch (error) {
      // Refused or unanswered: a key already used is answered from its order, whose price is fixed; a new one is not written.
      const placed = await this.orders.findByKey(request.userId, idempotencyKey);
      if (!placed) throw error;
      return this.answerAgain(placed, requestHash);
    }
    // Refused before the order is written: nothing is held, charged or left behind. No courier named: the service's.
    const courier = request.order.courier ?? courierCarrying(price.serviceUid);
    const mismatch = courierMismatch(courier, price);
    if (mismatch) throw new DomainError(ErrorCode.VALIDATION_FAILED, mismatch, [{ path: 'courier', message: mismatch }]);
    // Insurance and a signature are charged with the label, in its one ledger entry (decision 102), or refused here;
    // a test-mode label's extras are the sample-label carrier's, which sells it (decision 119).
    const extraServices = priceExtras(price.serviceUid, price.serviceName, request.order, mode === 'test' ? SAMPLE_LABEL_CARRIERS : this.env.CARRIERS);
    price = { ...price, priceCents: price.priceCents + extrasTotalCents(extraServices) };
    if (request.writeWithinMs !== undefined && performance.now() - received > request.writeWithinMs) {
      // The gateway has told the customer (or is about to) that nothing was charged: a late order must not appear.
      throw new DomainError(ErrorCode.SERVICE_UNAVAILABLE, 'The label service did not answer in time. Try again; you were not charged.');
    }
    const draft = Object.assign(new OrderEntity(), {
      id: randomUUID(),
      userId: request.userId,
      idempotencyKey,
      requestHash,
      mode,
      courier,
      sender: request.order.sender,
      receiver: request.order.receiver,
      package: request.order.package,
      labelFormat: labelFormat === 'zpl' ? 'ZPL' : 'PDF',
      reference: request.reference ?? null,
      metadata: request.metadata ?? null,
      ...price,
    });
    // Written before the order, so no order priced with extras lacks them (a row of an order never written is unread).
    if (extraServices !== NO_EXTRAS) await this.extras.record(draft.id, request.userId, extraServices);
    // The customs declaration (decision 098) likewise: no order abroad is ever read without the one it was placed with.
    if (customs) await this.customs.record(draft.id, request.userId, customs);
    const { order, created } = await this.orders.insertOrFind(draft);
    if (created) return this.process.execute(order);
    return this.answerAgain(order, requestHash);
  }

  /**
   * The order's customs declaration, whole: as sent, or its lines naming the caller's SKUs filled from them (decision
   * 126), refused like a typed one (400 by field, before anything is priced, held or written) when a SKU is unknown,
   * lacks what the line does not send, or the filled declaration breaks a rule of its receiver (an HS number to the EU).
   */
  private async declaration(userId: string, order: SingleOrder): Promise<Customs | undefined> {
    if (!order.customs) return undefined;
    // The contract checked a declaration naming no SKU whole, with its receiver's rules.
    if (!namesSkus(order.customs)) return order.customs as Customs;
    const receiver = { country: order.receiver.receiver_country, state: order.receiver.receiver_state_province };
    const filled = fillOrderCustomsFromSkus(order.customs, await this.skus.of(userId), receiver);
    if (!filled.ok) throw new DomainError(ErrorCode.VALIDATION_FAILED, filled.issues[0]?.message ?? 'The customs declaration is not valid', filled.issues);
    return filled.customs;
  }

  /** The same key again: the first order's label, a refusal while it is in flight, or a new attempt of a failed one. */
  private async answerAgain(order: OrderEntity, requestHash: string): Promise<ProcessedOrder> {
    if (order.requestHash !== requestHash) {
      throw new DomainError(ErrorCode.CONFLICT, 'This idempotency key was already used for a different order');
    }
    if (order.status === 'completed' && order.labelName && order.trackingNumber) {
      return { orderId: order.id, pdfName: order.labelName, trackingNumber: order.trackingNumber, priceCents: order.priceCents ?? 0 };
    }
    const stale = Date.now() - order.updatedAt.getTime() > this.env.ORDER_STALE_SECONDS * 1000;
    if (order.status === 'pending' && !stale) {
      throw new DomainError(ErrorCode.ORDERS_IN_PROGRESS, 'This order is already being processed. Please wait a moment.');
    }
    if (order.status === 'pending') return this.process.execute(order);
    // A cancelled order was refunded or never charged: a new attempt posts under new ledger keys.
    return this.process.execute(await this.orders.transition(order.id, 'cancelled', { status: 'pending', failureReason: null, attempt: order.attempt + 1 }));
  }
}

/**
 * The order as its hash was taken before issue 45: an empty courier parsed as `usps` then, in its place among the
 * schema's fields, so a key placed before still names the same order.
 */
const asHashedBefore = (order: Partial<SingleOrder>): Record<string, unknown> =>
  Object.fromEntries(
    Object.keys(singleOrderSchema.shape)
      .filter((key) => key in order || key === 'courier')
      .map((key) => [key, key === 'courier' ? (order.courier ?? 'usps') : order[key as keyof SingleOrder]]),
  );
