import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as wait } from 'node:timers/promises';

/**
 * A WooCommerce store's REST API v3 as its published documents describe it (woocommerce/woocommerce-rest-api-docs:
 * "Authentication over HTTPS", "Pagination", "Errors", "Orders", "Order notes"), for the store plugin's tests: HTTP
 * Basic auth with the consumer key and secret, `GET /orders` with its documented parameters (paged by `page` and
 * `per_page` at most 100, with `X-WP-Total`, `X-WP-TotalPages` and a `Link` header), order notes, and an order's
 * update. A request outside the documented shapes is answered as WordPress answers it and kept in `violations`.
 */

export interface WooAddress {
  first_name: string;
  last_name: string;
  company: string;
  address_1: string;
  address_2: string;
  city: string;
  state: string;
  postcode: string;
  country: string;
}

export interface WooLineItem {
  id: number;
  name: string;
  product_id: number;
  variation_id: number;
  quantity: number;
  sku: string;
  price: string;
  total: string;
}

export interface WooOrderRecord {
  id: number;
  number: string;
  status: string;
  date_created_gmt: string;
  date_modified_gmt: string;
  billing: WooAddress & { email: string; phone: string };
  shipping: WooAddress;
  line_items: WooLineItem[];
  notes: Array<{ id: number; note: string; customer_note: boolean; date_created_gmt: string }>;
}

export interface FakeWooRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
}

/** What a test gives to add an order: the rest is filled as WooCommerce would. */
export interface NewWooOrder {
  status?: string;
  shipping?: Partial<WooAddress>;
  billing?: Partial<WooAddress & { email: string; phone: string }>;
  items: Array<{ sku: string; name?: string; quantity: number }>;
}

/** How a hosted store answers (all off by default: at once, never limited). */
export interface FakeWooOptions {
  /** Every request is answered this long after it was read, as a store on a shared host across the internet is. */
  latencyMs?: number;
  /**
   * A host's rate limiter: at most `requests` in a window of `windowSeconds` opened by the first request; past it a
   * 429 with `Retry-After` (the seconds left in the window) and `RateLimit-*` headers, as WooCommerce's own limiter
   * (Store API, 25 requests in 10 s by default) and hosts in front of the REST API answer.
   */
  rateLimit?: { requests: number; windowSeconds: number };
  /** The port to listen on (0, the default: any free one). */
  port?: number;
}

const ORDER_STATUSES = ['pending', 'processing', 'on-hold', 'completed', 'cancelled', 'refunded', 'failed', 'trash'] as const;
const LIST_PARAMETERS = new Set(['context', 'page', 'per_page', 'search', 'after', 'before', 'modified_after', 'modified_before', 'dates_are_gmt', 'exclude', 'include', 'offset', 'order', 'orderby', 'parent', 'parent_exclude', 'status', 'customer', 'product', 'dp']);
const NOTE_FIELDS = new Set(['note', 'customer_note', 'added_by_user']);
const ISO_8601 = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)?$/;

const gmt = (date: Date): string => date.toISOString().slice(0, 19);
const hex40 = (): string => randomBytes(20).toString('hex');

const ADDRESS: WooAddress = { first_name: 'Jane', last_name: 'Buyer', company: '', address_1: '969 Market St', address_2: '', city: 'San Francisco', state: 'CA', postcode: '94103', country: 'US' };

export class FakeWooCommerceServer {
  readonly consumerKey = `ck_${hex40()}`;
  readonly consumerSecret = `cs_${hex40()}`;
  readonly orders: WooOrderRecord[] = [];
  readonly requests: FakeWooRequest[] = [];
  readonly violations: string[] = [];
  /** While true every request is answered 503, as a store whose site is down. */
  down = false;
  /** While set, a list of orders from this page on is answered 503: a site that goes down in the middle of an import. */
  downFromPage: number | null = null;
  /** Requests still to be answered 429 (with `Retry-After: 0`), as a host's rate limiter does. */
  rateLimited = 0;
  private server: Server | null = null;
  private nextId = 700;
  private nextNoteId = 1;
  private port = 0;
  private window = { startedAt: 0, used: 0 };
  /** 429s sent by the rate limiter of `options.rateLimit`. */
  limitedAnswers = 0;

  constructor(private readonly options: FakeWooOptions = {}) {}

  /** The store's address (WordPress in a sub-folder, as many are). */
  get url(): string {
    return `http://127.0.0.1:${this.port}/shop`;
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server?.listen(this.options.port ?? 0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** Adds an order as a buyer's checkout would (paid: `processing`), modified now. */
  addOrder(order: NewWooOrder): WooOrderRecord {
    const id = this.nextId++;
    const now = gmt(new Date());
    const record: WooOrderRecord = {
      id,
      number: String(id),
      status: order.status ?? 'processing',
      date_created_gmt: now,
      date_modified_gmt: now,
      billing: { ...ADDRESS, email: 'jane@example.com', phone: '4155550100', ...order.billing },
      shipping: { ...ADDRESS, ...order.shipping },
      line_items: order.items.map((item, index) => ({ id: id * 10 + index, name: item.name ?? item.sku, product_id: 90 + index, variation_id: 0, quantity: item.quantity, sku: item.sku, price: '10.00', total: (10 * item.quantity).toFixed(2) })),
      notes: [],
    };
    this.orders.push(record);
    return record;
  }

  order(id: number): WooOrderRecord | undefined {
    return this.orders.find((order) => order.id === id);
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await new Promise<string>((resolve) => {
      let text = '';
      req.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      req.on('end', () => resolve(text));
    });
    const url = new URL(req.url ?? '/', 'http://fake');
    const query = Object.fromEntries(url.searchParams.entries());
    let parsed: unknown = null;
    if (body !== '') {
      try {
        parsed = JSON.parse(body) as unknown;
      } catch {
        parsed = body;
      }
    }
    this.requests.push({ method: req.method ?? '', path: url.pathname, query, body: parsed });
    const retryAfter = this.overLimit();
    if (this.options.latencyMs) await wait(this.options.latencyMs);
    const answer = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8', ...headers }).end(JSON.stringify(payload));
    };
    const error = (status: number, code: string, message: string) => answer(status, { code, message, data: { status } });
    const listPage = req.method === 'GET' && url.pathname.endsWith('/orders') ? Number(query['page'] ?? '1') : 0;
    if (this.down || (this.downFromPage !== null && listPage >= this.downFromPage)) return error(503, 'site_down', 'The site is experiencing technical difficulties.');
    if (this.rateLimited > 0) {
      this.rateLimited--;
      return answer(429, { code: 'too_many_requests', message: 'Too many requests', data: { status: 429 } }, { 'retry-after': '0' });
    }
    if (retryAfter !== null) {
      this.limitedAnswers++;
      const limit = this.options.rateLimit?.requests ?? 0;
      const headers = { 'retry-after': String(retryAfter), 'ratelimit-limit': String(limit), 'ratelimit-remaining': '0', 'ratelimit-reset': String(retryAfter) };
      return answer(429, { code: 'rate_limit_exceeded', message: `Too many requests. Please wait ${retryAfter} seconds before trying again.`, data: { status: 429 } }, headers);
    }
    const route = url.pathname.match(/^\/shop\/wp-json\/wc\/v3\/orders(?:\/(\d+)(\/notes)?)?\/?$/);
    if (!route) {
      this.violations.push(`${req.method} ${url.pathname}: no such route`);
      return error(404, 'rest_no_route', 'No route was found matching the URL and request method');
    }
    if (!this.authorised(req)) {
      const code = req.method === 'GET' ? 'woocommerce_rest_cannot_view' : 'woocommerce_rest_cannot_create';
      return error(401, code, req.method === 'GET' ? 'Sorry, you cannot list resources.' : 'Sorry, you are not allowed to create resources.');
    }
    const [, idText, notes] = route;
    if (idText === undefined) {
      if (req.method !== 'GET') return this.refuse(error, `${req.method} /orders is not used by an import`);
      return this.list(query, answer, error);
    }
    const order = this.order(Number(idText));
    if (!order) return error(404, 'woocommerce_rest_shop_order_invalid_id', 'Invalid ID.');
    if (notes && req.method === 'GET') return answer(200, order.notes.map((note) => ({ ...note, author: 'system', date_created: note.date_created_gmt, added_by_user: false })));
    if (notes && req.method === 'POST') return this.addNote(order, parsed, answer, error);
    if (!notes && req.method === 'PUT') return this.update(order, parsed, answer, error);
    return this.refuse(error, `${req.method} ${url.pathname} is not documented for this use`);
  }

  /** Counts a request against `options.rateLimit`: null when within it, else the whole seconds until its window closes. */
  private overLimit(): number | null {
    const limit = this.options.rateLimit;
    if (!limit) return null;
    const now = Date.now();
    const windowMs = limit.windowSeconds * 1000;
    if (now - this.window.startedAt >= windowMs) this.window = { startedAt: now, used: 0 };
    if (this.window.used < limit.requests) {
      this.window.used++;
      return null;
    }
    return Math.max(1, Math.ceil((this.window.startedAt + windowMs - now) / 1000));
  }

  private authorised(req: IncomingMessage): boolean {
    const header = req.headers.authorization ?? '';
    if (!header.startsWith('Basic ')) return false;
    const [key, secret] = Buffer.from(header.slice(6), 'base64').toString('utf8').split(':');
    return key === this.consumerKey && secret === this.consumerSecret;
  }

  private refuse(error: (status: number, code: string, message: string) => void, violation: string): void {
    this.violations.push(violation);
    error(400, 'rest_invalid_param', violation);
  }

  private list(query: Record<string, string>, answer: (status: number, payload: unknown, headers?: Record<string, string>) => void, error: (status: number, code: string, message: string) => void): void {
    const unknown = Object.keys(query).filter((name) => !LIST_PARAMETERS.has(name));
    if (unknown.length > 0) return this.refuse(error, `GET /orders with undocumented parameters: ${unknown.join(', ')}`);
    const perPage = Number(query['per_page'] ?? '10');
    const page = Number(query['page'] ?? '1');
    if (!Number.isInteger(perPage) || perPage < 1 || perPage > 100) return this.refuse(error, 'Invalid parameter(s): per_page (per_page must be between 1 (inclusive) and 100 (inclusive))');
    if (!Number.isInteger(page) || page < 1) return this.refuse(error, 'Invalid parameter(s): page');
    const statuses = (query['status'] ?? 'any').split(',');
    if (statuses.some((status) => status !== 'any' && !(ORDER_STATUSES as readonly string[]).includes(status))) return this.refuse(error, `Invalid parameter(s): status (${query['status']})`);
    for (const name of ['after', 'before', 'modified_after', 'modified_before'] as const) {
      if (query[name] !== undefined && !ISO_8601.test(query[name])) return this.refuse(error, `Invalid parameter(s): ${name} (not an ISO8601 date: ${query[name]})`);
    }
    if (query['dates_are_gmt'] !== undefined && !['true', 'false', '1', '0'].includes(query['dates_are_gmt'])) return this.refuse(error, 'Invalid parameter(s): dates_are_gmt');
    if (query['order'] !== undefined && !['asc', 'desc'].includes(query['order'])) return this.refuse(error, 'Invalid parameter(s): order');
    if (query['orderby'] !== undefined && !['date', 'id', 'include', 'title', 'slug'].includes(query['orderby'])) return this.refuse(error, 'Invalid parameter(s): orderby');
    // Without dates_are_gmt the dates are the site's time zone; this fake's site is on UTC, so both read alike.
    const after = query['modified_after'] === undefined ? null : Date.parse(/Z|[+-]\d\d:\d\d$/.test(query['modified_after']) ? query['modified_after'] : `${query['modified_after']}Z`);
    const matching = this.orders
      .filter((order) => statuses.includes('any') ? order.status !== 'trash' : statuses.includes(order.status))
      .filter((order) => after === null || Date.parse(`${order.date_modified_gmt}Z`) > after)
      .sort((a, b) => (a.date_created_gmt === b.date_created_gmt ? a.id - b.id : a.date_created_gmt < b.date_created_gmt ? -1 : 1));
    if ((query['order'] ?? 'desc') === 'desc') matching.reverse();
    const totalPages = Math.ceil(matching.length / perPage);
    const rows = matching.slice((page - 1) * perPage, page * perPage).map(({ notes: _notes, ...order }) => order);
    const link = (n: number) => `<${this.url}/wp-json/wc/v3/orders?${new URLSearchParams({ ...query, page: String(n) }).toString()}>`;
    const links = [...(page > 1 ? [`${link(page - 1)}; rel="prev"`] : []), ...(page < totalPages ? [`${link(page + 1)}; rel="next"`] : [])];
    answer(200, rows, { 'x-wp-total': String(matching.length), 'x-wp-totalpages': String(totalPages), ...(links.length > 0 ? { link: links.join(', ') } : {}) });
  }

  private addNote(order: WooOrderRecord, body: unknown, answer: (status: number, payload: unknown) => void, error: (status: number, code: string, message: string) => void): void {
    if (typeof body !== 'object' || body === null) return this.refuse(error, 'POST /orders/{id}/notes without a JSON body');
    const fields = body as Record<string, unknown>;
    const unknown = Object.keys(fields).filter((name) => !NOTE_FIELDS.has(name));
    if (unknown.length > 0) return this.refuse(error, `POST /orders/{id}/notes with undocumented fields: ${unknown.join(', ')}`);
    if (typeof fields['note'] !== 'string' || fields['note'].trim() === '') return this.refuse(error, 'Missing parameter(s): note');
    if (fields['customer_note'] !== undefined && typeof fields['customer_note'] !== 'boolean') return this.refuse(error, 'Invalid parameter(s): customer_note (not of type boolean)');
    const note = { id: this.nextNoteId++, note: fields['note'], customer_note: fields['customer_note'] === true, date_created_gmt: gmt(new Date()) };
    order.notes.push(note);
    answer(201, { ...note, author: 'WooCommerce', date_created: note.date_created_gmt, added_by_user: false });
  }

  private update(order: WooOrderRecord, body: unknown, answer: (status: number, payload: unknown) => void, error: (status: number, code: string, message: string) => void): void {
    if (typeof body !== 'object' || body === null) return this.refuse(error, 'PUT /orders/{id} without a JSON body');
    const status = (body as Record<string, unknown>)['status'];
    if (status !== undefined && (typeof status !== 'string' || !(ORDER_STATUSES as readonly string[]).includes(status))) return this.refuse(error, `Invalid parameter(s): status (${String(status)})`);
    if (typeof status === 'string') order.status = status;
    order.date_modified_gmt = gmt(new Date());
    const { notes: _notes, ...shown } = order;
    answer(200, shown);
  }
}
