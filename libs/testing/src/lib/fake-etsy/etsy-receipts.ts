/**
 * Etsy shop receipts as the fake keeps and answers them (vendor/etsy/open-api-v3.json: `ShopReceipt`,
 * `ShopReceiptTransaction`, `ShopReceiptShipment`, `Money`), and getShopReceipts' filters as its parameters say.
 */

interface Money {
  amount: number;
  divisor: number;
  currency_code: string;
}

export interface EtsyTransactionRecord {
  transaction_id: number;
  title: string | null;
  seller_user_id: number;
  buyer_user_id: number;
  create_timestamp: number;
  created_timestamp: number;
  paid_timestamp: number | null;
  shipped_timestamp: number | null;
  quantity: number;
  receipt_id: number;
  is_digital: boolean;
  listing_id: number;
  transaction_type: string;
  product_id: number;
  sku: string | null;
  price: Money;
  shipping_cost: Money;
}

export interface EtsyShipmentRecord {
  receipt_shipping_id: number | null;
  shipment_notification_timestamp: number;
  carrier_name: string;
  tracking_code: string;
}

export interface EtsyReceiptRecord {
  receipt_id: number;
  receipt_type: number;
  seller_user_id: number;
  buyer_user_id: number;
  buyer_email: string | null;
  name: string;
  first_line: string;
  second_line: string | null;
  city: string;
  state: string | null;
  zip: string;
  /** The document's enum is lower case; Etsy's answers have been seen capitalised ("Paid"): the plugin reads is_paid/is_shipped. */
  status: 'paid' | 'completed' | 'open' | 'payment processing' | 'canceled' | 'fully refunded' | 'partially refunded';
  formatted_address: string;
  country_iso: string;
  is_paid: boolean;
  is_shipped: boolean;
  create_timestamp: number;
  created_timestamp: number;
  update_timestamp: number;
  updated_timestamp: number;
  is_gift: boolean;
  grandtotal: Money;
  shipments: EtsyShipmentRecord[];
  transactions: EtsyTransactionRecord[];
}

/** What a test gives to add a receipt: the rest is filled as Etsy would for a paid checkout. */
export interface NewEtsyReceipt {
  address?: Partial<Pick<EtsyReceiptRecord, 'name' | 'first_line' | 'second_line' | 'city' | 'state' | 'zip' | 'country_iso' | 'buyer_email'>>;
  items: Array<{ sku?: string | null; title?: string; quantity: number; digital?: boolean }>;
  paid?: boolean;
}

const usd = (cents: number): Money => ({ amount: cents, divisor: 100, currency_code: 'USD' });
export const unixNow = (): number => Math.floor(Date.now() / 1000);

/** A receipt as Etsy builds it from a checkout, created and updated now. */
export const newEtsyReceipt = (receipt: NewEtsyReceipt, receiptId: number, sellerUserId: number): EtsyReceiptRecord => {
  const now = unixNow();
  const address = { name: 'Jane Buyer', first_line: '2145 Hamilton Ave', second_line: null, city: 'San Jose', state: 'CA', zip: '95125', country_iso: 'US', buyer_email: 'jane.buyer@example.com', ...receipt.address };
  const paid = receipt.paid ?? true;
  const transactions = receipt.items.map((item, index): EtsyTransactionRecord => ({
    transaction_id: receiptId * 10 + index,
    title: item.title ?? item.sku ?? 'Handmade item',
    seller_user_id: sellerUserId,
    buyer_user_id: 55_555_555,
    create_timestamp: now,
    created_timestamp: now,
    paid_timestamp: paid ? now : null,
    shipped_timestamp: null,
    quantity: item.quantity,
    receipt_id: receiptId,
    is_digital: item.digital ?? false,
    listing_id: 1_000_000_000 + receiptId * 10 + index,
    transaction_type: 'listing',
    product_id: 2_000_000_000 + index,
    sku: item.sku ?? null,
    price: usd(1500),
    shipping_cost: usd(0),
  }));
  return {
    receipt_id: receiptId,
    receipt_type: 0,
    seller_user_id: sellerUserId,
    buyer_user_id: 55_555_555,
    ...address,
    status: paid ? 'paid' : 'open',
    formatted_address: [address.name, address.first_line, address.second_line, `${address.city}, ${address.state ?? ''} ${address.zip}`, address.country_iso].filter(Boolean).join('\n'),
    is_paid: paid,
    is_shipped: false,
    create_timestamp: now,
    created_timestamp: now,
    update_timestamp: now,
    updated_timestamp: now,
    is_gift: false,
    grandtotal: usd(1500 * receipt.items.reduce((sum, item) => sum + item.quantity, 0)),
    shipments: [],
    transactions,
  };
};

const flag = (text: string | undefined): boolean | null => (text === undefined ? null : text === 'true');
const number = (text: string | undefined): number | null => (text === undefined ? null : Number(text));

/** getShopReceipts: the receipts its filters select, in its order (`sort_on` created by default, `sort_order` desc). */
export const selectEtsyReceipts = (receipts: readonly EtsyReceiptRecord[], query: Record<string, string>): EtsyReceiptRecord[] => {
  const wasPaid = flag(query['was_paid']);
  const wasShipped = flag(query['was_shipped']);
  const wasCanceled = flag(query['was_canceled']);
  const bounds = { minCreated: number(query['min_created']), maxCreated: number(query['max_created']), minModified: number(query['min_last_modified']), maxModified: number(query['max_last_modified']) };
  const key = { created: 'create_timestamp', updated: 'update_timestamp', receipt_id: 'receipt_id' }[query['sort_on'] ?? 'created'] as 'create_timestamp' | 'update_timestamp' | 'receipt_id';
  const ascending = ['asc', 'ascending', 'up'].includes(query['sort_order'] ?? 'desc');
  return receipts
    .filter((receipt) => (wasPaid === null || receipt.is_paid === wasPaid) && (wasShipped === null || receipt.is_shipped === wasShipped) && (wasCanceled === null || (receipt.status === 'canceled') === wasCanceled))
    .filter((receipt) => (bounds.minCreated === null || receipt.create_timestamp >= bounds.minCreated) && (bounds.maxCreated === null || receipt.create_timestamp <= bounds.maxCreated))
    .filter((receipt) => (bounds.minModified === null || receipt.update_timestamp >= bounds.minModified) && (bounds.maxModified === null || receipt.update_timestamp <= bounds.maxModified))
    .sort((a, b) => (a[key] === b[key] ? a.receipt_id - b.receipt_id : a[key] - b[key]) * (ascending ? 1 : -1));
};
