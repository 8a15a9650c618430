import { randomBytes } from 'node:crypto';
import { etsySpec } from './fake-etsy/etsy-spec';
import { newEtsyReceipt, selectEtsyReceipts, unixNow, type EtsyReceiptRecord, type NewEtsyReceipt } from './fake-etsy/etsy-receipts';
import { FakeStoreServer, type FakeStoreReply, type FakeStoreRequest } from './fake-store/fake-store-server';
import { OAuthGrants, randomToken } from './fake-store/oauth-grants';
import type { SpecError } from './openapi/openapi-validator';

export type { EtsyReceiptRecord, NewEtsyReceipt } from './fake-etsy/etsy-receipts';

/** Carrier names Etsy shows tracking for (its fulfillment tutorial's list, as etsyv3's ShippingProvider has them) that this product's couriers map to. */
const CARRIER_NAMES = new Set(['usps', 'ups', 'fedex', 'dhl', 'other']);
const TRACKING_FIELDS = new Set(['tracking_code', 'carrier_name', 'send_bcc', 'note_to_buyer']);
const API = '/v3/application';

type Reply = FakeStoreReply;

const error = (status: number, message: string): Reply => ({ status, body: { error: message } });
const oauthError = (error: string, description: string): Reply => ({ status: 400, body: { error, error_description: description } });

/**
 * Etsy for the store plugin's tests: Open API v3 as its OpenAPI document (vendor/etsy) describes it, every request
 * and answer under `/v3/application` checked against it (createReceiptShipment's body is a form), with the rules Etsy
 * states elsewhere: `x-api-key: keystring:shared_secret` on every call since 9 February 2026
 * (https://developers.etsy.com/documentation/essentials/requests), the scopes each operation's `security` names, a
 * shop only to its owner's token; and its OAuth 2 with PKCE as "Authentication" shows it
 * (https://developers.etsy.com/documentation/essentials/authentication):
 * - `GET /oauth/connect?response_type=code&client_id&redirect_uri&scope&state&code_challenge&code_challenge_method=S256`
 *   (on www.etsy.com) sends the agreeing seller to the registered redirect URI with `code` and `state`;
 * - `POST /v3/public/oauth/token` (a form): `grant_type=authorization_code&client_id&redirect_uri&code&code_verifier`,
 *   or `grant_type=refresh_token&client_id&refresh_token`, answering `{access_token, token_type: 'Bearer',
 *   expires_in: 3600, refresh_token}`, tokens prefixed with the seller's user id (`12345678.…`).
 * Each successful createReceiptShipment e-mails the buyer (the operation's description): `notifications` counts them.
 */
export class FakeEtsyServer extends FakeStoreServer {
  readonly keystring = randomBytes(12).toString('hex');
  readonly sharedSecret = randomBytes(5).toString('hex');
  /** The app's registered callback URL (Etsy compares redirect_uri to it exactly); set by the test. */
  redirectUri = 'http://127.0.0.1/callback';
  readonly userId = 12_345_678;
  readonly shopId = 23_456_789;
  readonly shopName = 'LabelDeskTestShop';
  readonly receipts: EtsyReceiptRecord[] = [];
  /** Shipping e-mails sent to buyers, by receipt id. */
  readonly notifications = new Map<number, number>();
  readonly grants = new OAuthGrants((kind) => (kind === 'code' ? randomToken(32) : `${this.userId}.${randomToken()}`), { accessTokenSeconds: 3_600, refreshTokenSeconds: 90 * 86_400, codeSeconds: 600 });
  protected readonly spec = { validator: etsySpec, under: [API] };
  private nextReceiptId = 3_000_000_001;

  /** Adds a receipt as a buyer's checkout would (paid unless told otherwise). */
  addReceipt(receipt: NewEtsyReceipt): EtsyReceiptRecord {
    const record = newEtsyReceipt(receipt, this.nextReceiptId++, this.userId);
    this.receipts.push(record);
    return record;
  }

  receipt(receiptId: number): EtsyReceiptRecord | undefined {
    return this.receipts.find((receipt) => receipt.receipt_id === receiptId);
  }

  protected refusal(specErrors: SpecError[]): Reply {
    return error(400, specErrors.map((one) => `${one.at} ${one.message}`.trim()).join('; '));
  }

  protected unavailable(): Reply {
    return error(503, 'Service Unavailable');
  }

  protected tooManyRequests(): Reply {
    return error(429, 'You have exceeded your quota of: 10 requests per second.');
  }

  protected route(request: FakeStoreRequest): Reply {
    if (request.method === 'GET' && request.path === '/oauth/connect') return this.connect(request);
    if (request.method === 'POST' && request.path === '/v3/public/oauth/token') return this.token(request);
    if (!request.path.startsWith(`${API}/`)) return error(404, 'Not found');
    const apiKey = String(request.headers['x-api-key'] ?? '');
    if (!apiKey.includes(':')) return error(403, 'Shared secret is required in x-api-key header.');
    if (apiKey !== `${this.keystring}:${this.sharedSecret}`) return error(403, 'Invalid API key');
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    const grant = token === undefined ? null : this.grants.grantOf(token);
    if (!grant) return error(401, 'invalid_token');
    const needs = (scope: string): Reply | null => (grant.scopes.includes(scope) ? null : error(403, `The request requires the ${scope} scope.`));
    if (request.method === 'GET' && request.path === `${API}/users/me`) return needs('shops_r') ?? { status: 200, body: { user_id: this.userId, shop_id: this.shopId } };
    const route = new RegExp(`^${API}/shops/(\\d+)(?:/receipts(?:/(\\d+)(/tracking)?)?)?$`).exec(request.path);
    if (!route) return error(404, 'Not found');
    const [, shopId, receiptId, tracking] = route;
    if (Number(shopId) !== this.shopId) return error(404, `Could not find shop ${shopId}`);
    if (!request.path.includes('/receipts')) return { status: 200, body: { shop_id: this.shopId, user_id: this.userId, shop_name: this.shopName, url: `https://www.etsy.com/shop/${this.shopName}`, currency_code: 'USD' } };
    if (receiptId === undefined) return needs('transactions_r') ?? this.list(request);
    const receipt = this.receipt(Number(receiptId));
    if (!receipt) return error(404, `Could not find receipt ${receiptId}`);
    if (!tracking) return needs('transactions_r') ?? { status: 200, body: receipt };
    return needs('transactions_w') ?? this.ship(request, receipt);
  }

  /** The consent page: the seller, signed in, agrees at once and is sent back with a code. */
  private connect(request: FakeStoreRequest): Reply {
    const { response_type: responseType, client_id: clientId, redirect_uri: redirectUri, scope = '', state, code_challenge: challenge, code_challenge_method: method } = request.query;
    if (clientId !== this.keystring || redirectUri !== this.redirectUri) {
      this.violated(request, 'client_id must be the app\'s keystring and redirect_uri its registered callback URL');
      return { status: 400, body: '<html><body>The application could not be found, or its redirect_uri does not match.</body></html>' };
    }
    const back = new URL(redirectUri);
    const problem = responseType !== 'code' ? 'response_type must be code' : !state ? 'state is required' : !challenge || method !== 'S256' ? 'code_challenge and code_challenge_method=S256 are required' : scope.trim() === '' ? 'scope is required' : null;
    if (problem) {
      this.violated(request, problem);
      back.searchParams.set('error', 'invalid_request');
      back.searchParams.set('error_description', problem);
    } else {
      back.searchParams.set('code', this.grants.approve({ clientId, redirectUri, scopes: scope.split(' ').filter(Boolean), challenge }));
    }
    if (state) back.searchParams.set('state', state);
    return { status: 302, headers: { location: back.toString() } };
  }

  private token(request: FakeStoreRequest): Reply {
    if (!(request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) {
      this.violated(request, 'the token request must be application/x-www-form-urlencoded');
      return oauthError('invalid_request', 'The request body must be application/x-www-form-urlencoded');
    }
    const form = request.body as Record<string, string>;
    if (form['client_id'] !== this.keystring) return oauthError('invalid_client', 'client_id is not a valid API key');
    let issued;
    if (form['grant_type'] === 'authorization_code') {
      const redeemed = this.grants.redeem(form['code'] ?? '', this.keystring, form['redirect_uri'] ?? '', form['code_verifier'] ?? null);
      if (redeemed === 'verifier') return oauthError('invalid_grant', 'code_verifier is invalid');
      if (redeemed === 'invalid') return oauthError('invalid_grant', 'code is invalid, expired or has been used previously');
      issued = redeemed;
    } else if (form['grant_type'] === 'refresh_token') {
      issued = this.grants.refreshed(form['refresh_token'] ?? '', true);
      if (!issued) return oauthError('invalid_grant', 'refresh_token is invalid, expired or revoked');
    } else {
      return oauthError('unsupported_grant_type', 'grant_type must be authorization_code or refresh_token');
    }
    return { status: 200, body: { access_token: issued.accessToken, token_type: 'Bearer', expires_in: issued.expiresIn, refresh_token: issued.refreshToken } };
  }

  private list(request: FakeStoreRequest): Reply {
    const matching = selectEtsyReceipts(this.receipts, request.query);
    const limit = Number(request.query['limit'] ?? '25');
    const offset = Number(request.query['offset'] ?? '0');
    return { status: 200, body: { count: matching.length, results: matching.slice(offset, offset + limit) } };
  }

  /** createReceiptShipment: a shipment added to the receipt, the receipt shipped, the buyer e-mailed (each time). */
  private ship(request: FakeStoreRequest, receipt: EtsyReceiptRecord): Reply {
    const form = (request.body ?? {}) as Record<string, string>;
    const unknown = Object.keys(form).filter((name) => !TRACKING_FIELDS.has(name));
    if (unknown.length > 0) this.violated(request, `fields createReceiptShipment does not take: ${unknown.join(', ')}`);
    // Etsy marks the receipt shipped whatever the carrier, but shows no tracking for one it does not know (etsy/open-api#135).
    if (form['carrier_name'] !== undefined && !CARRIER_NAMES.has(form['carrier_name'])) this.violated(request, `carrier_name ${form['carrier_name']} is not one Etsy shows tracking for`, 'carrier_name');
    if (!form['tracking_code'] || !form['carrier_name']) return error(400, 'A tracking number is required');
    const now = unixNow();
    receipt.shipments.push({ receipt_shipping_id: 4_000_000_000 + receipt.shipments.length, shipment_notification_timestamp: now, carrier_name: form['carrier_name'], tracking_code: form['tracking_code'] });
    receipt.is_shipped = true;
    receipt.status = 'completed';
    receipt.update_timestamp = now;
    receipt.updated_timestamp = now;
    for (const transaction of receipt.transactions) transaction.shipped_timestamp = now;
    this.notifications.set(receipt.receipt_id, (this.notifications.get(receipt.receipt_id) ?? 0) + 1);
    return { status: 200, body: receipt };
  }
}
