import { randomInt } from 'node:crypto';

/** Order, OrderItem and Address as Orders v0 defines them (ordersV0.json `definitions`): the fields the fake keeps. */
export interface AmazonAddress {
  Name?: string;
  CompanyName?: string;
  AddressLine1?: string;
  AddressLine2?: string;
  AddressLine3?: string;
  City?: string;
  StateOrRegion?: string;
  PostalCode?: string;
  CountryCode?: string;
  Phone?: string;
  AddressType?: 'Residential' | 'Commercial';
}

export interface FakeAmazonOrderItem {
  ASIN: string;
  SellerSKU: string;
  OrderItemId: string;
  Title: string;
  QuantityOrdered: number;
  QuantityShipped: number;
}

/** `packageDetail` of a confirmShipment the fake accepted. */
export interface ConfirmedPackage {
  packageReferenceId: string;
  carrierCode: string;
  carrierName?: string;
  trackingNumber: string;
  shipDate: string;
  orderItems: Array<{ orderItemId: string; quantity: number }>;
}

export type OrderStatus = 'Pending' | 'Unshipped' | 'PartiallyShipped' | 'Shipped' | 'Canceled' | 'Unfulfillable' | 'InvoiceUnconfirmed' | 'PendingAvailability';

export interface FakeAmazonOrder {
  AmazonOrderId: string;
  PurchaseDate: string;
  LastUpdateDate: string;
  OrderStatus: OrderStatus;
  FulfillmentChannel: 'MFN' | 'AFN';
  MarketplaceId: string;
  /** Null: an order with no address (Amazon gives none to a seller before payment, or for a digital order). */
  ShippingAddress: AmazonAddress | null;
  BuyerInfo: { BuyerEmail: string; BuyerName: string };
  items: FakeAmazonOrderItem[];
  packages: ConfirmedPackage[];
}

/** What a test gives to add an order: the rest is filled as a buyer's checkout on Amazon.com would. */
export interface NewAmazonOrder {
  status?: OrderStatus;
  fulfillmentChannel?: 'MFN' | 'AFN';
  shippingAddress?: Partial<AmazonAddress> | null;
  buyerName?: string;
  items: Array<{ sku: string; title?: string; quantity: number; shipped?: number }>;
}

/** Address elements Amazon answers without a Restricted Data Token (the rest is personal information). */
const UNRESTRICTED_ADDRESS = ['City', 'StateOrRegion', 'PostalCode', 'CountryCode'] as const;

const ADDRESS: AmazonAddress = { Name: 'Jane Buyer', AddressLine1: '2201 Westlake Ave', City: 'Seattle', StateOrRegion: 'WA', PostalCode: '98121-2778', CountryCode: 'US', Phone: '+1 206-555-0100', AddressType: 'Residential' };
const digits = (count: number): string => Array.from({ length: count }, () => String(randomInt(10))).join('');
const second = (date: Date): string => `${date.toISOString().slice(0, 19)}Z`;

export const newOrder = (order: NewAmazonOrder, marketplaceId: string): FakeAmazonOrder => {
  const now = second(new Date());
  return {
    AmazonOrderId: `${digits(3)}-${digits(7)}-${digits(7)}`,
    PurchaseDate: now,
    LastUpdateDate: now,
    OrderStatus: order.status ?? 'Unshipped',
    FulfillmentChannel: order.fulfillmentChannel ?? 'MFN',
    MarketplaceId: marketplaceId,
    ShippingAddress: order.shippingAddress === null ? null : { ...ADDRESS, ...order.shippingAddress },
    BuyerInfo: { BuyerEmail: `${digits(12)}@marketplace.amazon.com`, BuyerName: order.buyerName ?? 'Jane Buyer' },
    items: order.items.map((item) => ({ ASIN: `B0${digits(8)}`, SellerSKU: item.sku, OrderItemId: digits(14), Title: item.title ?? item.sku, QuantityOrdered: item.quantity, QuantityShipped: item.shipped ?? 0 })),
    packages: [],
  };
};

/** An order as getOrders/getOrder answer it: its address and buyer in full with a token for them, else only what is not personal. */
export const orderAnswer = (order: FakeAmazonOrder, restricted: { shippingAddress: boolean; buyerInfo: boolean }) => {
  const unshipped = order.items.reduce((sum, item) => sum + item.QuantityOrdered - item.QuantityShipped, 0);
  const shipped = order.items.reduce((sum, item) => sum + item.QuantityShipped, 0);
  const address = order.ShippingAddress === null ? undefined : restricted.shippingAddress ? order.ShippingAddress : Object.fromEntries(UNRESTRICTED_ADDRESS.flatMap((key) => (order.ShippingAddress?.[key] === undefined ? [] : [[key, order.ShippingAddress[key]]])));
  return {
    AmazonOrderId: order.AmazonOrderId,
    PurchaseDate: order.PurchaseDate,
    LastUpdateDate: order.LastUpdateDate,
    OrderStatus: order.OrderStatus,
    FulfillmentChannel: order.FulfillmentChannel,
    SalesChannel: 'Amazon.com',
    ShipServiceLevel: 'Std US D2D Dom',
    NumberOfItemsShipped: shipped,
    NumberOfItemsUnshipped: unshipped,
    MarketplaceId: order.MarketplaceId,
    ShipmentServiceLevelCategory: 'Standard',
    OrderType: 'StandardOrder',
    IsBusinessOrder: false,
    IsPrime: false,
    IsPremiumOrder: false,
    IsReplacementOrder: false,
    ...(address === undefined ? {} : { ShippingAddress: address }),
    ...(restricted.buyerInfo ? { BuyerInfo: order.BuyerInfo } : {}),
  };
};

export const itemAnswer = (item: FakeAmazonOrderItem) => ({
  ASIN: item.ASIN,
  SellerSKU: item.SellerSKU,
  OrderItemId: item.OrderItemId,
  Title: item.Title,
  QuantityOrdered: item.QuantityOrdered,
  QuantityShipped: item.QuantityShipped,
  IsGift: 'false',
  ConditionId: 'New',
});

/** After a package is confirmed: Shipped when every unit is, else PartiallyShipped. */
export const statusAfterShipping = (order: FakeAmazonOrder): OrderStatus => (order.items.every((item) => item.QuantityShipped >= item.QuantityOrdered) ? 'Shipped' : 'PartiallyShipped');
export const secondPrecision = second;
