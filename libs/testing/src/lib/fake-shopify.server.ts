import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';

/**
 * A Shopify shop as Shopify's published documents describe it, for the Shopify store plugin's tests (decision 107):
 * - OAuth ("Authorization code grant"): `GET /admin/oauth/authorize` shows the install page (an "Install app" link
 *   approves), which redirects to the app's redirect_uri with code, hmac, host, shop, state and timestamp, signed as
 *   Shopify signs them (hex HMAC-SHA256 of the sorted query without hmac); `POST /admin/oauth/access_token`
 *   {client_id, client_secret, code} answers an offline token {access_token, scope}, each code once.
 * - Admin GraphQL API (`POST /admin/api/{version}/graphql.json`, X-Shopify-Access-Token): the plugin's named
 *   operations, their variables checked against the schema's types (FulfillmentInput's fields, ID!, Int!), the
 *   orders search syntax, cursor pagination, and the cost-based limit (a leaky bucket: THROTTLED errors at 200 and
 *   `extensions.cost.throttleStatus`); a token no longer valid is 401 with Shopify's message.
 *   `fulfillmentCancel(id:)` cancels a fulfillment and opens a new fulfillment order for its items, as Shopify does.
 * - Webhooks: an `orders/create` push signed with X-Shopify-Hmac-Sha256 (base64 HMAC-SHA256 of the body).
 * Every shop lives under `/shops/{shop}` of this server (SHOPIFY_SHOP_URL = `{url}/shops/{shop}`). A request outside
 * the documented shapes is answered as Shopify answers it and kept in `violations`.
 */

export interface ShopifyAddress {
  first_name: string;
  last_name: string;
  company: string | null;
  address1: string;
  address2: string | null;
  city: string;
  province_code: string;
  zip: string;
  country_code: string;
  phone: string | null;
}

export interface FakeShopifyLineItem {
  id: number;
  sku: string;
  name: string;
  quantity: number;
  requiresShipping: boolean;
}

export interface FakeShopifyFulfillment {
  id: string;
  fulfillmentOrderIds: string[];
  trackingInfo: { company: string | null; number: string | null; url: string | null };
  notifyCustomer: boolean;
  /** SUCCESS once made; CANCELLED after fulfillmentCancel. */
  status: 'SUCCESS' | 'CANCELLED';
}

export interface FakeShopifyOrder {
  legacyId: number;
  id: string;
  name: string;
  createdAt: string;
  updatedAt: string;
  email: string;
  financialStatus: 'paid' | 'pending' | 'refunded';
  shippingAddress: ShopifyAddress | null;
  lineItems: FakeShopifyLineItem[];
  fulfillmentOrders: Array<{ id: string; status: 'OPEN' | 'IN_PROGRESS' | 'CLOSED' | 'ON_HOLD' | 'SCHEDULED' }>;
  fulfillments: FakeShopifyFulfillment[];
  /** Shipping confirmations Shopify e-mailed the buyer (a fulfillment made with notifyCustomer). */
  notifications: string[];
}

export interface NewShopifyOrder {
  items: Array<{ sku: string; name?: string; quantity: number; requiresShipping?: boolean }>;
  shipping?: Partial<ShopifyAddress> | null;
  financialStatus?: FakeShopifyOrder['financialStatus'];
}

export interface FakeShopifyRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: unknown;
  operation: string | null;
}

/** The scopes Shopify knows among those an app may ask for here. */
const KNOWN_SCOPES = new Set(['read_orders', 'write_orders', 'read_merchant_managed_fulfillment_orders', 'write_merchant_managed_fulfillment_orders', 'read_products', 'read_customers']);
const SUPPORTED_VERSIONS = new Set(['2025-01', '2025-04', '2025-07', '2025-10', '2026-01']);
const INVALID_TOKEN = '[API] Invalid API key or access token (unrecognized login or wrong password)';
/** The bucket: 1,000 points (refilled at restoreRate a second); a single query may cost at most 1,000. */
const BUCKET = 1_000;

const gid = (type: string) => z.string().regex(new RegExp(`^gid://shopify/${type}/\\d+$`), `must be a ${type} ID (gid://shopify/${type}/…)`);
const ordersVariables = z.object({ first: z.number().int().min(1).max(250), after: z.string().nullable().optional(), query: z.string() }).strict();
const stateVariables = z.object({ id: gid('Order') }).strict();
/** FulfillmentInput (Admin GraphQL): lineItemsByFulfillmentOrder required; trackingInfo is FulfillmentTrackingInput. */
const fulfillmentInput = z
  .object({
    lineItemsByFulfillmentOrder: z
      .array(z.object({ fulfillmentOrderId: gid('FulfillmentOrder'), fulfillmentOrderLineItems: z.array(z.object({ id: gid('FulfillmentOrderLineItem'), quantity: z.number().int().min(1) }).strict()).optional() }).strict())
      .min(1),
    notifyCustomer: z.boolean().optional(),
    originAddress: z.record(z.string(), z.unknown()).optional(),
    trackingInfo: z.object({ company: z.string().optional(), number: z.string().optional(), url: z.url().optional(), numbers: z.array(z.string()).optional(), urls: z.array(z.url()).optional() }).strict().optional(),
  })
  .strict();
const createVariables = z.object({ fulfillment: fulfillmentInput, message: z.string().optional() }).strict();
/** fulfillmentCancel(id: ID!): the Fulfillment's ID, nothing else. */
const cancelVariables = z.object({ id: gid('Fulfillment') }).strict();
const SEARCH_TERM = /^(financial_status:(paid|pending|refunded|authorized)|fulfillment_status:(unfulfilled|unshipped|shipped|partial|any)|status:(open|closed|cancelled|any)|updated_at:(>=|>|<=|<)'(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z)')$/;

const ADDRESS: ShopifyAddress = { first_name: 'Jane', last_name: 'Buyer', company: null, address1: '969 Market St', address2: null, city: 'San Francisco', province_code: 'CA', zip: '94103', country_code: 'US', phone: '+14155550100' };

const iso = (date: Date): string => `${date.toISOString().slice(0, 19)}Z`;

export class FakeShopifyServer {
  readonly apiKey = randomBytes(16).toString('hex');
  readonly apiSecret = `shpss_${randomBytes(16).toString('hex')}`;
  readonly shop = 'acme-outdoor.myshopify.com';
  readonly shopName = 'Acme Outdoor';
  readonly orders: FakeShopifyOrder[] = [];
  readonly requests: FakeShopifyRequest[] = [];
  readonly violations: string[] = [];
  /** GraphQL calls still to be answered THROTTLED, whatever the bucket holds. */
  throttled = 0;
  /** While true every call is answered 503, as Shopify in an outage. */
  down = false;
  /** The bucket's refill a second (100 on a standard plan, 1,000 on Shopify Plus). */
  restoreRate = 100;
  private available = BUCKET;
  private refilledAt = Date.now();
  private readonly codes = new Map<string, { redirectUri: string }>();
  private readonly tokens = new Set<string>();
  private server: Server | null = null;
  private port = 0;
  private nextId = 5_500_000;

  /** This server's address; shops are under `{url}/shops/{shop}`. */
  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** SHOPIFY_SHOP_URL for the service under test. */
  get shopUrlTemplate(): string {
    return `${this.url}/shops/{shop}`;
  }

  get shopUrl(): string {
    return `${this.url}/shops/${this.shop}`;
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    // A suite whose tests were all filtered out never runs its afterAll: the fake must not hold the run open then.
    this.server.unref();
    return this;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** Every access token given so far stops working, as when the merchant uninstalls the app. */
  revokeTokens(): void {
    this.tokens.clear();
  }

  /** Adds an order as a buyer's checkout does (paid, unfulfilled, one open fulfillment order at the shop's location). */
  addOrder(order: NewShopifyOrder): FakeShopifyOrder {
    const legacyId = this.nextId++;
    const now = iso(new Date());
    const record: FakeShopifyOrder = {
      legacyId,
      id: `gid://shopify/Order/${legacyId}`,
      name: `#${1001 + this.orders.length}`,
      createdAt: now,
      updatedAt: now,
      email: 'jane@example.com',
      financialStatus: order.financialStatus ?? 'paid',
      shippingAddress: order.shipping === null ? null : { ...ADDRESS, ...order.shipping },
      lineItems: order.items.map((item, index) => ({ id: legacyId * 10 + index, sku: item.sku, name: item.name ?? item.sku, quantity: item.quantity, requiresShipping: item.requiresShipping ?? true })),
      fulfillmentOrders: [{ id: `gid://shopify/FulfillmentOrder/${legacyId}1`, status: 'OPEN' }],
      fulfillments: [],
      notifications: [],
    };
    this.orders.push(record);
    return record;
  }

  order(id: string): FakeShopifyOrder | undefined {
    return this.orders.find((order) => order.id === id);
  }

  /**
   * What the shop's install page does when the merchant clicks "Install app": the redirect back to the app, as a URL.
   * Refuses (throws) an authorize URL Shopify would not show.
   */
  approve(authorizeUrl: string, at = new Date()): string {
    const url = new URL(authorizeUrl);
    const problem = this.authorizeProblem(url);
    if (problem) throw new Error(problem);
    return this.callbackUrl(url, at);
  }

  /** An `orders/create` webhook of an order: its REST body and headers, signed with the app's secret (or a wrong one). */
  ordersCreateWebhook(order: FakeShopifyOrder, secret = this.apiSecret): { body: string; headers: Record<string, string> } {
    const address = order.shippingAddress;
    const body = JSON.stringify({
      id: order.legacyId,
      admin_graphql_api_id: order.id,
      name: order.name,
      order_number: Number(order.name.slice(1)),
      created_at: order.createdAt,
      updated_at: order.updatedAt,
      email: order.email,
      phone: null,
      financial_status: order.financialStatus,
      fulfillment_status: null,
      shipping_address: address && { ...address, name: `${address.first_name} ${address.last_name}`, province: address.province_code, country: 'United States' },
      line_items: order.lineItems.map((item) => ({ id: item.id, sku: item.sku, name: item.name, title: item.name, quantity: item.quantity, fulfillable_quantity: item.quantity, requires_shipping: item.requiresShipping })),
    });
    return {
      body,
      headers: {
        'content-type': 'application/json',
        'x-shopify-topic': 'orders/create',
        'x-shopify-hmac-sha256': createHmac('sha256', secret).update(body, 'utf8').digest('base64'),
        'x-shopify-shop-domain': this.shop,
        'x-shopify-api-version': '2025-10',
        'x-shopify-webhook-id': randomBytes(16).toString('hex'),
        'x-shopify-triggered-at': new Date().toISOString(),
      },
    };
  }

  private authorizeProblem(url: URL): string | null {
    const query = url.searchParams;
    if (!url.pathname.endsWith('/admin/oauth/authorize')) return `not an authorize URL: ${url.pathname}`;
    if (query.get('client_id') !== this.apiKey) return 'Oauth error invalid_request: The client_id is not valid';
    const scopes = (query.get('scope') ?? '').split(',');
    if (scopes.some((scope) => !KNOWN_SCOPES.has(scope))) return `Oauth error invalid_scope: ${query.get('scope')}`;
    const redirect = query.get('redirect_uri') ?? '';
    if (!URL.canParse(redirect)) return 'Oauth error invalid_request: The redirect_uri is missing or not a URL';
    if ((query.get('state') ?? '').length < 16) return 'the app sent no unguessable state (nonce)';
    return null;
  }

  private callbackUrl(url: URL, at: Date): string {
    const code = randomBytes(16).toString('hex');
    const redirectUri = url.searchParams.get('redirect_uri') ?? '';
    this.codes.set(code, { redirectUri });
    const params: Record<string, string> = {
      code,
      host: Buffer.from(`admin.shopify.com/store/${this.shop.split('.')[0]}`).toString('base64url'),
      shop: this.shop,
      state: url.searchParams.get('state') ?? '',
      timestamp: String(Math.floor(at.getTime() / 1000)),
    };
    const message = Object.keys(params)
      .sort()
      .map((name) => `${name}=${params[name]}`)
      .join('&');
    const back = new URL(redirectUri);
    for (const [name, value] of Object.entries({ ...params, hmac: createHmac('sha256', this.apiSecret).update(message).digest('hex') })) back.searchParams.set(name, value);
    return back.toString();
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const text = await new Promise<string>((resolve) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      req.on('end', () => resolve(body));
    });
    const url = new URL(req.url ?? '/', this.url);
    let body: unknown = null;
    try {
      body = text === '' ? null : (JSON.parse(text) as unknown);
    } catch {
      body = text;
    }
    const operation = typeof body === 'object' && body !== null && typeof (body as { query?: unknown }).query === 'string' ? (/^\s*(?:query|mutation)\s+(\w+)/.exec((body as { query: string }).query)?.[1] ?? null) : null;
    this.requests.push({ method: req.method ?? '', path: url.pathname, headers: req.headers, body, operation });
    const json = (status: number, payload: unknown) => res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(payload));
    // A browser on the install page asks for the site's icon by itself: not the plugin's call.
    if (url.pathname === '/favicon.ico') return void res.writeHead(404).end();
    if (this.down) return void json(503, { errors: 'Service Unavailable' });
    const route = /^\/shops\/([^/]+)(\/admin\/.*)$/.exec(url.pathname);
    if (!route || route[1] !== this.shop) return void this.refuse(json, 404, `${req.method} ${url.pathname}: no such shop`);
    const path = route[2];
    if (path === '/admin/oauth/authorize' && req.method === 'GET') return this.installPage(url, res);
    if (path === '/admin/oauth/install' && req.method === 'GET') return void res.writeHead(302, { location: this.callbackUrl(new URL(url.searchParams.get('authorize') ?? '', this.url), new Date()) }).end();
    if (path === '/admin/oauth/access_token' && req.method === 'POST') return this.accessToken(req, body, json);
    const graphql = /^\/admin\/api\/([^/]+)\/graphql\.json$/.exec(path);
    if (graphql && req.method === 'POST') return this.graphql(graphql[1] ?? '', req, body, json);
    return void this.refuse(json, 404, `${req.method} ${path} is not a route the plugin should call`);
  }

  private refuse(json: (status: number, payload: unknown) => void, status: number, violation: string): void {
    this.violations.push(violation);
    json(status, { errors: violation });
  }

  /** The install page the merchant sees: the app's name and scopes, and an "Install app" link that approves. */
  private installPage(url: URL, res: ServerResponse): void {
    const problem = this.authorizeProblem(url);
    if (problem) {
      this.violations.push(problem);
      return void res.writeHead(400, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html><title>Error</title><p>${problem}</p>`);
    }
    const approve = `/shops/${this.shop}/admin/oauth/install?authorize=${encodeURIComponent(url.pathname + url.search)}`;
    const scopes = (url.searchParams.get('scope') ?? '').split(',').map((scope) => `<li>${scope}</li>`).join('');
    res
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end(`<!doctype html><html lang="en"><head><title>Install app – ${this.shopName}</title></head><body><main><h1>Install LabelDesk on ${this.shopName}</h1><p>It will be able to:</p><ul>${scopes}</ul><a href="${approve}">Install app</a></main></body></html>`);
  }

  private accessToken(req: IncomingMessage, body: unknown, json: (status: number, payload: unknown) => void): void {
    if (!(req.headers['content-type'] ?? '').includes('application/json')) return void this.refuse(json, 400, 'access_token must be asked with a JSON body');
    const parsed = z.object({ client_id: z.string(), client_secret: z.string(), code: z.string() }).strict().safeParse(body);
    if (!parsed.success) return void this.refuse(json, 400, `access_token body: ${parsed.error.issues[0]?.message ?? 'bad'}`);
    const { client_id, client_secret, code } = parsed.data;
    if (client_id !== this.apiKey || client_secret !== this.apiSecret || !this.codes.delete(code)) {
      return void json(400, { error: 'invalid_request', error_description: 'The authorization code was not found or was already used' });
    }
    const token = `shpat_${randomBytes(16).toString('hex')}`;
    this.tokens.add(token);
    json(200, { access_token: token, scope: 'read_orders,write_merchant_managed_fulfillment_orders' });
  }

  /** Takes a query's cost from the leaky bucket; false when it cannot be afforded now. */
  private afford(cost: number): boolean {
    const now = Date.now();
    this.available = Math.min(BUCKET, this.available + ((now - this.refilledAt) / 1000) * this.restoreRate);
    this.refilledAt = now;
    if (this.available < cost) return false;
    this.available -= cost;
    return true;
  }

  private cost(requested: number, actual = requested) {
    this.available = Math.min(BUCKET, this.available + (requested - actual));
    return { cost: { requestedQueryCost: requested, actualQueryCost: actual, throttleStatus: { maximumAvailable: BUCKET, currentlyAvailable: Math.floor(this.available), restoreRate: this.restoreRate } } };
  }

  private graphql(version: string, req: IncomingMessage, body: unknown, json: (status: number, payload: unknown) => void): void {
    if (!SUPPORTED_VERSIONS.has(version)) return void this.refuse(json, 404, `API version ${version} is not supported`);
    const token = req.headers['x-shopify-access-token'];
    if (typeof token !== 'string' || !this.tokens.has(token)) return void json(401, { errors: INVALID_TOKEN });
    if (!(req.headers['content-type'] ?? '').includes('application/json')) return void this.refuse(json, 400, 'GraphQL must be sent as application/json');
    const request = z.object({ query: z.string(), variables: z.record(z.string(), z.unknown()).optional(), operationName: z.string().optional() }).safeParse(body);
    if (!request.success) return void this.refuse(json, 400, 'a GraphQL request is {query, variables}');
    const operation = /^\s*(query|mutation)\s+(\w+)/.exec(request.data.query)?.[2] ?? '';
    const variables = request.data.variables ?? {};
    const requested = operation === 'LabelDeskOrders' ? 2 + Number(variables['first'] ?? 0) * 37 : operation === 'LabelDeskFulfilmentState' ? 62 : 10;
    if (requested > BUCKET) return void this.refuse(json, 200, `query cost ${requested} exceeds the single-query maximum of ${BUCKET}`);
    if (this.throttled > 0 || !this.afford(requested)) {
      if (this.throttled > 0) this.throttled--;
      return void json(200, { errors: [{ message: 'Throttled', extensions: { code: 'THROTTLED', documentation: 'https://shopify.dev/api/usage/rate-limits' } }], extensions: this.cost(requested, 0) });
    }
    const answer = this.operation(operation, request.data.query, variables);
    if ('violation' in answer) {
      this.violations.push(`${operation}: ${answer.violation}`);
      return void json(200, { errors: [{ message: answer.violation, extensions: { code: 'argumentLiteralsIncompatible' } }], extensions: this.cost(requested, 1) });
    }
    json(200, { data: answer.data, extensions: this.cost(requested, answer.actual ?? requested) });
  }

  private operation(name: string, query: string, variables: Record<string, unknown>): { data: unknown; actual?: number } | { violation: string } {
    const checked = <T>(schema: z.ZodType<T>): T | string => {
      const parsed = schema.safeParse(variables);
      return parsed.success ? parsed.data : `Variable ${parsed.error.issues[0]?.path.join('.') ?? ''}: ${parsed.error.issues[0]?.message ?? 'invalid'}`;
    };
    switch (name) {
      case 'LabelDeskShop':
        return { data: { shop: { name: this.shopName, myshopifyDomain: this.shop } }, actual: 1 };
      case 'LabelDeskOrders': {
        const args = checked(ordersVariables);
        if (typeof args === 'string') return { violation: args };
        if (!/sortKey:\s*UPDATED_AT/.test(query)) return { violation: 'orders read by an updated_at cursor must be sorted by UPDATED_AT' };
        return this.ordersPage(args);
      }
      case 'LabelDeskFulfilmentState': {
        const args = checked(stateVariables);
        if (typeof args === 'string') return { violation: args };
        const order = this.order(args.id);
        return {
          data: {
            order: order && {
              id: order.id,
              fulfillments: order.fulfillments.map((done) => ({ id: done.id, status: done.status, trackingInfo: done.trackingInfo.number === null ? [] : [{ number: done.trackingInfo.number }] })),
              fulfillmentOrders: { nodes: order.fulfillmentOrders },
            },
          },
        };
      }
      case 'LabelDeskFulfillmentCreate': {
        const args = checked(createVariables);
        if (typeof args === 'string') return { violation: args };
        return { data: { fulfillmentCreate: this.fulfil(args.fulfillment) } };
      }
      case 'LabelDeskFulfillmentCancel': {
        const args = checked(cancelVariables);
        if (typeof args === 'string') return { violation: args };
        return { data: { fulfillmentCancel: this.cancelFulfillment(args.id) } };
      }
      default:
        return { violation: `unknown operation ${name || '(unnamed)'}` };
    }
  }

  private ordersPage(args: z.infer<typeof ordersVariables>): { data: unknown; actual: number } | { violation: string } {
    const terms = args.query.split(/\s+/).filter(Boolean);
    const bad = terms.find((term) => !SEARCH_TERM.test(term));
    if (bad) return { violation: `search term ${bad} is not in Shopify's orders search syntax` };
    const matches = (order: FakeShopifyOrder) =>
      terms.every((term) => {
        const [field, value = ''] = term.split(':', 2) as [string, string];
        if (field === 'financial_status') return order.financialStatus === value;
        if (field === 'fulfillment_status') {
          const open = order.fulfillmentOrders.some((fo) => fo.status !== 'CLOSED');
          const made = order.fulfillments.filter((done) => done.status !== 'CANCELLED').length;
          if (value === 'unfulfilled' || value === 'unshipped') return open && made === 0;
          if (value === 'shipped') return !open;
          if (value === 'partial') return open && made > 0;
          return true;
        }
        if (field === 'status') return value === 'any' || value === 'open';
        const [, op, at] = /^(>=|>|<=|<)'(.+)'$/.exec(term.slice('updated_at:'.length)) ?? [];
        const left = Date.parse(order.updatedAt);
        const right = Date.parse(at ?? '');
        return op === '>=' ? left >= right : op === '>' ? left > right : op === '<=' ? left <= right : left < right;
      });
    const all = this.orders.filter(matches).sort((a, b) => a.updatedAt.localeCompare(b.updatedAt) || a.legacyId - b.legacyId);
    const start = args.after ? Number(Buffer.from(args.after, 'base64url').toString('utf8').replace('after:', '')) : 0;
    if (!Number.isInteger(start) || start < 0) return { violation: `after ${args.after} is not a cursor this shop gave` };
    const page = all.slice(start, start + args.first);
    const end = start + page.length;
    return {
      data: {
        orders: {
          nodes: page.map((order) => this.orderNode(order)),
          pageInfo: { hasNextPage: end < all.length, endCursor: page.length === 0 ? null : Buffer.from(`after:${end}`).toString('base64url') },
        },
      },
      actual: 2 + page.length * 8,
    };
  }

  private orderNode(order: FakeShopifyOrder) {
    const address = order.shippingAddress;
    const fulfilled = (item: FakeShopifyLineItem) => (order.fulfillmentOrders.every((fo) => fo.status === 'CLOSED') ? item.quantity : 0);
    return {
      id: order.id,
      name: order.name,
      createdAt: order.createdAt,
      updatedAt: order.updatedAt,
      email: order.email,
      phone: null,
      shippingAddress: address && {
        name: `${address.first_name} ${address.last_name}`,
        firstName: address.first_name,
        lastName: address.last_name,
        company: address.company,
        address1: address.address1,
        address2: address.address2,
        city: address.city,
        provinceCode: address.province_code,
        zip: address.zip,
        countryCodeV2: address.country_code,
        phone: address.phone,
      },
      lineItems: { nodes: order.lineItems.map((item) => ({ sku: item.sku, name: item.name, unfulfilledQuantity: item.quantity - fulfilled(item), requiresShipping: item.requiresShipping })) },
      fulfillmentOrders: { nodes: order.fulfillmentOrders },
    };
  }

  private fulfil(input: z.infer<typeof fulfillmentInput>) {
    const ids = input.lineItemsByFulfillmentOrder.map((pair) => pair.fulfillmentOrderId);
    const owners = this.orders.filter((order) => order.fulfillmentOrders.some((fo) => ids.includes(fo.id)));
    const order = owners[0];
    if (!order || owners.length > 1) return { fulfillment: null, userErrors: [{ field: ['fulfillment'], message: 'Fulfillment orders must belong to the same order.' }] };
    const chosen = order.fulfillmentOrders.filter((fo) => ids.includes(fo.id));
    if (chosen.length !== ids.length || chosen.some((fo) => fo.status !== 'OPEN' && fo.status !== 'IN_PROGRESS')) {
      return { fulfillment: null, userErrors: [{ field: ['fulfillment'], message: 'Fulfillment order is not in a fulfillable state.' }] };
    }
    for (const fo of chosen) fo.status = 'CLOSED';
    const tracking = input.trackingInfo ?? {};
    const fulfillment: FakeShopifyFulfillment = {
      id: `gid://shopify/Fulfillment/${this.nextId++}`,
      fulfillmentOrderIds: ids,
      trackingInfo: { company: tracking.company ?? null, number: tracking.number ?? null, url: tracking.url ?? null },
      notifyCustomer: input.notifyCustomer ?? false,
      status: 'SUCCESS',
    };
    order.fulfillments.push(fulfillment);
    order.updatedAt = iso(new Date());
    if (fulfillment.notifyCustomer) order.notifications.push(`Your order ${order.name} is on the way: ${tracking.company ?? ''} ${tracking.number ?? ''}`.trim());
    return { fulfillment: { id: fulfillment.id, status: 'SUCCESS' }, userErrors: [] };
  }

  /** Cancels a fulfillment: its items go back to a new open fulfillment order of the order (Shopify's FulfillmentCancelPayload). */
  private cancelFulfillment(id: string) {
    const order = this.orders.find((candidate) => candidate.fulfillments.some((done) => done.id === id));
    const fulfillment = order?.fulfillments.find((done) => done.id === id);
    if (!order || !fulfillment) return { fulfillment: null, userErrors: [{ field: ['id'], message: 'Fulfillment does not exist.' }] };
    if (fulfillment.status === 'CANCELLED') return { fulfillment: null, userErrors: [{ field: ['id'], message: 'Fulfillment cannot be cancelled.' }] };
    fulfillment.status = 'CANCELLED';
    order.fulfillmentOrders.push({ id: `gid://shopify/FulfillmentOrder/${this.nextId++}`, status: 'OPEN' });
    order.updatedAt = iso(new Date());
    return { fulfillment: { id: fulfillment.id, status: 'CANCELLED' }, userErrors: [] };
  }
}
