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
  /** When the secrets stop working (an OAuth access token's expiry, ISO 8601); null or absent: they do not expire. */
  expiresAt?: string | null;
}

/** New secrets for a connection whose access token expires: kept sealed in place of the old ones. */
export interface RefreshedSecrets {
  secrets: Readonly<Record<string, string>>;
  /** When these stop working (ISO 8601); refreshed again before then. */
  expiresAt: string | null;
}

/** What a plugin's settings (its piece of the orders environment, e.g. SHOPIFY_API_KEY) parse to. */
export type StoreSettings<Shape extends z.ZodRawShape = z.ZodRawShape> = z.output<z.ZodObject<Shape>>;

/** The start of an OAuth connection: where to send the seller, with what to bind their return to this attempt. */
export interface OAuthStart<Fields> {
  /** Opaque, single-use, unguessable: the callback names the pending connection by it (stored hashed). */
  state: string;
  /** The callback route's URL (`{PUBLIC_URL}/api/stores/callback/{kind}`), registered with the store's app. */
  redirectUri: string;
  /** PKCE (RFC 7636) S256 challenge of the verifier kept with the pending connection; ignored by stores without PKCE. */
  codeChallenge: string;
  /** What the seller typed, checked by the plugin's `credentials` schema (Shopify: the shop's domain; often nothing). */
  fields: Fields;
}

/** The seller's return to the callback route with the store's authorisation code. */
export interface OAuthReturn<Fields> {
  code: string;
  redirectUri: string;
  /** The PKCE verifier of the pending connection (send it when the store uses PKCE). */
  codeVerifier: string;
  /** What the seller typed when starting (as checked then). */
  fields: Fields;
  /** Every query parameter of the callback (Shopify: shop, hmac, timestamp; others may add their own). */
  query: Readonly<Record<string, string>>;
}

/**
 * How a store connects through OAuth 2 (decision 107) instead of keys typed in. The framework keeps the pending
 * connection (state hashed, PKCE verifier, fields, 10 minutes), answers `POST /api/stores` with `authorizeUrl`, checks
 * and uses the state once on `GET /api/stores/callback/{kind}`, then calls `verifyCallback` and `exchange`, seals
 * the secrets, imports, and refreshes them (`refresh`) before `expiresAt`.
 */
export interface StoreOAuth<Fields, Settings> {
  /** The store's authorize page, with the app's client id, scopes, redirect URI, state (and the PKCE challenge). */
  authorizeUrl(start: OAuthStart<Fields>, settings: Settings): string;
  /** The callback's query parameter holding the code, when the store does not call it `code` (Amazon: `spapi_oauth_code`). */
  codeParameter?: string;
  /** Checks a signature the store put on its callback (Shopify's `hmac`); false refuses it. Absent: nothing to check. */
  verifyCallback?(query: Readonly<Record<string, string>>, settings: Settings): boolean;
  /** Trades the code for tokens (throws StoreRefusedError when the store refuses it). */
  exchange(callback: OAuthReturn<Fields>, http: StoreHttp, settings: Settings): Promise<ConnectedAccount>;
  /**
   * For access tokens that expire (eBay 2 h, Etsy 1 h, Amazon LWA 1 h): new secrets from the refresh token. Throws
   * StoreAuthorizationError when the grant is revoked or expired (the connection then says to reconnect).
   */
  refresh?(account: StoreAccount, http: StoreHttp, settings: Settings): Promise<RefreshedSecrets>;
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
export interface StoreWebhookReader<Settings = StoreSettings> {
  /**
   * The store key (ConnectedAccount.storeKey) of the connections a push is for, from its headers or body (Shopify:
   * X-Shopify-Shop-Domain); null when it names none. Every live connection of that store is given the order.
   */
  storeKeyOf(rawBody: string, headers: Readonly<Record<string, string | undefined>>): string | null;
  /** Checks the push's signature over the exact bytes: with the app's secret (settings) or the connection's. */
  verify(rawBody: string, headers: Readonly<Record<string, string | undefined>>, account: StoreAccount | null, settings: Settings): boolean;
  /** The pushed order as imported (null: not one to import, e.g. nothing to ship). */
  parse(rawBody: string, headers: Readonly<Record<string, string | undefined>>): ImportedOrder | null;
}

/** A store refused what it was asked (wrong keys, no such store): said to the seller as a 400 with the store's reason. */
export class StoreRefusedError extends Error {
  override readonly name: string = 'StoreRefusedError';
}

/**
 * The store no longer accepts the connection's token (revoked by the seller, uninstalled, expired past refreshing):
 * the connection shows "… — reconnect the store" and is not retried until it is connected again.
 */
export class StoreAuthorizationError extends StoreRefusedError {
  override readonly name: string = 'StoreAuthorizationError';
}

/**
 * One store as a plugin (as carriers are, carrier-plugin.ts): its id and name, the fields connecting it takes
 * (zod: checked before anything is called), its settings (a piece of the orders environment), how to connect —
 * `connect` with keys typed in, or `oauth` (decision 107) — import orders since a cursor, and write a label's
 * tracking back. Adding a store is its folder with one of these, plus its line in store-plugins.ts. Every function is
 * given the plugin's settings last.
 */
export interface StorePlugin<Credentials extends z.ZodType = z.ZodType, Shape extends z.ZodRawShape = z.ZodRawShape> {
  id: string;
  displayName: string;
  credentials: Credentials;
  /** The credentials' fields as a form asks for them (the web app's connect form is drawn from these). */
  connectFields: readonly StoreConnectField[];
  /** Its settings, merged into the orders environment (names prefixed with the store's, e.g. `SHOPIFY_`). */
  settings?: Shape;
  /** Keys typed in: checks them against the store (throws StoreRefusedError when it refuses them). Exactly one of `connect` and `oauth`. */
  connect?(credentials: z.output<Credentials>, http: StoreHttp, settings: StoreSettings<Shape>): Promise<ConnectedAccount>;
  /** OAuth 2: the seller is sent to the store to approve, and comes back to the callback route. */
  oauth?: StoreOAuth<z.output<Credentials>, StoreSettings<Shape>>;
  /** The orders awaiting shipment changed after `cursor` (all of them when null), a page at a time. */
  importOrders(account: StoreAccount, cursor: string | null, http: StoreHttp, settings: StoreSettings<Shape>): AsyncIterable<ImportPage>;
  /** Tells the store the order shipped (at least once: a repeat must not tell the buyer twice). */
  writeBack(account: StoreAccount, fulfilment: Fulfilment, http: StoreHttp, settings: StoreSettings<Shape>): Promise<void>;
  /**
   * The label written back was voided (decision 113): asks the store to undo the fulfilment where it can (WooCommerce:
   * the order back to processing, with a note). At least once, like writeBack. A store without it is not asked.
   */
  cancelWriteBack?(account: StoreAccount, fulfilment: Fulfilment, http: StoreHttp, settings: StoreSettings<Shape>): Promise<void>;
  webhook?: StoreWebhookReader<StoreSettings<Shape>>;
}

/**
 * Checks a plugin against the interface and keeps its own type (a keys plugin's `connect` stays callable without the
 * settings it does not read, as its specs call it).
 */
export const defineStorePlugin = <Credentials extends z.ZodType, Shape extends z.ZodRawShape, Plugin extends StorePlugin<Credentials, Shape>>(
  plugin: Plugin & StorePlugin<Credentials, Shape>,
): Plugin => plugin;
