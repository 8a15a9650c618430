import type { StoreConnectField, StoreOrderItem, StoreOrderReceiver } from '@labeldesk/contracts';
import type { z } from 'zod';
import type { StoreHttp } from '../http/store-http';

/** A connection as a plugin uses it: the store's address and the secrets it was connected with (opened). */
export interface StoreAccount {
  url: string;
  secrets: Readonly<Record<string, string>>;
}

/** What connecting answers: the store's name and address, its identity (the same store connected again is the same), and what to keep sealed. */
export interface ConnectedAccount extends StoreAccount {
  name: string;
  /** The store's identity among this seller's stores (its normalised address): an order number is unique within it. */
  storeKey: string;
}

/** One order as imported: the store's id for it (write-back names it), the number the seller knows it by, where it goes and what is in it. */
export interface ImportedOrder {
  externalId: string;
  orderNumber: string;
  placedAt: string;
  modifiedAt: string;
  receiver: StoreOrderReceiver;
  items: StoreOrderItem[];
}

/** A page of an import: its orders, and the cursor to resume after it (null: keep the previous one). */
export interface ImportPage {
  orders: ImportedOrder[];
  cursor: string | null;
}

/** The label bought for an imported order, as the store is told of it. */
export interface Fulfilment {
  externalId: string;
  orderNumber: string;
  /** The courier as a buyer knows it (USPS, UPS). */
  courier: string;
  trackingNumber: string;
  trackingUrl: string | null;
}

/** A store's pushes (orders created), verified on the exact bytes with the connection's secrets. */
export interface StoreWebhookReader {
  verify(rawBody: string, headers: Readonly<Record<string, string | undefined>>, account: StoreAccount): boolean;
  parse(rawBody: string): ImportedOrder | null;
}

/** A store refused what it was asked (wrong keys, no such store): said to the seller as a 400 with the store's reason. */
export class StoreRefusedError extends Error {
  override readonly name = 'StoreRefusedError';
}

/**
 * One store as a plugin (as carriers are, carrier-plugin.ts): its id and name, the fields connecting it takes
 * (zod: checked before anything is called), how to connect (checking the credentials against the store), import
 * orders since a cursor, and write a label's tracking back. Adding a store is its folder with one of these, plus its
 * line in store-plugins.ts.
 */
export interface StorePlugin<Credentials extends z.ZodType = z.ZodType> {
  id: string;
  displayName: string;
  credentials: Credentials;
  /** The credentials' fields as a form asks for them (the web app's connect form is drawn from these). */
  connectFields: readonly StoreConnectField[];
  /** Checks the credentials against the store (throws StoreRefusedError when it refuses them). */
  connect(credentials: z.output<Credentials>, http: StoreHttp): Promise<ConnectedAccount>;
  /** The orders awaiting shipment changed after `cursor` (all of them when null), a page at a time. */
  importOrders(account: StoreAccount, cursor: string | null, http: StoreHttp): AsyncIterable<ImportPage>;
  /** Tells the store the order shipped (at least once: a repeat must not tell the buyer twice). */
  writeBack(account: StoreAccount, fulfilment: Fulfilment, http: StoreHttp): Promise<void>;
  webhook?: StoreWebhookReader;
}

/** Keeps a plugin's credential type while checking it against the interface. */
export const defineStorePlugin = <Credentials extends z.ZodType>(plugin: StorePlugin<Credentials>): StorePlugin<Credentials> => plugin;
