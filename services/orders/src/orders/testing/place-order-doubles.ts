/** The single order use cases over in-memory orders, pricing, a ledger and a scripted carrier, for their specs. */
import { type BoughtLabel, type LabelPurchaser, type LabelShipment, type PurchaseOutcome, SandboxCarrierError, ShipperContacts } from '../../carriers';
import { AddressRpc, DomainError, ErrorCode, PaymentsRpc, PricingRpc, singleOrderSchema, type AnyRpcContract, type Customs, type SkuRecord } from '@labeldesk/contracts';
import type { RpcClient } from '@labeldesk/nest-transport';
import type { OrdersEnv } from '../../config';
import type { ExtrasPrice, LabelExtrasRepository } from '../../insurance';
import { type OrderEntity } from '../order.entity';
import type { OrderRepository } from '../order.repository';
import type { OrderCustomsRepository } from '../order-customs.repository';
import { LabelPricer } from '../label-pricer';
import { SellerSkus } from '../seller-skus';
import type { ServiceCosts } from '../../rates';
import { PlaceSingleOrderUseCase } from '../usecases/place-single-order.usecase';
import { ProcessOrderUseCase } from '../usecases/process-order.usecase';

/** What the scripted carrier makes; the purchaser double adds the rest of a bought label. */
export type CreatedLabel = Pick<BoughtLabel, 'trackingNumber' | 'serviceUid' | 'file'>;

export const order = singleOrderSchema.parse({
  service_name: 'USPS Priority Mail',
  sender: { sender_name: 'Ann', sender_address1: '1 Main St', sender_city: 'Austin', sender_state_province: 'TX', sender_zip_postal: '78701' },
  receiver: { receiver_name: 'Bob', receiver_address1: '2 Pine Ave', receiver_city: 'Seattle', receiver_state_province: 'WA', receiver_zip_postal: '98101' },
  package: { package_length: 10, package_width: 8, package_height: 4, package_weight: 2.5 },
});

/** An in-memory order table with the unique (user, key) rule of the real one. */
export class FakeOrders {
  readonly rows = new Map<string, OrderEntity>();
  async insertOrFind(draft: OrderEntity) {
    const existing = [...this.rows.values()].find((o) => o.userId === draft.userId && o.idempotencyKey === draft.idempotencyKey);
    if (existing) return { order: existing, created: false };
    this.rows.set(draft.id, draft);
    return { order: draft, created: true };
  }
  async transition(id: string, from: string, change: Partial<OrderEntity>) {
    const row = this.rows.get(id);
    if (!row || row.status !== from) throw new DomainError(ErrorCode.CONFLICT, `Order ${id} is no longer ${from}`);
    Object.assign(row, change, { updatedAt: new Date() });
    return row;
  }
  async move(id: string, from: string, change: Partial<OrderEntity>) {
    await this.transition(id, from, change);
  }
  async discardUnpaid(id: string) {
    const row = this.rows.get(id);
    return row?.status === 'pending' && row.attempt === 1 && row.trackingNumber === null ? this.rows.delete(id) : false;
  }
  async findById(id: string) {
    return this.rows.get(id) ?? null;
  }
  async findByKey(userId: string, idempotencyKey: string) {
    return [...this.rows.values()].find((o) => o.userId === userId && o.idempotencyKey === idempotencyKey) ?? null;
  }
  readonly files = new Map<string, Buffer>();
  async completeWithLabel(order: { id: string }, label: { trackingNumber: string; labelName: string; file: Buffer }) {
    if (!this.files.has(label.labelName)) this.files.set(label.labelName, label.file);
    await this.move(order.id, 'pending', { status: 'completed', trackingNumber: label.trackingNumber, labelName: label.labelName, labelFileId: `file-${label.labelName}`, failureReason: null });
  }
}

/** Pricing and a ledger that honour idempotency keys, as the real services do. */
export class FakeServices {
  balance = 5000;
  readonly postings = new Map<string, number>();
  calls: string[] = [];
  /** What pricing answers instead of a price, e.g. a service an admin disabled. */
  quoteRefusal: DomainError | null = null;
  quoteDelayMs = 0;
  /** The service pricing answers for the name asked (pricing knows it by its uid). */
  quoted = { serviceUid: 'usps_priority', serviceName: 'USPS Priority Mail' };
  /** Set: the service is priced as the carrier's cost + this many cents, and refused without a cost (decision 085). */
  costMarkupCents: number | null = null;
  /** What each quote was asked to price. */
  readonly quoteItems: Array<Record<string, unknown>> = [];
  /** The seller's SKU presets the address service answers orders (decision 126). */
  skus: SkuRecord[] = [];
  async call(contract: AnyRpcContract, request: Record<string, unknown>) {
    this.calls.push(contract.subject);
    if (contract.subject === AddressRpc.skusForOrders.subject) return { SkuData: this.skus };
    if (contract.subject === PaymentsRpc.accountSummary.subject) {
      return { userId: request['userId'], balanceCents: this.balance, totalDepositCents: 0, totalSpentCents: 0 };
    }
    if (contract.subject === PricingRpc.quote.subject) {
      if (this.quoteDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.quoteDelayMs));
      if (this.quoteRefusal) throw this.quoteRefusal;
      const [item] = request['items'] as Array<{ costCents?: number }>;
      this.quoteItems.push({ ...item });
      if (this.costMarkupCents === null) return { totalCents: 850, items: [{ ...this.quoted, billableWeightLb: 3, priceCents: 850, pricingMode: 'tiers' }] };
      if (item?.costCents === undefined) throw new DomainError(ErrorCode.PRICING_COST_NEEDED, `${this.quoted.serviceName} is priced from the carrier's rate`);
      const priceCents = item.costCents + this.costMarkupCents;
      return { totalCents: priceCents, items: [{ ...this.quoted, billableWeightLb: 3, priceCents, pricingMode: 'cost_markup' }] };
    }
    if (contract.subject === PricingRpc.availableServices.subject) {
      return { services: [{ uid: this.quoted.serviceUid, name: this.quoted.serviceName, category: 'USPS', maxWeight: 70 }] };
    }
    const key = String(request['idempotencyKey']);
    // A refund gives back the charge it names, as the ledger checks (docs/decisions/042).
    if (contract.subject === PaymentsRpc.credit.subject && !this.postings.has(String(request['refundOf']))) throw new DomainError(ErrorCode.FORBIDDEN, 'A refund must point at a label payment');
    const amount = Number(request['amountCents']) * (contract.subject === PaymentsRpc.debit.subject ? -1 : 1);
    if (!this.postings.has(key)) {
      if (this.balance + amount < 0) throw new DomainError(ErrorCode.PAYMENTS_INSUFFICIENT_FUNDS, 'Insufficient balance: please top up your account');
      this.balance += amount;
      this.postings.set(key, amount);
    }
    return { replayed: false };
  }
}

/**
 * The label purchaser as the use case sees it, over a scripted carrier: a label is bought, a SandboxCarrierError is a refusal
 * (or, retryable, a carrier that bought nothing), anything else an answer that never came.
 */
const purchaserOver = (createLabel: (shipment: LabelShipment, key: string) => Promise<CreatedLabel>): LabelPurchaser =>
  ({
    buy: async (shipment: LabelShipment, key: string): Promise<PurchaseOutcome> => {
      try {
        const made = await createLabel(shipment, key);
        return { kind: 'bought', label: { ...made, carrier: 'sandbox', format: shipment.format ?? 'PDF', costCents: 700, carrierRefs: { serial: '1' } } };
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        if (!(error instanceof SandboxCarrierError)) return { kind: 'unknown', message };
        return error.retryable ? { kind: 'not_attempted', reason: 'unavailable', message } : { kind: 'refused', message };
      }
    },
  }) as unknown as LabelPurchaser;

/** What the carriers charge for a service for the parcel asked about; a service missing from it has no rate. */
export class FakeServiceCosts {
  readonly costs = new Map<string, number>([['usps_priority', 790]]);
  readonly asked: Array<{ serviceUid: string; toZip: string }> = [];
  async costOf(shipment: LabelShipment, serviceUid: string): Promise<number | null> {
    this.asked.push({ serviceUid, toZip: shipment.to.zip });
    return this.costs.get(serviceUid) ?? null;
  }
}

/** The extras rows of orders (decision 102), kept as the real table keeps them: the first row of an order id wins. */
export class FakeExtras {
  readonly rows = new Map<string, ExtrasPrice>();
  async record(orderId: string, _userId: string, extras: ExtrasPrice) {
    if (!this.rows.has(orderId)) this.rows.set(orderId, extras);
  }
  async ofOrder(orderId: string) {
    return this.rows.get(orderId) ?? null;
  }
}

/** The customs rows of orders (decision 098): the first declaration of an order id wins, as in the real table. */
export class FakeOrderCustoms {
  readonly rows = new Map<string, Customs>();
  async record(orderId: string, _userId: string, customs: Customs) {
    this.rows.set(orderId, this.rows.get(orderId) ?? customs);
  }
  ofOrder = async (orderId: string): Promise<Customs | null> => this.rows.get(orderId) ?? null;
}

export const setup = (carrierBehaviour: () => Promise<CreatedLabel>) => {
  const orders = new FakeOrders();
  const services = new FakeServices();
  const serviceCosts = new FakeServiceCosts();
  const customs = new FakeOrderCustoms();
  const extras = new FakeExtras();
  const carrier = { createLabel: jest.fn<Promise<CreatedLabel>, [LabelShipment, string]>(carrierBehaviour) };
  const process = new ProcessOrderUseCase(
    orders as unknown as OrderRepository,
    services as unknown as RpcClient,
    purchaserOver(carrier.createLabel),
    // No carrier here reports shippers: the e-mail is never asked for (FakeServices refuses unknown subjects).
    new ShipperContacts(services as unknown as RpcClient, { needsShipperContact: false }),
    { ORDER_GIVE_UP_HOURS: 24 } as OrdersEnv,
    new LabelPricer(services as unknown as RpcClient, serviceCosts as unknown as ServiceCosts),
    customs as unknown as OrderCustomsRepository,
    extras as unknown as LabelExtrasRepository,
  );
  const useCase = new PlaceSingleOrderUseCase(
    orders as unknown as OrderRepository,
    process,
    { ORDER_STALE_SECONDS: 120, CARRIERS: ['sandbox'] } as OrdersEnv,
    extras as unknown as LabelExtrasRepository,
    customs as unknown as OrderCustomsRepository,
    new SellerSkus(services as unknown as RpcClient),
  );
  return { useCase, process, orders, services, carrier, serviceCosts, extras, customs };
};

export const label = async (): Promise<CreatedLabel> => ({ trackingNumber: '9205599999999900010007', serviceUid: 'usps_priority', file: Buffer.from('%PDF') });
export const request = (idempotencyKey = 'key-00000001') => ({ userId: 'u1', idempotencyKey, order });
