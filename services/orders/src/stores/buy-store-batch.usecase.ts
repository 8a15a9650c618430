import { Injectable } from '@nestjs/common';
import {
  alreadyShippedLeftOutMessage,
  bulkOrderItemSchema,
  customsFromSkus,
  DomainError,
  ErrorCode,
  rateRuleText,
  storeOrderPackage,
  type BulkOrderItem,
  type CustomsRefusedStoreOrder,
  type FieldIssue,
  type LeftOutStoreOrder,
  type SkuRecord,
  type StoreBatchResponse,
  type StoreOrder,
  type storeBatchRequestSchema,
} from '@labeldesk/contracts';
import type { z } from 'zod';
import { BulkOrdersRepository, BulkStagingRepository, SubmitBulkOrderUseCase } from '../bulk';
import { SellerSkus } from '../orders';
import { StoreBatchRepository } from './store-batch.repository';
import { StoreOrdersRepository } from './store-orders.repository';

type StoreBatchRequest = z.output<typeof storeBatchRequestSchema>;

/** A label that stands: bought or being bought, neither failed, voided nor refunded. */
const standing = (order: StoreOrder): boolean => order.label !== null && order.label.status !== 'cancelled';

/** When and with what tracking number an order's own label was bought (being bought: now, no number yet). */
const shippedBy = (order: StoreOrder): { shippedAt: string; trackingNumber: string } => ({
  shippedAt: order.label?.boughtAt ?? new Date().toISOString(),
  trackingNumber: order.label?.trackingNumber ?? '',
});

/**
 * Buys the imported orders selected in the inbox as one bulk batch (decision 113): the batch's rate rule, then the
 * bulk engine's labels, files and SCAN form. An order that already has a label (its own, single or in a batch, or its
 * order number's in an uploaded batch) is left out unless the seller buys another on purpose; each kept order is
 * claimed by its batch row in one statement first, so a second tab or a second batch cannot buy it again. A refusal
 * (a row that cannot be bought, the balance) gives the claims back: nothing held, nothing claimed.
 */
@Injectable()
export class BuyStoreBatchUseCase {
  constructor(
    private readonly orders: StoreOrdersRepository,
    private readonly claims: StoreBatchRepository,
    private readonly batches: BulkOrdersRepository,
    private readonly staging: BulkStagingRepository,
    private readonly submit: SubmitBulkOrderUseCase,
    private readonly skus: SellerSkus,
  ) {}

  async execute(userId: string, request: StoreBatchRequest): Promise<StoreBatchResponse> {
    const ids = [...new Set(request.storeOrderIds)];
    const found = await this.orders.byIds(userId, ids);
    if (found.length !== ids.length) throw new DomainError(ErrorCode.NOT_FOUND, 'No such imported order');
    const byNumber = await this.orders.shippedByNumber(userId, ids);
    const again = new Set(request.buyAnother);
    const leftOut: LeftOutStoreOrder[] = [];
    const wanted: StoreOrder[] = [];
    for (const order of found) {
      const earlier = standing(order) ? shippedBy(order) : byNumber.get(order.id);
      if (earlier && !again.has(order.id) && order.label?.batchId !== request.batchId) leftOut.push({ storeOrderId: order.id, orderNumber: order.orderNumber, ...earlier });
      else wanted.push(order);
    }
    if (wanted.length === 0) throw nothingLeft(leftOut.length);

    const { rows, customsRefused } = this.rowsOf(wanted, request, await this.skus.of(userId));
    const rowIds = new Set(rows.map((row) => row.storeOrderId));
    const toClaim = wanted.filter((order) => rowIds.has(order.id));
    await this.batches.createDraft(userId, request.batchId);
    const claimed = new Set(await this.claims.claim(userId, request.batchId, toClaim.map((order) => order.id), [...again]));
    // An order claimed meanwhile by another tab's batch (or bought alone) is left out as already shipped.
    for (const order of toClaim.filter((candidate) => !claimed.has(candidate.id))) {
      const [now] = await this.orders.byIds(userId, [order.id]);
      leftOut.push({ storeOrderId: order.id, orderNumber: order.orderNumber, ...shippedBy(now ?? order) });
    }
    const kept = rows.filter((row) => claimed.has(row.storeOrderId)).map((row) => row.item);
    if (kept.length === 0) throw nothingLeft(leftOut.length);

    try {
      await this.staging.stage(request.batchId, userId, 0, kept);
      const answer = await this.submit.process({
        userId,
        orderId: request.batchId,
        rowCount: kept.length,
        options: { labelFormat: request.labelFormat, sortBySku: false, rateRule: request.rateRule },
      });
      const count = leftOut.length + (answer.alreadyShippedCount ?? 0);
      const notes = [leftOut.length > 0 ? ` ${alreadyShippedLeftOutMessage(leftOut.length)}.` : '', customsRefused.length > 0 ? ` ${customsLeftOutMessage(customsRefused)}` : ''].join('');
      return { ...answer, message: `${answer.message}${notes}`, alreadyShippedCount: count, leftOut, ...(customsRefused.length > 0 ? { customsRefused } : {}) };
    } catch (error) {
      const batch = await this.batches.find(request.batchId);
      if (batch?.status === 'draft') await this.claims.release(request.batchId);
      throw error;
    }
  }

  /**
   * Each order's bulk row, checked as an uploaded row is (its receiver from the store, its parcel and, abroad, its
   * customs from the seller's SKUs, decision 121); an order that cannot make a row refuses the purchase naming its
   * order number, before anything is claimed. An order abroad whose SKUs lack what its country's customs need is left
   * out alone with that reason, as a bulk row is (decision 100); when every order is, the purchase is refused by order.
   */
  private rowsOf(
    orders: readonly StoreOrder[],
    request: StoreBatchRequest,
    skus: readonly SkuRecord[],
  ): { rows: Array<{ storeOrderId: string; item: BulkOrderItem }>; customsRefused: CustomsRefusedStoreOrder[] } {
    const issues: FieldIssue[] = [];
    const customsRefused: CustomsRefusedStoreOrder[] = [];
    const service = request.rateRule.kind === 'service' ? (request.service_name ?? '') : rateRuleText(request.rateRule);
    const rows = orders.flatMap((order) => {
      const parcel = storeOrderPackage(order.items, skus) ?? request.packages[order.id];
      if (!parcel) {
        issues.push({ path: `storeOrderIds.${order.id}`, message: `Order #${order.orderNumber}: no weight (add SKU presets for its items)` });
        return [];
      }
      const customs = customsFromSkus(
        {
          receiver: { country: order.receiver.receiver_country, state: order.receiver.receiver_state_province },
          lines: order.items.map((item) => ({ sku: item.sku, quantity: item.quantity })),
          signer: request.sender.sender_name,
        },
        skus,
      );
      if (customs && !customs.ok) {
        customsRefused.push({ storeOrderId: order.id, orderNumber: order.orderNumber, message: `Order #${order.orderNumber}: ${customs.message}` });
        return [];
      }
      const units = order.items.reduce((sum, item) => sum + item.quantity, 0);
      const names = order.items.map((item) => `${item.sku || item.name} × ${item.quantity}`).join(', ');
      const parsed = bulkOrderItemSchema.safeParse({
        courier: request.courier,
        service_name: service,
        // The claim above is this row's guard against a second label; the submit's order-ID guard would also leave out
        // another store's order of the same number.
        buy_another: true,
        sender: request.sender,
        receiver: order.receiver,
        package: {
          package_length: parcel.length,
          package_width: parcel.width,
          package_height: parcel.height,
          package_weight: parcel.weightLb,
          package_description: `Order ${order.orderNumber}`.slice(0, 200),
          package_reference1: String(units).slice(0, 50),
          package_reference2: (names.length > 64 ? `${names.slice(0, 63)}…` : names) || null,
          order_id: order.orderNumber.slice(0, 100),
          sku_number: order.items.length === 1 ? order.items[0]?.sku || null : null,
          quantity: Math.max(1, units),
          items: order.items.length > 1 ? order.items.slice(0, 20).map((item) => ({ sku_number: item.sku || null, description: item.name || null, quantity: item.quantity })) : undefined,
        },
        customs: customs?.customs,
      });
      if (!parsed.success) {
        for (const issue of parsed.error.issues) issues.push({ path: `storeOrderIds.${order.id}`, message: `Order #${order.orderNumber}: ${issue.message}` });
        return [];
      }
      return [{ storeOrderId: order.id, item: parsed.data }];
    });
    if (issues.length > 0) throw new DomainError(ErrorCode.VALIDATION_FAILED, issues[0]?.message ?? 'An order cannot be bought', issues);
    if (rows.length === 0) {
      const byOrder = customsRefused.map((refused) => ({ path: `storeOrderIds.${refused.storeOrderId}.customs`, message: refused.message }));
      throw new DomainError(ErrorCode.VALIDATION_FAILED, `No order can be bought: ${customsRefused.map((refused) => refused.message).join('; ')}`, byOrder);
    }
    return { rows, customsRefused };
  }
}

/** "1 order was left out for its customs: Order #1002: SKU MUG-1 has no HS code; Germany requires one." */
const customsLeftOutMessage = (refused: readonly CustomsRefusedStoreOrder[]): string =>
  `${refused.length} order${refused.length === 1 ? ' was' : 's were'} left out for ${refused.length === 1 ? 'its' : 'their'} customs: ${refused.map((one) => one.message).join('; ')}.`;

const nothingLeft = (leftOut: number): DomainError =>
  new DomainError(ErrorCode.VALIDATION_FAILED, `${alreadyShippedLeftOutMessage(leftOut)}, so nothing was bought. Tick "Buy another label" on an order to ship it again.`);
