import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  DomainError,
  courierName,
  ErrorCode,
  formatUsd,
  insufficientBalanceMessage,
  isServiceCaller,
  LABEL_CARRIER_NAMES,
  PaymentsRpc,
  returnPaymentText,
  type AnyCaller,
  type ApiMode,
  type CreatedReturn,
  type ReturnPayment,
  type ReturnQuote,
} from '@labeldesk/contracts';
import { foundInScope, ownerScopeOf, RpcClient, type CallOptions } from '@labeldesk/nest-transport';
import { randomUUID } from 'node:crypto';
import { CARRIER_REGISTRY, LabelPurchaser, returnPaymentOf, ShipperContacts, toShipment, type CarrierId, type CarrierRegistry } from '../carriers';
import { fileNameToken } from '../files';
import { keyModeOf, LabelPricer, OrderRepository, type OrderEntity } from '../orders';
import { ReturnLabelsRepository, type ReturnRow } from './return-labels.repository';
import { ReturnLinksRepository } from './return-links.repository';
import { isBought, toReturnLabel } from './return-label.mapper';
import { returnParties } from './return-shipment';

/** Orders pays for, prices and charges the labels it was asked for on its own account (docs/decisions/013). */
const AS_ORDERS: CallOptions = { asService: true };
const ORDER_NOT_FOUND = 'Order not found';
/** A void asked or done: the outbound parcel is not travelling, so there is nothing to send back. */
const WITHDRAWN = new Set(['void_requested', 'voided', 'refund_pending', 'refunded']);
/** A return voided at its carrier (its refund paid, pending or refused): the order's next return is another label. */
const VOIDED_RETURN = new Set(['voided', 'refund_pending', 'refund_rejected']);

interface ReturnPlan {
  order: OrderEntity & { trackingNumber: string; carrier: NonNullable<OrderEntity['carrier']> };
  /** Who sells the return: the outbound label's carrier unless the seller picked another (decision 123). */
  soldBy: CarrierId;
  /** The other configured carriers that make returns of the order's courier. */
  others: CarrierId[];
  /** The account of `soldBy` that sold the outbound label, to buy the return on (decision 125); null: any of its accounts. */
  carrierAccount: string | null;
  /** Set when that account is gone: said by the quote, and the return is bought only from a carrier the seller picks. */
  accountGone: string | null;
  /** Set when `soldBy` would refuse the seller's contact (USPS: no phone): said by the quote, refused at purchase (decision 128). */
  contactNote: string | null;
  payment: ReturnPayment;
  priceCents: number;
  serviceUid: string;
  serviceName: string;
}

/** The ledger key of a return's charge: at purchase (prepaid) or at its first scan (pay on use), never both. */
export const prepaidChargeKey = (returnId: string): string => `return:${returnId}`;
export const onUseChargeKey = (returnId: string): string => `use:${returnId}`;

/**
 * Gives a prepaid return's charge back, once whatever asks (a refused purchase, a void: decision 123): one key,
 * `refund:return:<id>`, so payments answers a second ask with the first posting.
 */
export const refundPrepaidCharge = async (rpc: RpcClient, row: Pick<ReturnRow, 'id' | 'userId' | 'priceCents' | 'mode'>, why: string): Promise<void> => {
  if (row.priceCents <= 0) return;
  await rpc.call(
    PaymentsRpc.credit,
    {
      userId: row.userId,
      amountCents: row.priceCents,
      kind: 'refund',
      reference: `return label ${row.id} (${why})`,
      idempotencyKey: `refund:${prepaidChargeKey(row.id)}`,
      refundOf: prepaidChargeKey(row.id),
      ...modeField(row.mode),
    },
    AS_ORDERS,
  );
};

/** A test return's money moves on the test account (decisions 110, 125); a live one's on the live account, as always. */
export const modeField = (mode: ApiMode): { mode?: 'test' } => (mode === 'test' ? { mode: 'test' } : {});

/**
 * Makes an order's return label (decision 101): from the receiver back to the sender, same service, bought from the
 * label's carrier. Said before buying: pay on use (charged once, at the first scan: nothing now) or prepaid (charged
 * now, under `return:<id>`). An order's return is made once; asking again answers it unless `again` says another is
 * meant. A refusal (no such order, a voided label, a carrier without returns, too little balance, the carrier saying
 * no) moves no money and leaves no row a timer could act on.
 */
@Injectable()
export class MakeReturnUseCase {
  private readonly logger = new Logger(MakeReturnUseCase.name);

  constructor(
    private readonly orders: OrderRepository,
    private readonly returns: ReturnLabelsRepository,
    private readonly links: ReturnLinksRepository,
    private readonly pricer: LabelPricer,
    private readonly purchaser: LabelPurchaser,
    private readonly shippers: ShipperContacts,
    private readonly rpc: RpcClient,
    @Inject(CARRIER_REGISTRY) private readonly registry: CarrierRegistry,
  ) {}

  async quote(caller: AnyCaller, orderId: string, carrier?: CarrierId): Promise<ReturnQuote> {
    const plan = await this.plan(caller, orderId, carrier);
    return {
      orderId,
      courier: plan.order.courier,
      serviceName: plan.serviceName,
      priceCents: plan.priceCents,
      payment: plan.payment,
      paymentText: returnPaymentText(plan.payment, formatUsd(plan.priceCents)),
      existingReturns: await this.returns.countOf(orderId),
      carrier: plan.soldBy,
      carrierName: LABEL_CARRIER_NAMES[plan.soldBy],
      otherCarriers: plan.others.map((other) => ({ carrier: other, carrierName: LABEL_CARRIER_NAMES[other] })),
      accountNote: plan.accountGone,
      contactNote: plan.contactNote,
    };
  }

  async create(caller: AnyCaller, orderId: string, again: boolean, carrier?: CarrierId): Promise<CreatedReturn> {
    const order = await this.ownedOrder(caller, orderId);
    // After a voided return the next one is another label (decision 123), as if asked again.
    const existing = again ? null : await this.returns.latestOf(order.id);
    const next = again || (existing !== null && VOIDED_RETURN.has(existing.status));
    if (existing && !next) {
      if (isBought(existing)) return { returnLabel: await this.shown(existing), created: false };
      return { returnLabel: await this.finish(existing, order), created: true };
    }
    const plan = await this.plan(caller, orderId, carrier);
    // Before anything is written or charged: a contact the carrier refuses is the seller's to fix (decision 128).
    if (plan.contactNote) throw new DomainError(ErrorCode.VALIDATION_FAILED, plan.contactNote);
    if (plan.accountGone) throw new DomainError(ErrorCode.CONFLICT, plan.accountGone);
    if (plan.payment === 'on_use') await this.coveredNow(plan);
    const row = await this.returns.insert({
      id: randomUUID(),
      orderId: order.id,
      userId: order.userId,
      generation: next ? 'next' : 1,
      payment: plan.payment,
      courier: order.courier,
      serviceUid: plan.serviceUid,
      serviceName: plan.serviceName,
      priceCents: plan.priceCents,
      carrier: plan.soldBy,
      carrierAccount: plan.carrierAccount,
      mode: order.mode,
    });
    if (!row) {
      // A request at the same moment wrote the order's first return: it is that one.
      const made = await this.returns.latestOf(order.id);
      if (made && isBought(made)) return { returnLabel: await this.shown(made), created: false };
      throw new DomainError(ErrorCode.ORDERS_IN_PROGRESS, 'This return label is already being made. Please wait a moment.');
    }
    return { returnLabel: await this.finish(row, order), created: true };
  }

  /**
   * Pays for (prepaid) and buys the label of a pending return, again after a crash too (the charge's and the purchase's
   * keys find their first answers), and stores it. A refusal gives a prepaid charge back and forgets the row.
   */
  async finish(row: ReturnRow, order: OrderEntity): Promise<ReturnType<typeof toReturnLabel>> {
    // Before the label: a prepaid return is paid first (its key makes a second ask a replay, after a crash too).
    if (row.payment === 'prepaid') await this.chargePrepaid(row);
    const parties = returnParties(order);
    // The shipper is the seller, whose phone is the outbound sender's (the return's sender is the buyer).
    const shipper = await this.shippers.shipperOf(order.userId, order.sender.sender_phone);
    // Bought from the carrier chosen when the return was asked for (decision 123), never another in the registry's order.
    const soldBy = row.carrier ?? order.carrier ?? undefined;
    const shipment = {
      ...toShipment({ serviceUid: row.serviceUid, ...parties, package: order.package }, shipper),
      format: 'PDF' as const,
      maxCostCents: row.priceCents,
      isReturn: true as const,
      ...(soldBy ? { soldBy } : {}),
      // On the outbound label's own account when one was recorded (decision 125).
      ...(row.carrierRefs['carrierAccountId'] ? { carrierAccount: row.carrierRefs['carrierAccountId'] } : {}),
    };
    // A test return is bought from the sandbox alone, as every test label (decisions 119, 125).
    const outcome = await this.purchaser.buy(shipment, prepaidChargeKey(row.id), row.mode);
    if (outcome.kind === 'unknown') {
      this.logger.error(`return label ${row.id}: no answer from the carrier, will ask again: ${outcome.message}`);
      throw new DomainError(ErrorCode.ORDERS_IN_PROGRESS, 'The carrier has not confirmed the return label yet. It will be finished or given back automatically: check the order in a few minutes.');
    }
    if (outcome.kind !== 'bought') {
      const reason = outcome.message.trim().replace(/[.\s]+$/, '');
      if (row.payment === 'prepaid') await this.refundPrepaid(row);
      await this.returns.discardPending(row.id);
      throw new DomainError(ErrorCode.ORDERS_CARRIER_FAILED, `Return label could not be created: ${reason}. You have not been charged.`);
    }
    const labelName = `return_${outcome.label.trackingNumber}_${fileNameToken(row.id)}.pdf`;
    const done = (await this.returns.complete(row.id, { ...outcome.label, labelName }, 'application/pdf')) ?? (await this.returns.find(row.id, { everyOwner: true }));
    if (!done || !isBought(done)) throw new DomainError(ErrorCode.CONFLICT, `Return label ${row.id} is no longer being made`);
    return this.shown(done);
  }

  /** What would be bought, refused before anything is written: the order must have a label that is travelling. */
  private async plan(caller: AnyCaller, orderId: string, picked?: CarrierId): Promise<ReturnPlan> {
    const order = await this.ownedOrder(caller, orderId);
    const { trackingNumber, carrier } = order;
    if (order.status !== 'completed' || !trackingNumber || !carrier) {
      throw new DomainError(ErrorCode.CONFLICT, 'Only an order with a bought label can have a return label.');
    }
    const voidState = await this.returns.voidStateOf(order.id);
    if (voidState !== null && WITHDRAWN.has(voidState)) throw new DomainError(ErrorCode.CONFLICT, 'This label was voided: there is no parcel to send back.');
    // The configured carriers of the order's mode that make returns of this courier (test: the sandbox alone); the
    // outbound label's carrier sells it unless picked otherwise.
    const sellers = this.registry.forMode(order.mode).ordered.map((adapter) => adapter.profile.id).filter((id) => returnPaymentOf(id, order.courier) !== null);
    const soldBy = picked ?? carrier;
    const payment = sellers.includes(soldBy) ? returnPaymentOf(soldBy, order.courier) : null;
    const choose = (among: readonly CarrierId[]) => (among.length > 0 ? `: choose ${among.map((id) => LABEL_CARRIER_NAMES[id]).join(' or ')}` : '');
    if (!payment && picked) throw new DomainError(ErrorCode.VALIDATION_FAILED, `${LABEL_CARRIER_NAMES[picked]} makes no return labels of this courier here${choose(sellers)}.`);
    if (!payment) throw new DomainError(ErrorCode.VALIDATION_FAILED, `The carrier that sold this label makes no return labels here yet.`);
    const { carrierAccount, accountGone } = soldBy === carrier ? await this.outboundAccount(order, soldBy, picked, sellers) : { carrierAccount: null, accountGone: null };
    const others = sellers.filter((id) => id !== soldBy);
    const contactNote = await this.contactNote(order, soldBy, others);
    const parties = returnParties(order);
    const price = await this.pricer.price({ userId: order.userId, serviceName: order.serviceName, ...parties, package: order.package, mode: order.mode });
    return { order: Object.assign(order, { trackingNumber, carrier }), soldBy, others, carrierAccount, accountGone, contactNote, payment, ...price };
  }

  /**
   * Why the carrier selling the return would refuse the seller's contact before anything is sent (decision 128: USPS
   * directly needs the seller's phone, which a return reads from its order's sender address, and e-mail), with the
   * carriers that would sell it instead; null when it takes it. Asked of carriers that check one alone (no e-mail is
   * looked up for the others), so the quote says it and the purchase refuses it before any charge.
   */
  private async contactNote(order: OrderEntity, soldBy: CarrierId, others: readonly CarrierId[]): Promise<string | null> {
    const carriers = this.registry.forMode(order.mode);
    const seller = carriers.get(soldBy);
    if (!seller?.shipperProblem) return null;
    const shipper = await this.shippers.shipperOf(order.userId, order.sender.sender_phone);
    const problem = seller.shipperProblem(shipper);
    if (!problem) return null;
    const instead = others.filter((id) => !carriers.get(id)?.shipperProblem?.(shipper)).map((id) => LABEL_CARRIER_NAMES[id]);
    const choose = instead.length > 0 ? `: choose who sells the return instead (${instead.join(' or ')})` : ', and no other carrier here makes this return';
    return `${problem}, so ${LABEL_CARRIER_NAMES[soldBy]} cannot make this return label${choose}. Nothing was bought or charged.`;
  }

  /**
   * The account of the outbound label's carrier that sold it (EasyPost's `ca_…`, recorded at its purchase): its return
   * is bought on that account, not another of the same courier (decision 125). When the carrier no longer buys on it,
   * the quote says so (`accountGone`) and the return is bought only from a carrier the seller picks: a picked carrier
   * buys on its configured accounts (decision 123's rule), so a return never lands on another account unasked. No
   * account when none was recorded.
   */
  private async outboundAccount(
    order: OrderEntity,
    soldBy: CarrierId,
    picked: CarrierId | undefined,
    sellers: readonly CarrierId[],
  ): Promise<{ carrierAccount: string | null; accountGone: string | null }> {
    const account = await this.returns.outboundAccountOf(order.id);
    const adapter = this.registry.forMode(order.mode).get(soldBy);
    if (!account || !adapter?.hasCarrierAccount || adapter.hasCarrierAccount(account)) return { carrierAccount: account, accountGone: null };
    if (picked) return { carrierAccount: null, accountGone: null };
    const name = LABEL_CARRIER_NAMES[soldBy];
    const others = sellers.filter((id) => id !== soldBy).map((id) => LABEL_CARRIER_NAMES[id]);
    const instead = [`${name} (on its other ${courierName(order.courier)} accounts)`, ...others].join(' or ');
    const accountGone = `The ${name} account that sold this label (${account}) is no longer connected here, so its return cannot be bought on it. Choose who sells the return: ${instead}.`;
    return { carrierAccount: null, accountGone };
  }

  /** The caller's order; a key's only of its own mode (decision 125): another mode's order is not found, as another user's. */
  private async ownedOrder(caller: AnyCaller, orderId: string): Promise<OrderEntity> {
    const scope = ownerScopeOf(caller);
    const order = await this.orders.findOwned(orderId, scope);
    const bound = isServiceCaller(caller) ? undefined : keyModeOf(caller);
    return foundInScope(order && (!bound || order.mode === bound) ? order : null, scope, ORDER_NOT_FOUND);
  }

  /**
   * Pay on use takes nothing now, but a seller whose balance could not pay for the label today is refused, as a card
   * on file is asked for elsewhere: the charge at the scan may still find less (decision 101).
   */
  private async coveredNow(plan: ReturnPlan): Promise<void> {
    const { balanceCents } = await this.rpc.call(PaymentsRpc.accountSummary, { userId: plan.order.userId, ...modeField(plan.order.mode) }, AS_ORDERS);
    if (balanceCents < plan.priceCents) throw new DomainError(ErrorCode.PAYMENTS_INSUFFICIENT_FUNDS, insufficientBalanceMessage('this return label', plan.priceCents, balanceCents));
  }

  private async chargePrepaid(row: ReturnRow): Promise<void> {
    if (row.priceCents <= 0) return;
    try {
      await this.rpc.call(
        PaymentsRpc.debit,
        { userId: row.userId, amountCents: row.priceCents, kind: 'label_purchase', reference: `return label ${row.id} (order ${row.orderId})`, idempotencyKey: prepaidChargeKey(row.id), ...modeField(row.mode) },
        AS_ORDERS,
      );
    } catch (error) {
      // Nothing was taken: the row goes, so no timer finds a return to buy.
      await this.returns.discardPending(row.id);
      if (error instanceof DomainError && error.code === ErrorCode.PAYMENTS_INSUFFICIENT_FUNDS) {
        const { balanceCents } = await this.rpc.call(PaymentsRpc.accountSummary, { userId: row.userId, ...modeField(row.mode) }, AS_ORDERS);
        throw new DomainError(ErrorCode.PAYMENTS_INSUFFICIENT_FUNDS, insufficientBalanceMessage('this return label', row.priceCents, balanceCents));
      }
      throw error;
    }
  }

  private async refundPrepaid(row: ReturnRow): Promise<void> {
    await refundPrepaidCharge(this.rpc, row, 'label failed');
  }

  private async shown(row: ReturnRow): Promise<ReturnType<typeof toReturnLabel>> {
    if (!isBought(row)) throw new DomainError(ErrorCode.INTERNAL, `Return label ${row.id} has no label`);
    return toReturnLabel(row, (await this.links.latestOf([row.id])).get(row.id));
  }
}
