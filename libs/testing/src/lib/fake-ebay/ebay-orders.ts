/**
 * eBay Sell Fulfillment API orders as the fake keeps and answers them (vendor/ebay/sell_fulfillment_v1_oas3.json:
 * `Order`, `LineItem`, `FulfillmentStartInstruction`, `ShippingFulfillment`), and getOrders' `filter` as its
 * parameter's description defines it.
 */

export interface EbayAddress {
  addressLine1: string;
  addressLine2?: string;
  city: string;
  stateOrProvince: string;
  postalCode: string;
  countryCode: string;
}

export interface EbayShipTo {
  fullName: string;
  companyName?: string;
  contactAddress: EbayAddress;
  primaryPhone?: { phoneNumber: string };
  email?: string;
}

export interface EbayLineItemRecord {
  lineItemId: string;
  legacyItemId: string;
  sku?: string;
  title: string;
  quantity: number;
  lineItemCost: { value: string; currency: string };
  lineItemFulfillmentStatus: 'NOT_STARTED' | 'IN_PROGRESS' | 'FULFILLED';
  soldFormat: 'FIXED_PRICE' | 'AUCTION';
}

export interface EbayFulfillmentRecord {
  fulfillmentId: string;
  lineItems: Array<{ lineItemId: string; quantity: number }>;
  shipmentTrackingNumber?: string;
  shippedDate: string;
  shippingCarrierCode?: string;
}

export interface EbayOrderRecord {
  orderId: string;
  legacyOrderId: string;
  creationDate: string;
  lastModifiedDate: string;
  orderFulfillmentStatus: 'NOT_STARTED' | 'IN_PROGRESS' | 'FULFILLED';
  orderPaymentStatus: 'PAID' | 'PENDING' | 'FAILED' | 'FULLY_REFUNDED' | 'PARTIALLY_REFUNDED';
  sellerId: string;
  buyer: { username: string };
  cancelStatus: { cancelState: 'NONE_REQUESTED' | 'IN_PROGRESS' | 'CANCELED'; cancelRequests: unknown[] };
  pricingSummary: { total: { value: string; currency: string } };
  fulfillmentStartInstructions: Array<{
    fulfillmentInstructionsType: 'SHIP_TO';
    ebaySupportedFulfillment: boolean;
    shippingStep: { shipTo: EbayShipTo; shippingCarrierCode: string; shippingServiceCode: string };
  }>;
  fulfillmentHrefs: string[];
  lineItems: EbayLineItemRecord[];
  salesRecordReference: string;
  /** The order's shipping fulfillments (getShippingFulfillments); not a field of `Order`. */
  fulfillments: EbayFulfillmentRecord[];
}

/** What a test gives to add an order: the rest is filled as eBay would for a paid fixed-price sale. */
export interface NewEbayOrder {
  shipTo?: Partial<Omit<EbayShipTo, 'contactAddress'>> & { contactAddress?: Partial<EbayAddress> };
  items: Array<{ sku?: string; title?: string; quantity: number }>;
  paymentStatus?: EbayOrderRecord['orderPaymentStatus'];
  cancelState?: EbayOrderRecord['cancelStatus']['cancelState'];
}

const SHIP_TO: EbayShipTo = {
  fullName: 'Jane Buyer',
  contactAddress: { addressLine1: '2145 Hamilton Ave', city: 'San Jose', stateOrProvince: 'CA', postalCode: '95125', countryCode: 'US' },
  primaryPhone: { phoneNumber: '4085550100' },
  email: 'jane.buyer@example.com',
};

/** eBay's timestamps: ISO 8601, UTC, milliseconds (`2015-08-04T19:09:02.768Z`). */
export const ebayTime = (date: Date): string => date.toISOString();

/** An order as eBay builds it from a checkout; `serial` numbers its ids (`05-12345-67890`-style). */
export const newEbayOrder = (order: NewEbayOrder, serial: number, sellerId: string): EbayOrderRecord => {
  const now = ebayTime(new Date());
  const orderId = `05-${String(10_000 + serial).padStart(5, '0')}-${String(60_000 + serial).padStart(5, '0')}`;
  const lineItems = order.items.map((item, index): EbayLineItemRecord => ({
    lineItemId: String(10_000_000_000 + serial * 10 + index),
    legacyItemId: String(110_000_000_000 + serial * 10 + index),
    ...(item.sku === undefined ? {} : { sku: item.sku }),
    title: item.title ?? item.sku ?? 'Item',
    quantity: item.quantity,
    lineItemCost: { value: (9.99 * item.quantity).toFixed(2), currency: 'USD' },
    lineItemFulfillmentStatus: 'NOT_STARTED',
    soldFormat: 'FIXED_PRICE',
  }));
  const shipTo = { ...SHIP_TO, ...order.shipTo, contactAddress: { ...SHIP_TO.contactAddress, ...order.shipTo?.contactAddress } } as EbayShipTo;
  return {
    orderId,
    legacyOrderId: `${110_000_000_000 + serial}-${2_000_000_000_000 + serial}`,
    creationDate: now,
    lastModifiedDate: now,
    orderFulfillmentStatus: 'NOT_STARTED',
    orderPaymentStatus: order.paymentStatus ?? 'PAID',
    sellerId,
    buyer: { username: 'jane_buyer' },
    cancelStatus: { cancelState: order.cancelState ?? 'NONE_REQUESTED', cancelRequests: [] },
    pricingSummary: { total: { value: lineItems.reduce((sum, item) => sum + Number(item.lineItemCost.value), 0).toFixed(2), currency: 'USD' } },
    fulfillmentStartInstructions: [{ fulfillmentInstructionsType: 'SHIP_TO', ebaySupportedFulfillment: false, shippingStep: { shipTo, shippingCarrierCode: 'USPS', shippingServiceCode: 'USPSPriority' } }],
    fulfillmentHrefs: [],
    lineItems,
    salesRecordReference: String(1000 + serial),
    fulfillments: [],
  };
};

/** getOrders' `filter`, read: which fulfilment statuses and which window of modification (or creation) dates. */
export interface EbayOrderFilter {
  statuses: readonly string[] | null;
  created: { from: number; to: number | null } | null;
  modified: { from: number; to: number | null } | null;
}

/** eBay's refusal of a filter: its error id (the operation's 400 `x-response-codes`) and message. */
export interface EbayFilterError {
  errorId: number;
  message: string;
}

const STATUS_SETS = ['{NOT_STARTED|IN_PROGRESS}', '{FULFILLED|IN_PROGRESS}'];
const EBAY_DATE = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{1,3})?Z$/;

const dateRange = (name: string, value: string): { from: number; to: number | null } | EbayFilterError => {
  const range = /^\[([^\]]*?)\.\.([^\]]*)\]$/.exec(value);
  if (!range) return { errorId: 30800, message: `Invalid filter value ${value} for filter ${name}` };
  const [, start = '', end = ''] = range;
  if (start === '') return { errorId: 30820, message: 'Start date is missing' };
  if (!EBAY_DATE.test(start) || (end !== '' && !EBAY_DATE.test(end))) return { errorId: 30810, message: 'Invalid date format' };
  const from = Date.parse(start);
  const to = end === '' ? null : Date.parse(end);
  if (to !== null && from > to) return { errorId: 30840, message: 'Start date should be before end date' };
  if (from > Date.now() || (to !== null && to > Date.now())) return { errorId: 30850, message: "Start and end dates can't be in the future" };
  return { from, to };
};

/** The filter as getOrders reads it: comma-separated `name:value` criteria, only the combinations it supports. */
export const parseEbayFilter = (text: string | undefined): EbayOrderFilter | EbayFilterError => {
  const filter: EbayOrderFilter = { statuses: null, created: null, modified: null };
  if (text === undefined || text === '') return filter;
  for (const criterion of text.split(/,(?![^[{]*[\]}])/)) {
    const colon = criterion.indexOf(':');
    const name = colon < 0 ? criterion : criterion.slice(0, colon);
    const value = colon < 0 ? '' : criterion.slice(colon + 1);
    if (name === 'orderfulfillmentstatus') {
      if (!STATUS_SETS.includes(value)) return { errorId: 30800, message: `Invalid filter value ${value} for filter ${name}` };
      filter.statuses = value.slice(1, -1).split('|');
    } else if (name === 'creationdate' || name === 'lastmodifieddate') {
      const range = dateRange(name, value);
      if ('errorId' in range) return range;
      filter[name === 'creationdate' ? 'created' : 'modified'] = range;
    } else {
      return { errorId: 30700, message: `Invalid filter name: ${name}` };
    }
  }
  return filter;
};

const within = (date: string, range: { from: number; to: number | null } | null): boolean => {
  if (range === null) return true;
  const at = Date.parse(date);
  return at >= range.from && (range.to === null || at <= range.to);
};

/** The orders a filter selects, newest first; "if creationdate and lastmodifieddate are both included, only creationdate is used". */
export const selectEbayOrders = (orders: readonly EbayOrderRecord[], filter: EbayOrderFilter): EbayOrderRecord[] =>
  orders
    .filter((order) => filter.statuses === null || filter.statuses.includes(order.orderFulfillmentStatus))
    .filter((order) => (filter.created !== null ? within(order.creationDate, filter.created) : within(order.lastModifiedDate, filter.modified)))
    .sort((a, b) => (a.creationDate === b.creationDate ? b.orderId.localeCompare(a.orderId) : a.creationDate < b.creationDate ? 1 : -1));

/** An order as the API answers it (the fulfillments are answered by their own call). */
export const ebayOrderJson = ({ fulfillments: _fulfillments, ...order }: EbayOrderRecord): Omit<EbayOrderRecord, 'fulfillments'> => order;
