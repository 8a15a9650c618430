import type { BulkOrderItem, SlipVariant } from '@labeldesk/contracts';

export type { SlipVariant };
import { type LabelAddress, toShipment } from '../carriers';
import { printableText } from '../printing';


/** A batch row as the slips need it, in the label file's order. */
export interface SlipRow {
  itemId: string;
  /** 1-based row of the batch's file. */
  row: number;
  data: BulkOrderItem;
  trackingNumber: string;
  serviceName: string;
}

export interface SlipItem {
  sku: string;
  description: string;
  quantity: number;
}

/** One packing slip: one order, its items, where it goes and who sends it. */
export interface PackingSlip {
  /** The row's order id (Amazon's, or a shop's such as `#1041`), or the row's own id when the file had none. */
  orderRef: string;
  /** The order id has Amazon's 3-7-7 digits: the slip says "Amazon order". */
  fromAmazon: boolean;
  shipTo: LabelAddress;
  from: LabelAddress;
  items: SlipItem[];
  trackingNumbers: string[];
  service: string;
}

const addressesOf = (data: BulkOrderItem) => {
  const { from, to } = toShipment({ serviceUid: '', sender: data.sender, receiver: data.receiver, package: data.package }, null);
  return { from, to };
};

/** A row's items: the ones it lists when it ships an order's several (decision 091), else the row's own package. */
const itemsOf = (data: BulkOrderItem): SlipItem[] =>
  data.package.items && data.package.items.length > 0
    ? data.package.items.map((item) => ({ sku: item.sku_number ?? '', description: item.description ?? '', quantity: item.quantity }))
    : [{ sku: data.package.sku_number ?? data.package.package_reference2 ?? '', description: data.package.package_description ?? '', quantity: data.package.quantity }];

/** Amazon's order-id: "Alphanumeric text, 3-7-7 format", in practice digits (058-3563777-5518068). */
const AMAZON_ORDER_ID = /^\d{3}-\d{7}-\d{7}$/;

/**
 * The slips of a batch, in the order of its labels: rows sharing an order id (and ship-to name) are one order
 * and one slip, placed where its first label is; a row without an order-id is an order of its own.
 */
export const packingSlipsOf = (rows: readonly SlipRow[]): PackingSlip[] => {
  const slips: PackingSlip[] = [];
  const byOrder = new Map<string, PackingSlip>();
  for (const row of rows) {
    const orderId = row.data.package.order_id?.trim() || null;
    const { from, to } = addressesOf(row.data);
    const key = orderId ? `${orderId}\n${printableText(to.name).toUpperCase()}` : null;
    const known = key ? byOrder.get(key) : undefined;
    if (known) {
      known.items.push(...itemsOf(row.data));
      known.trackingNumbers.push(row.trackingNumber);
      continue;
    }
    const slip: PackingSlip = {
      orderRef: orderId ?? row.itemId,
      fromAmazon: orderId !== null && AMAZON_ORDER_ID.test(orderId),
      shipTo: to,
      from,
      items: itemsOf(row.data),
      trackingNumbers: [row.trackingNumber],
      service: row.serviceName,
    };
    slips.push(slip);
    if (key) byOrder.set(key, slip);
  }
  return slips;
};

/**
 * What a slip's page says, line by line (the renderer lays them out). No slip says what the label cost: that is the
 * seller's postage, not the buyer's business (a seller found it printed on every slip, issue 49); a gift slip does not
 * say how it was shipped either.
 */
export interface SlipText {
  title: string;
  orderLine: string;
  shipTo: string[];
  from: string[];
  itemHeader: string[];
  items: string[][];
  footer: string[];
}

export const addressText = (a: LabelAddress): string[] =>
  [a.name, a.company, a.street1, a.street2, `${a.city}, ${a.state} ${a.zip}`].map((line) => printableText(line ?? '')).filter((line) => line !== '');

export const slipText = (slip: PackingSlip, variant: SlipVariant): SlipText => {
  const quantity = slip.items.reduce((sum, item) => sum + item.quantity, 0);
  const shipping = variant === 'gift' ? [] : [`Shipped with ${printableText(slip.service)}`];
  return {
    title: variant === 'gift' ? 'GIFT PACKING SLIP' : 'PACKING SLIP',
    orderLine: slip.fromAmazon ? `Amazon order ${printableText(slip.orderRef)}` : `Order ${printableText(slip.orderRef)}`,
    shipTo: addressText(slip.shipTo),
    from: addressText(slip.from),
    itemHeader: ['SKU', 'Description', 'Qty'],
    items: slip.items.map((item) => [printableText(item.sku) || '-', printableText(item.description) || '-', String(item.quantity)]),
    footer: [
      `Items: ${quantity}`,
      ...shipping,
      `Tracking: ${slip.trackingNumbers.join(', ')}`,
      ...(variant === 'gift' ? ['A gift for you. Enjoy!'] : []),
    ],
  };
};
