import { randomBytes } from 'node:crypto';
import { ebaySpec } from './fake-ebay/ebay-spec';
import { ebayOrderJson, ebayTime, newEbayOrder, parseEbayFilter, selectEbayOrders, type EbayOrderRecord, type NewEbayOrder } from './fake-ebay/ebay-orders';
import { FakeStoreServer, type FakeStoreReply, type FakeStoreRequest } from './fake-store/fake-store-server';
import { OAuthGrants, randomToken } from './fake-store/oauth-grants';
import type { SpecError } from './openapi/openapi-validator';

export type { EbayOrderRecord, NewEbayOrder } from './fake-ebay/ebay-orders';

/** The scope the Sell Fulfillment API's operations require (the document's `security`: `api_auth`). */
export const EBAY_FULFILLMENT_SCOPE = 'https://api.ebay.com/oauth/api_scope/sell.fulfillment';
const READONLY_SCOPE = `${EBAY_FULFILLMENT_SCOPE}.readonly`;
/** The Identity API's scope for getUser (who the seller is: their immutable user id and username). */
export const EBAY_IDENTITY_SCOPE = 'https://api.ebay.com/oauth/api_scope/commerce.identity.readonly';
const BASE = '/sell/fulfillment/v1';
const IDENTITY = '/commerce/identity/v1';
/** The shipping carrier codes GeteBayDetails lists (ShippingCarrierDetails) that this product's couriers carry under. */
const CARRIER_CODES = new Set(['USPS', 'UPS', 'FedEx', 'DHL', 'Other']);

type Reply = FakeStoreReply;

const errors = (status: number, errorId: number, message: string, domain = 'API_FULFILLMENT', category = 'REQUEST'): Reply => ({ status, body: { errors: [{ errorId, domain, category, message }] } });
/** Units of a line item the order's fulfillments already ship. */
const shippedOf = (order: EbayOrderRecord, lineItemId: string): number =>
  order.fulfillments.flatMap((fulfillment) => fulfillment.lineItems).filter((ref) => ref.lineItemId === lineItemId).reduce((sum, ref) => sum + ref.quantity, 0);
const oauthError = (status: number, error: string, description: string): Reply => ({ status, body: { error, error_description: description } });

/**
 * eBay for the store plugin's tests: the Sell Fulfillment API as its OpenAPI document (vendor/ebay) describes it, every
 * request and answer under `/sell/fulfillment/v1` checked against it, plus the rules its descriptions state (getOrders'
 * `filter` grammar, `limit` at most 200, a fulfillment's line items, its `shippedDate` format, tracking number and
 * carrier given together, alphanumeric tracking numbers), the Identity API's getUser (vendor/ebay too) naming the
 * seller; and eBay's OAuth as its guides show it:
 * - consent: `GET /oauth2/authorize?client_id&redirect_uri={RuName}&response_type=code&scope&state` (served on auth.ebay.com),
 *   which, the seller agreeing, sends them to the RuName's accept URL with `state`, `code` and `expires_in=299`
 *   (https://developer.ebay.com/api-docs/static/oauth-consent-request.html);
 * - `POST /identity/v1/oauth2/token`, Basic auth with the app's client id and secret, a form body:
 *   `grant_type=authorization_code&code&redirect_uri={RuName}` answers a User access token (7,200 s) and a refresh
 *   token (47,304,000 s); `grant_type=refresh_token&refresh_token&scope` a new access token
 *   (https://developer.ebay.com/api-docs/static/oauth-auth-code-grant-request.html,
 *   https://developer.ebay.com/api-docs/static/oauth-refresh-token-request.html); errors as
 *   https://developer.ebay.com/api-docs/static/handling-error-messages.html shows them (`invalid_grant`, …).
 */
export class FakeEbayServer extends FakeStoreServer {
  readonly clientId = `LabelDes-LabelDes-PRD-${randomBytes(5).toString('hex')}-${randomBytes(4).toString('hex')}`;
  readonly clientSecret = `PRD-${randomBytes(12).toString('hex')}`;
  /** The app's RuName: eBay's name for its redirect URL, sent as `redirect_uri`. */
  readonly ruName = `LabelDesk_Inc-LabelDes-LabelD-${randomBytes(3).toString('hex')}`;
  /** Where the RuName sends a seller who agreed (the product's callback route); set by the test. */
  acceptUrl = 'http://127.0.0.1/accepted';
  /** The signed-in seller: their username, and the immutable user id the Identity API answers. */
  readonly sellerId = 'labeldesk_seller';
  readonly sellerUserId = `i${randomBytes(4).toString('hex')}`;
  readonly orders: EbayOrderRecord[] = [];
  readonly grants = new OAuthGrants((kind) => `v^1.1#i^1#${kind === 'refresh' ? 'r' : kind === 'code' ? 'f' : 'p'}^3#I^3#t^${randomToken()}`, {
    accessTokenSeconds: 7_200,
    refreshTokenSeconds: 47_304_000,
    codeSeconds: 299,
  });
  protected readonly spec = { validator: ebaySpec, under: [BASE, IDENTITY] };
  private serial = 0;

  /** Adds a paid order as a buyer's checkout would, created and modified now. */
  addOrder(order: NewEbayOrder): EbayOrderRecord {
    const record = newEbayOrder(order, ++this.serial, this.sellerId);
    this.orders.push(record);
    return record;
  }

  order(orderId: string): EbayOrderRecord | undefined {
    return this.orders.find((order) => order.orderId === orderId);
  }

  protected refusal(specErrors: SpecError[]): Reply {
    return errors(400, 32600, `Invalid input data: ${specErrors.map((error) => `${error.at} ${error.message}`.trim()).join('; ')}`);
  }

  protected unavailable(): Reply {
    return errors(503, 2003, 'There was a problem with an eBay internal system or process. Contact eBay developer support for assistance.', 'ACCESS', 'APPLICATION');
  }

  protected tooManyRequests(): Reply {
    return errors(429, 2001, 'Too many requests. The request limit has been reached for the resource.', 'ACCESS', 'REQUEST');
  }

  protected route(request: FakeStoreRequest): Reply {
    if (request.method === 'GET' && request.path === '/oauth2/authorize') return this.consent(request);
    if (request.method === 'POST' && request.path === '/identity/v1/oauth2/token') return this.token(request);
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    const scopes = token === undefined ? null : this.grants.grantOf(token)?.scopes;
    if (request.method === 'GET' && request.path === `${IDENTITY}/user/`) {
      if (!scopes) return errors(401, 1001, 'Invalid access token', 'OAuth');
      if (!scopes.includes(EBAY_IDENTITY_SCOPE)) return errors(403, 1100, 'Insufficient permissions to fulfill the request.', 'ACCESS');
      return { status: 200, body: { userId: this.sellerUserId, username: this.sellerId, accountType: 'INDIVIDUAL', registrationMarketplaceId: 'EBAY_US', status: 'CONFIRMED' } };
    }
    const route = new RegExp(`^${BASE}/order(?:/([^/]+)(/shipping_fulfillment)?)?$`).exec(request.path);
    if (!route) return errors(404, 2002, 'Resource not found', 'ACCESS');
    if (!scopes) return errors(401, 1001, 'Invalid access token', 'OAuth');
    const writes = request.method === 'POST';
    if (!scopes.includes(EBAY_FULFILLMENT_SCOPE) && (writes || !scopes.includes(READONLY_SCOPE))) return errors(403, 1100, 'Insufficient permissions to fulfill the request.', 'ACCESS');
    const [, orderId, fulfillments] = route;
    if (orderId === undefined) return this.list(request);
    const order = this.order(decodeURIComponent(orderId));
    if (!order) return errors(400, 32100, `Invalid order ID: ${decodeURIComponent(orderId)}`);
    if (!fulfillments) return { status: 200, body: ebayOrderJson(order) };
    if (!writes) return { status: 200, body: { fulfillments: order.fulfillments, total: order.fulfillments.length } };
    return this.fulfil(request, order);
  }

  /** The consent page: a seller signed in as `sellerId` agrees at once, and is sent to the RuName's accept URL. */
  private consent(request: FakeStoreRequest): Reply {
    const { client_id: clientId, redirect_uri: redirectUri, response_type: responseType, scope = '', state } = request.query;
    if (clientId !== this.clientId || redirectUri !== this.ruName || responseType !== 'code') {
      this.violated(request, 'the consent URL needs the app\'s client_id, its RuName as redirect_uri and response_type=code');
      return { status: 400, body: '<html><body>Invalid request: client_id, redirect_uri or response_type</body></html>' };
    }
    const scopes = scope.split(' ').filter(Boolean);
    if (scopes.length === 0 || scopes.some((one) => !one.startsWith('https://api.ebay.com/oauth/api_scope'))) {
      this.violated(request, `scope must be space-separated eBay scope URLs: ${scope}`, 'scope');
      return { status: 400, body: '<html><body>Invalid scope</body></html>' };
    }
    const code = this.grants.approve({ clientId, redirectUri, scopes, challenge: null });
    const location = new URL(this.acceptUrl);
    if (state !== undefined) location.searchParams.set('state', state);
    location.searchParams.set('code', code);
    location.searchParams.set('expires_in', '299');
    return { status: 302, headers: { location: location.toString() } };
  }

  private token(request: FakeStoreRequest): Reply {
    if (!(request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) {
      this.violated(request, 'the token request must be application/x-www-form-urlencoded');
      return oauthError(400, 'invalid_request', 'request is missing a required parameter or malformed.');
    }
    const basic = `Basic ${Buffer.from(`${this.clientId}:${this.clientSecret}`).toString('base64')}`;
    if (request.headers.authorization !== basic) return oauthError(401, 'invalid_client', 'client authentication failed');
    const form = request.body as Record<string, string>;
    if (form['grant_type'] === 'authorization_code') {
      if (!form['code'] || !form['redirect_uri']) return oauthError(400, 'invalid_request', 'request is missing a required parameter or malformed.');
      const issued = this.grants.redeem(form['code'], this.clientId, form['redirect_uri'], null);
      if (typeof issued === 'string') return oauthError(400, 'invalid_grant', 'the provided authorization grant code is invalid or was issued to another client');
      return { status: 200, body: { access_token: issued.accessToken, expires_in: issued.expiresIn, refresh_token: issued.refreshToken, refresh_token_expires_in: 47_304_000, token_type: 'User Access Token' } };
    }
    if (form['grant_type'] === 'refresh_token') {
      if (!form['refresh_token'] || !form['scope']) return oauthError(400, 'invalid_request', 'request is missing a required parameter or malformed.');
      const issued = this.grants.refreshed(form['refresh_token'], false);
      if (!issued) return oauthError(400, 'invalid_grant', 'the provided authorization refresh token is invalid or was issued to another client');
      // "The scopes must be the same or a subset of the scopes granted when the refresh token was minted."
      if (form['scope'].split(' ').some((scope) => !issued.scopes.includes(scope))) return oauthError(400, 'invalid_scope', 'The requested scope is invalid, unknown, malformed, or exceeds the scope granted to the client');
      return { status: 200, body: { access_token: issued.accessToken, expires_in: issued.expiresIn, token_type: 'User Access Token' } };
    }
    return oauthError(400, 'unsupported_grant_type', 'grant type in request is not supported by the authorization server');
  }

  private list(request: FakeStoreRequest): Reply {
    const filter = parseEbayFilter(request.query['filter']);
    if ('errorId' in filter) return errors(400, filter.errorId, filter.message);
    const limit = Number(request.query['limit'] ?? '50');
    const offset = Number(request.query['offset'] ?? '0');
    if (!Number.isInteger(limit) || limit < 1 || limit > 200) return errors(400, 31100, `Invalid limit: ${request.query['limit']}`);
    if (!Number.isInteger(offset) || offset < 0) return errors(400, 31000, `Invalid offset: ${request.query['offset']}`);
    const matching = selectEbayOrders(this.orders, filter);
    const page = (at: number) => `${this.url}${BASE}/order?${new URLSearchParams({ ...request.query, limit: String(limit), offset: String(at) }).toString()}`;
    return {
      status: 200,
      body: {
        href: page(offset),
        limit,
        offset,
        total: matching.length,
        ...(offset + limit < matching.length ? { next: page(offset + limit) } : {}),
        ...(offset > 0 ? { prev: page(Math.max(0, offset - limit)) } : {}),
        orders: matching.slice(offset, offset + limit).map(ebayOrderJson),
      },
    };
  }

  /** createShippingFulfillment: one package of some of the order's line items, the order then (partly) fulfilled. */
  private fulfil(request: FakeStoreRequest, order: EbayOrderRecord): Reply {
    const body = request.body as { lineItems?: Array<{ lineItemId?: string; quantity?: number }>; shippedDate?: string; shippingCarrierCode?: string; trackingNumber?: string };
    const lines = body.lineItems ?? [];
    if (lines.length === 0) return errors(400, 32600, 'Invalid input data: lineItems');
    if (new Set(lines.map((line) => line.lineItemId)).size !== lines.length) return errors(400, 32210, 'Duplicate line item in the request');
    for (const line of lines) {
      const item = order.lineItems.find((candidate) => candidate.lineItemId === line.lineItemId);
      if (!item) return errors(400, 32200, `Invalid line item id: ${line.lineItemId ?? ''}`);
      const shipped = shippedOf(order, item.lineItemId);
      const quantity = line.quantity ?? 1;
      if (quantity < 1 || shipped + quantity > item.quantity) return errors(400, 32600, `Invalid input data: quantity of line item ${item.lineItemId}`);
    }
    if ((body.trackingNumber === undefined) !== (body.shippingCarrierCode === undefined)) return errors(400, 32300, 'Invalid shipment tracking number or carrier');
    if (body.trackingNumber !== undefined && (!/^[A-Za-z0-9]+$/.test(body.trackingNumber) || !CARRIER_CODES.has(body.shippingCarrierCode ?? ''))) {
      return errors(400, 32300, 'Invalid shipment tracking number or carrier');
    }
    if (body.shippedDate !== undefined && (!/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/.test(body.shippedDate) || Date.parse(body.shippedDate) > Date.now())) return errors(400, 32500, 'Invalid shipped date');
    if (order.fulfillments.length >= 10 && body.trackingNumber !== undefined) return errors(400, 34100, 'Maximum tracking number for order is exceeded');
    const fulfillmentId = body.trackingNumber ?? '999';
    order.fulfillments.push({
      fulfillmentId,
      lineItems: lines.map((line) => ({ lineItemId: line.lineItemId ?? '', quantity: line.quantity ?? 1 })),
      ...(body.trackingNumber === undefined ? {} : { shipmentTrackingNumber: body.trackingNumber, shippingCarrierCode: body.shippingCarrierCode ?? '' }),
      shippedDate: body.shippedDate ?? ebayTime(new Date()),
    });
    for (const item of order.lineItems) {
      const shipped = shippedOf(order, item.lineItemId);
      item.lineItemFulfillmentStatus = shipped >= item.quantity ? 'FULFILLED' : shipped > 0 ? 'IN_PROGRESS' : 'NOT_STARTED';
    }
    const statuses = new Set(order.lineItems.map((item) => item.lineItemFulfillmentStatus));
    order.orderFulfillmentStatus = statuses.size === 1 && statuses.has('FULFILLED') ? 'FULFILLED' : 'IN_PROGRESS';
    order.lastModifiedDate = ebayTime(new Date());
    const location = `${this.url}${BASE}/order/${order.orderId}/shipping_fulfillment/${fulfillmentId}`;
    order.fulfillmentHrefs.push(location);
    return { status: 201, body: {}, headers: { location } };
  }
}
