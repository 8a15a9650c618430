import { randomBytes } from 'node:crypto';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { SpecError } from './openapi/schema-checker';
import { LoginWithAmazon } from './fake-amazon/lwa';
import { type ConfirmedPackage, type FakeAmazonOrder, itemAnswer, newOrder, type NewAmazonOrder, orderAnswer, secondPrecision, statusAfterShipping } from './fake-amazon/orders';
import { spApiModels } from './fake-amazon/sp-api-models';
import { closeNow, listenLocally } from './fake-store/local-server';
import { type SpApiOperation, UsagePlans } from './fake-amazon/usage-plans';

export type { AmazonAddress, ConfirmedPackage, FakeAmazonOrder, NewAmazonOrder } from './fake-amazon/orders';

/**
 * Amazon for a seller's app, in one server: Seller Central's consent page, Login with Amazon's token endpoint, and the
 * Selling Partner API's Orders v0 (getOrders, getOrder, getOrderItems, confirmShipment) and Tokens 2021-03-01
 * (createRestrictedDataToken). Every SP-API request and answer is checked against Amazon's published models
 * (vendor/amazon); a request breaking them is answered 400 as Amazon does and kept in `violations`. Calls carry an
 * LWA access token in `x-amz-access-token` (an hour), the buyer's address and name come only with a Restricted Data
 * Token, each operation is held to its documented usage plan (429 beyond it, `x-amzn-RateLimit-Limit` on answers).
 */

export interface FakeAmazonRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
}

export interface FakeAmazonViolation {
  method: string;
  path: string;
  where: 'request' | 'response';
  errors: SpecError[];
}

interface Answer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

interface RestrictedDataToken {
  sellingPartnerId: string;
  resources: Array<{ method: string; path: string; dataElements: string[] }>;
  expires: number;
}

const RDT_SECONDS = 3600;
const RESTRICTED_ELEMENTS = new Set(['buyerInfo', 'shippingAddress', 'buyerTaxInformation']);
const errors = (status: number, code: string, message: string, details = ''): Answer => ({ status, body: { errors: [{ code, message, details }] } });
/** The Tokens API answers its errors as an ErrorList object, the Orders API inside its operation's response. */
const denied = (details: string): Answer => errors(403, 'Unauthorized', 'Access to requested resource is denied.', details);

const readBody = (req: IncomingMessage): Promise<string> =>
  new Promise<string>((resolve) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    req.on('end', () => resolve(text));
  });

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
};

export class FakeAmazonServer {
  readonly lwa = new LoginWithAmazon();
  readonly applicationId = `amzn1.sp.solution.${randomBytes(16).toString('hex')}`;
  readonly sellingPartnerId = `A${randomBytes(8).toString('hex').toUpperCase().slice(0, 13)}`;
  readonly marketplaceId = 'ATVPDKIKX0DER';
  readonly orders: FakeAmazonOrder[] = [];
  readonly requests: FakeAmazonRequest[] = [];
  readonly violations: FakeAmazonViolation[] = [];
  readonly usagePlans = new UsagePlans();
  /** The app's OAuth redirect URIs as registered in the Solution Provider Portal (the first is the default). */
  redirectUris: string[] = [];
  /** Orders a getOrders page holds at most (Amazon's MaxResultsPerPage is at most 100; a test pages sooner with less). */
  pageLimit = 100;
  /** Items a getOrderItems page holds at most. */
  itemsPageLimit = 100;
  /** SP-API requests still to be answered 429 whatever the usage plan says (a throttle a test asks for). */
  rateLimited = 0;
  /** While true every SP-API request is answered 503. */
  down = false;
  private server: Server | null = null;
  private port = 0;
  private readonly rdts = new Map<string, RestrictedDataToken>();
  private readonly models = spApiModels();

  /** Seller Central, Login with Amazon and the SP-API endpoint are all this address. */
  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<this> {
    ({ server: this.server, port: this.port } = await listenLocally((req, res) => void this.handle(req, res)));
    return this;
  }

  stop(): Promise<void> {
    return closeNow(this.server);
  }

  /** Adds an order as a buyer's checkout would (paid and seller-fulfilled: Unshipped, MFN), updated now. */
  addOrder(order: NewAmazonOrder): FakeAmazonOrder {
    const record = newOrder(order, this.marketplaceId);
    this.orders.push(record);
    return record;
  }

  order(amazonOrderId: string): FakeAmazonOrder | undefined {
    return this.orders.find((order) => order.AmazonOrderId === amazonOrderId);
  }

  /** Every confirmShipment the fake accepted, with the order it was for. */
  get confirmations(): Array<{ amazonOrderId: string; packageDetail: ConfirmedPackage }> {
    return this.orders.flatMap((order) => order.packages.map((packageDetail) => ({ amazonOrderId: order.AmazonOrderId, packageDetail })));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const text = await readBody(req);
    const url = new URL(req.url ?? '/', 'http://fake');
    const method = req.method ?? 'GET';
    const contentType = req.headers['content-type'] ?? '';
    const body = contentType.startsWith('application/x-www-form-urlencoded') ? Object.fromEntries(new URLSearchParams(text)) : text === '' ? null : (parseJson(text) ?? text);
    this.requests.push({ method, path: url.pathname, query: Object.fromEntries(url.searchParams), body });
    if (method === 'GET' && url.pathname === '/apps/authorize/consent') return this.consent(url, res);
    if (url.pathname === '/auth/o2/token') {
      const fields = typeof body === 'object' && body !== null ? Object.fromEntries(Object.entries(body).map(([key, value]) => [key, String(value)])) : {};
      const answer = method === 'POST' ? this.lwa.token(fields) : { status: 405, body: { error: 'invalid_request', error_description: 'POST only' } };
      res.writeHead(answer.status, { 'content-type': 'application/json;charset=UTF-8' }).end(JSON.stringify(answer.body));
      return;
    }
    const answer = this.spApi(method, url, req.headers, text, body);
    const headers = { 'content-type': 'application/json', 'x-amzn-requestid': randomBytes(16).toString('hex'), ...answer.headers };
    const payload = answer.status === 204 ? '' : JSON.stringify(answer.body);
    const errorsFound = this.models.checkAnswer({ method, url: url.pathname + url.search }, { status: answer.status, contentType: answer.status === 204 ? null : 'application/json', body: payload });
    if (errorsFound.length > 0 && !errorsFound.some((error) => error.in === 'operation')) this.violations.push({ method, path: url.pathname, where: 'response', errors: errorsFound });
    res.writeHead(answer.status, answer.status === 204 ? { 'x-amzn-requestid': headers['x-amzn-requestid'], ...answer.headers } : headers).end(payload);
  }

  /** The seller signs in and confirms: back to the redirect URI with the code, their id and the app's state. */
  private consent(url: URL, res: ServerResponse): void {
    const applicationId = url.searchParams.get('application_id');
    const state = url.searchParams.get('state');
    const redirectUri = url.searchParams.get('redirect_uri') ?? this.redirectUris[0];
    const refuse = (why: string): void => void res.writeHead(400, { 'content-type': 'text/plain' }).end(why);
    if (applicationId !== this.applicationId) return refuse(`no application ${String(applicationId)}`);
    if (!state) return refuse('the state parameter is required');
    if (!redirectUri || !this.redirectUris.includes(redirectUri)) return refuse(`redirect_uri ${String(redirectUri)} is not one of the app's OAuth redirect URIs`);
    const back = new URL(redirectUri);
    back.searchParams.set('state', state);
    back.searchParams.set('selling_partner_id', this.sellingPartnerId);
    back.searchParams.set('spapi_oauth_code', this.lwa.issueCode(redirectUri, this.sellingPartnerId));
    res.writeHead(302, { location: back.toString() }).end();
  }

  private operationOf(method: string, path: string): SpApiOperation | null {
    if (method === 'GET' && path === '/orders/v0/orders') return 'getOrders';
    if (method === 'GET' && /^\/orders\/v0\/orders\/[^/]+$/.test(path)) return 'getOrder';
    if (method === 'GET' && /^\/orders\/v0\/orders\/[^/]+\/orderItems$/.test(path)) return 'getOrderItems';
    if (method === 'POST' && /^\/orders\/v0\/orders\/[^/]+\/shipmentConfirmation$/.test(path)) return 'confirmShipment';
    if (method === 'POST' && path === '/tokens/2021-03-01/restrictedDataToken') return 'createRestrictedDataToken';
    return null;
  }

  private spApi(method: string, url: URL, headers: IncomingMessage['headers'], text: string, body: unknown): Answer {
    const specErrors = this.models.checkRequest({ method, url: url.pathname + url.search, headers, body: text });
    if (specErrors.length > 0) {
      this.violations.push({ method, path: url.pathname, where: 'request', errors: specErrors });
      if (specErrors.some((error) => error.in === 'operation')) return errors(404, 'NotFound', 'Resource not found.');
      return errors(400, 'InvalidInput', specErrors.map((error) => `${error.at} ${error.message}`).join('; '));
    }
    const operation = this.operationOf(method, url.pathname);
    if (operation === null) {
      this.violations.push({ method, path: url.pathname, where: 'request', errors: [{ in: 'operation', at: url.pathname, message: 'is not an operation the fake serves' }] });
      return errors(404, 'NotFound', 'Resource not found.');
    }
    if (this.down) return errors(503, 'ServiceUnavailable', 'Service temporarily unavailable. Please try again later.');
    const limit = { 'x-amzn-ratelimit-limit': this.usagePlans.limitHeader(operation) };
    const throttled = this.rateLimited > 0 ? (this.rateLimited--, true) : !this.usagePlans.take(operation);
    if (throttled) return errors(429, 'QuotaExceeded', 'You exceeded your quota for the requested resource.');
    const access = this.authorise(method, url.pathname, headers['x-amz-access-token']);
    if ('status' in access) return access;
    const answer = this.operate(operation, url, body, access);
    return { ...answer, headers: { ...limit, ...answer.headers } };
  }

  /** An LWA access token, or a Restricted Data Token for this very resource (which also unlocks its data elements). */
  private authorise(method: string, path: string, header: string | string[] | undefined): Answer | { elements: Set<string> } {
    const token = Array.isArray(header) ? header[0] : header;
    if (!token) return denied('The access token is missing: send it in x-amz-access-token.');
    const rdt = this.rdts.get(token);
    if (rdt) {
      if (rdt.expires <= Date.now()) return denied('The access token you provided has expired.');
      const resource = rdt.resources.find((candidate) => candidate.method === method && candidate.path === path);
      if (!resource || rdt.sellingPartnerId !== this.sellingPartnerId) return denied('The Restricted Data Token does not cover this resource.');
      return { elements: new Set(resource.dataElements) };
    }
    const access = this.lwa.accessOf(token);
    if (access === 'expired') return denied('The access token you provided has expired.');
    if (access === 'invalid' || access.sellingPartnerId !== this.sellingPartnerId) return denied('The access token you provided is revoked, malformed or invalid.');
    return { elements: new Set() };
  }

  private operate(operation: SpApiOperation, url: URL, body: unknown, access: { elements: Set<string> }): Answer {
    const orderId = decodeURIComponent(url.pathname.split('/')[4] ?? '');
    const restricted = { shippingAddress: access.elements.has('shippingAddress'), buyerInfo: access.elements.has('buyerInfo') };
    switch (operation) {
      case 'getOrders':
        return this.getOrders(url.searchParams, restricted);
      case 'getOrder': {
        const order = this.order(orderId);
        return order ? { status: 200, body: { payload: orderAnswer(order, restricted) } } : errors(404, 'InvalidInput', `Invalid AmazonOrderId: ${orderId}`);
      }
      case 'getOrderItems':
        return this.getOrderItems(orderId, url.searchParams.get('NextToken'));
      case 'confirmShipment':
        return this.confirmShipment(orderId, body as { marketplaceId: string; packageDetail: ConfirmedPackage });
      case 'createRestrictedDataToken':
        return this.createRestrictedDataToken(body as { restrictedResources: RestrictedDataToken['resources'] });
    }
  }

  private getOrders(query: URLSearchParams, restricted: { shippingAddress: boolean; buyerInfo: boolean }): Answer {
    const list = (name: string) => (query.get(name) ?? '').split(',').filter((value) => value !== '');
    const after = query.get('LastUpdatedAfter') ?? query.get('CreatedAfter');
    if (after === null) return errors(400, 'InvalidInput', 'Either CreatedAfter or LastUpdatedAfter must be specified.');
    if (Number.isNaN(Date.parse(after))) return errors(400, 'InvalidInput', `Invalid date: ${after}`);
    const filters = ['MarketplaceIds', 'OrderStatuses', 'FulfillmentChannels', 'LastUpdatedAfter', 'CreatedAfter'].map((name) => `${name}=${query.get(name) ?? ''}`).join('&');
    let offset = 0;
    const next = query.get('NextToken');
    if (next !== null) {
      const decoded = /^(\d+):(.*)$/s.exec(Buffer.from(next, 'base64').toString('utf8'));
      if (!decoded || decoded[2] !== filters) return errors(400, 'InvalidInput', 'Invalid NextToken: it does not belong to this request\'s filters.');
      offset = Number(decoded[1]);
    }
    const statuses = list('OrderStatuses');
    const channels = list('FulfillmentChannels');
    const field = query.has('LastUpdatedAfter') ? 'LastUpdateDate' : 'PurchaseDate';
    const matching = this.orders
      .filter((order) => list('MarketplaceIds').includes(order.MarketplaceId))
      .filter((order) => statuses.length === 0 || statuses.includes(order.OrderStatus))
      .filter((order) => channels.length === 0 || channels.includes(order.FulfillmentChannel))
      .filter((order) => Date.parse(order[field]) >= Date.parse(after));
    const size = Math.min(this.pageLimit, Number(query.get('MaxResultsPerPage') ?? '100'));
    const page = matching.slice(offset, offset + size);
    const more = offset + size < matching.length;
    const payload = {
      Orders: page.map((order) => orderAnswer(order, restricted)),
      ...(more ? { NextToken: Buffer.from(`${offset + size}:${filters}`, 'utf8').toString('base64') } : {}),
      ...(query.has('LastUpdatedAfter') ? { LastUpdatedBefore: secondPrecision(new Date()) } : { CreatedBefore: secondPrecision(new Date()) }),
    };
    return { status: 200, body: { payload } };
  }

  private getOrderItems(orderId: string, nextToken: string | null): Answer {
    const order = this.order(orderId);
    if (!order) return errors(404, 'InvalidInput', `Invalid AmazonOrderId: ${orderId}`);
    const offset = nextToken === null ? 0 : Number(Buffer.from(nextToken, 'base64').toString('utf8').replace(`${orderId}:`, ''));
    if (!Number.isInteger(offset) || offset < 0) return errors(400, 'InvalidInput', 'Invalid NextToken.');
    const page = order.items.slice(offset, offset + this.itemsPageLimit);
    const more = offset + this.itemsPageLimit < order.items.length;
    return { status: 200, body: { payload: { AmazonOrderId: orderId, OrderItems: page.map(itemAnswer), ...(more ? { NextToken: Buffer.from(`${orderId}:${offset + this.itemsPageLimit}`, 'utf8').toString('base64') } : {}) } } };
  }

  /** What Amazon checks beyond the model: the order's marketplace and state, each item's unshipped units, the package's reference. */
  private confirmShipment(orderId: string, request: { marketplaceId: string; packageDetail: ConfirmedPackage }): Answer {
    const order = this.order(orderId);
    if (!order) return errors(404, 'InvalidInput', `Invalid AmazonOrderId: ${orderId}`);
    if (request.marketplaceId !== order.MarketplaceId) return errors(400, 'InvalidInput', `The order was not placed in marketplace ${request.marketplaceId}.`);
    if (!['Unshipped', 'PartiallyShipped'].includes(order.OrderStatus)) return errors(400, 'InvalidInput', `The order's status is ${order.OrderStatus}: it cannot be confirmed as shipped.`);
    const pkg = request.packageDetail;
    if (!/^[1-9]\d*$/.test(pkg.packageReferenceId)) return errors(400, 'InvalidInput', 'packageReferenceId must be a positive number.');
    if (order.packages.some((existing) => existing.packageReferenceId === pkg.packageReferenceId)) return errors(400, 'InvalidInput', `A package ${pkg.packageReferenceId} was already confirmed for this order.`);
    if (pkg.carrierCode === 'Other' && !pkg.carrierName) return errors(400, 'InvalidInput', 'carrierName is required when carrierCode is Other.');
    if (pkg.orderItems.length === 0) return errors(400, 'InvalidInput', 'orderItems must name at least one item.');
    for (const line of pkg.orderItems) {
      const item = order.items.find((candidate) => candidate.OrderItemId === line.orderItemId);
      if (!item) return errors(400, 'InvalidInput', `Invalid orderItemId: ${line.orderItemId}`);
      if (line.quantity < 1 || line.quantity > item.QuantityOrdered - item.QuantityShipped) return errors(400, 'InvalidInput', `Invalid quantity ${line.quantity} for order item ${line.orderItemId}.`);
    }
    for (const line of pkg.orderItems) {
      const item = order.items.find((candidate) => candidate.OrderItemId === line.orderItemId);
      if (item) item.QuantityShipped += line.quantity;
    }
    order.packages.push(pkg);
    order.OrderStatus = statusAfterShipping(order);
    order.LastUpdateDate = secondPrecision(new Date());
    return { status: 204, body: null };
  }

  private createRestrictedDataToken(request: { restrictedResources: RestrictedDataToken['resources'] }): Answer {
    for (const resource of request.restrictedResources) {
      const elements = resource.dataElements ?? [];
      if (elements.some((element) => !RESTRICTED_ELEMENTS.has(element))) return { status: 400, body: { errors: [{ code: 'InvalidInput', message: `Invalid dataElements: ${elements.join(', ')}` }] } };
      if (!/^\/orders\/v0\/orders(\/[^/]+(\/orderItems|\/address|\/buyerInfo)?)?$/.test(resource.path)) return { status: 400, body: { errors: [{ code: 'InvalidInput', message: `${resource.path} is not a restricted resource.` }] } };
    }
    const token = `Atz.sprdt|${randomBytes(24).toString('base64url')}`;
    this.rdts.set(token, { sellingPartnerId: this.sellingPartnerId, resources: request.restrictedResources.map((resource) => ({ ...resource, dataElements: resource.dataElements ?? [] })), expires: Date.now() + RDT_SECONDS * 1000 });
    return { status: 200, body: { restrictedDataToken: token, expiresIn: RDT_SECONDS } };
  }
}
