import type { IncomingHttpHeaders, IncomingMessage, Server, ServerResponse } from 'node:http';
import type { OpenApiValidator, SpecError } from '../openapi/openapi-validator';
import { closeNow, listenLocally } from './local-server';

/** A request as a fake store received it: the body read as JSON or as a form (both as an object), else its text. */
export interface FakeStoreRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
  text: string;
  body: unknown;
}

/** What a route answers: JSON, unless `body` is text (an HTML page) or absent (a redirect). */
export interface FakeStoreReply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/** A request (or answer) that breaks the store's published document or its documented rules. */
export interface FakeStoreViolation {
  method: string;
  path: string;
  where: 'request' | 'response';
  errors: SpecError[];
}

const bodyOf = (headers: IncomingHttpHeaders, text: string): unknown => {
  if (text === '') return null;
  if ((headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(text).entries());
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};

/**
 * What the fake stores share (the eBay and Etsy fakes; WooCommerce's predates it): a server on a free port, every
 * request kept, a request under the store's published OpenAPI document checked against it (a bad one refused as the
 * store refuses it, and kept in `violations`), every answer there checked too, and the switches tests turn: `down`
 * (503) and `rateLimited` (429s to come).
 */
export abstract class FakeStoreServer {
  readonly requests: FakeStoreRequest[] = [];
  readonly violations: FakeStoreViolation[] = [];
  /** While true every request is answered 503. */
  down = false;
  /** Requests still to be answered 429. */
  rateLimited = 0;
  private server: Server | null = null;
  private port = 0;

  /** The store's published documents, and the path prefixes of the requests they cover (OAuth routes are outside them). */
  protected abstract readonly spec: { validator: () => OpenApiValidator; under: readonly string[] };

  /** The fake's address: the store's API and its sign-in pages are both served here. */
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

  /** Records a rule of the store's (from its documents, not its schema) that a request broke. */
  protected violated(request: FakeStoreRequest, message: string, at = ''): void {
    this.violations.push({ method: request.method, path: request.path, where: 'request', errors: [{ in: 'body', at, message }] });
  }

  protected abstract route(request: FakeStoreRequest): FakeStoreReply;
  /** The store's answer to a request its document refuses. */
  protected abstract refusal(errors: SpecError[]): FakeStoreReply;
  protected abstract unavailable(): FakeStoreReply;
  protected abstract tooManyRequests(): FakeStoreReply;

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://fake');
    const request: FakeStoreRequest = { method: req.method ?? 'GET', path: url.pathname, query: Object.fromEntries(url.searchParams.entries()), headers: req.headers, text, body: bodyOf(req.headers, text) };
    this.requests.push(request);
    const inSpec = this.spec.under.some((prefix) => url.pathname.startsWith(prefix));
    const reply = this.replyTo(request, req.url ?? '/', inSpec);
    const isJson = typeof reply.body !== 'string' && reply.body !== undefined;
    const payload = reply.body === undefined ? '' : typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
    const contentType = isJson ? 'application/json' : 'text/html; charset=utf-8';
    if (inSpec && isJson) {
      const errors = this.spec
        .validator()
        .checkAnswer({ method: request.method, url: req.url ?? '/' }, { status: reply.status, contentType, body: payload })
        // The documents leave out the refusals every call may get (401, 403, 429, 503), and eBay's document gives its
        // errors no body schema: those are answered in the store's error shape as its guides show it.
        .filter((error) => !(reply.status >= 400 && (error.in === 'status' || /documents no body/.test(error.message))));
      if (errors.length > 0 && !errors.some((error) => error.in === 'operation')) this.violations.push({ method: request.method, path: request.path, where: 'response', errors });
    }
    res.writeHead(reply.status, { ...(reply.body === undefined ? {} : { 'content-type': contentType }), ...reply.headers }).end(payload);
  }

  private replyTo(request: FakeStoreRequest, rawUrl: string, inSpec: boolean): FakeStoreReply {
    if (this.down) return this.unavailable();
    if (this.rateLimited > 0) {
      this.rateLimited--;
      return this.tooManyRequests();
    }
    if (inSpec) {
      const errors = this.spec.validator().checkRequest({ method: request.method, url: rawUrl, headers: request.headers, body: request.text });
      if (errors.length > 0) {
        this.violations.push({ method: request.method, path: request.path, where: 'request', errors });
        // A path or method the document lacks is left to the routes, which answer it 404.
        if (!errors.some((error) => error.in === 'operation')) return this.refusal(errors);
      }
    }
    return this.route(request);
  }
}
