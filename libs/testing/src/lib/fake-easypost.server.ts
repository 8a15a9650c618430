import { createFakeAddress } from './fake-easypost/addresses';
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { renderFakeLabel, renderFakeZplLabel } from './fake-easypost/label';
import { errorAnswer, FakeEasyPostLedger, NOT_FOUND, type FakeAnswer, type FakeRefundStatus, type FakeTrackingEvent, type Json } from './fake-easypost/ledger';
import { FakeEasyPostScanForms } from './fake-easypost/scan-forms';

export type { FakeRefundStatus, FakeTrackerStatus, FakeTrackingEvent } from './fake-easypost/ledger';

/**
 * The `X-Hmac-Signature` header EasyPost sends with a webhook body: `hmac-sha256-hex=` + hex HMAC-SHA256 of the raw
 * body, keyed with the webhook secret NFKD-normalised (as EasyPost's SDKs check it).
 */
export const signEasyPostWebhook = (rawBody: string, secret: string): string =>
  `hmac-sha256-hex=${createHmac('sha256', Buffer.from(secret.normalize('NFKD'), 'utf8')).update(rawBody, 'utf8').digest('hex')}`;

export interface FakeEasyPostOptions {
  /** The key clients must send as the Basic user name (default `EZTKfakeeasypost`). */
  apiKey?: string;
  /** 0 (default) for a free port. */
  port?: number;
  /** Where it listens (default 127.0.0.1). */
  host?: string;
  /** The address clients reach it at, which label URLs are built on (default `http://<host>:<port>`). */
  publicUrl?: string;
  /** Added to every API answer, for load tests. */
  latencyMs?: number;
  /** Share (0..1) of API requests answered 429 at random, from a seeded generator, for load tests. */
  rateLimitShare?: number;
  seed?: number;
  /** `GET /_fake/state` and `POST /_fake/faults`, for tests driving the fake from another process. */
  controlRoutes?: boolean;
  /** EasyPost services left unrated on every shipment (with a carrier message), e.g. `['Express']`. */
  unratedServices?: ReadonlyArray<'GroundAdvantage' | 'Priority' | 'Express'>;
}

/** The faults `POST /_fake/faults` takes: `{fault, seconds?, status?, afterBuying?}`. */
export type FakeEasyPostFault = 'loseNextBuyAnswer' | 'hangNextStepBeforeBuy' | 'rateLimitNext' | 'failNextWith' | 'failNextBuyWith' | 'insufficientFundsNext';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** mulberry32: the random 429s repeat run after run with the same seed. */
const seeded = (seed: number) => {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};

const rateLimited = (seconds: number): FakeAnswer =>
  errorAnswer({ status: 429, code: 'RATE_LIMITED', message: 'Too many requests. Slow down and try again.', errors: [] }, { 'Retry-After': String(seconds) });

const serverError = (status: number, message = 'We are sorry, something went wrong. Please try again.'): FakeAnswer =>
  errorAnswer({ status, code: 'INTERNAL_SERVER_ERROR', message, errors: [] });

/**
 * A stand-in for EasyPost's API, written for the tests, on a real port, speaking the shapes of EasyPost's recorded
 * traffic (EasyPost/easypost-node cassettes; the adapter's payloads/README.md): create a rated shipment, buy one of
 * its rates (once: a second buy is `SHIPMENT.POSTAGE.EXISTS`, never a second charge), read it back, refund it
 * (once), bulk refunds by tracking code, and the label files (a 4x6 PDF marked EASYPOST TEST). Every API answer
 * carries an `x-ep-request-uuid`; HTTP Basic with the API key as the user name is checked.
 *
 * Codes not seen in a recording (EasyPost-style, not EasyPost's word for word): APIKEY.REQUIRED (401),
 * PAYMENT.INSUFFICIENT_FUNDS (402), RATE_LIMITED (429), INTERNAL_SERVER_ERROR (5xx), PARAMETER.INVALID,
 * SHIPMENT.POSTAGE.EXISTS and SHIPMENT.REFUND.UNAVAILABLE (422).
 *
 * The fault controls are the carrier contract suite's CarrierFaults, structurally (a lib never imports a service).
 */
export class FakeEasyPostServer {
  readonly apiKey: string;
  /** Every API request received, in order (label files and control routes excepted). */
  readonly requests: Array<{ method: string; path: string }> = [];
  url = '';
  private readonly ledger: FakeEasyPostLedger;
  private readonly scanForms: FakeEasyPostScanForms;
  private readonly server: Server;
  private readonly random: () => number;
  private port = 0;
  private isDown = false;
  private relisten: Promise<void> = Promise.resolve();
  private readonly next = {
    loseBuyAnswer: false,
    hangCreate: false,
    rateLimitSeconds: null as number | null,
    failStatus: null as number | null,
    buyFailure: null as { status: number; afterBuying: boolean } | null,
    noFunds: false,
    labelFileStatus: null as number | null,
  };

  constructor(private readonly options: FakeEasyPostOptions = {}) {
    this.apiKey = options.apiKey ?? 'EZTKfakeeasypost';
    const share = options.rateLimitShare ?? 0;
    if (!(share >= 0 && share <= 1)) throw new RangeError(`rateLimitShare must be within 0..1, got ${share}`);
    this.random = seeded(options.seed ?? 1);
    this.ledger = new FakeEasyPostLedger(() => this.url, new Set(options.unratedServices ?? []));
    this.scanForms = new FakeEasyPostScanForms(() => this.url, (shipmentId) => {
      const shipment = this.ledger.shipment(shipmentId);
      const code = shipment?.['tracking_code'];
      return shipment?.['postage_label'] && shipment['refund_status'] == null && typeof code === 'string' ? code : undefined;
    });
    this.server = createServer((req, res) => void this.handle(req, res).catch((error: unknown) => this.answer(res, serverError(500, `The fake failed: ${String(error)}`))));
  }

  async start(): Promise<void> {
    // The first PDF costs half a second cold (pdf-lib and its fonts): paid here, not by a client's label download,
    // which a real file host answers at once.
    await renderFakeLabel({ trackingCode: '0000', service: 'Priority', toLines: [], fromLines: [] });
    await this.listen(this.options.port ?? 0);
    this.port = (this.server.address() as AddressInfo).port;
    this.url = this.options.publicUrl?.replace(/\/+$/, '') ?? `http://${this.options.host ?? '127.0.0.1'}:${this.port}`;
  }

  async stop(): Promise<void> {
    await this.relisten;
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => (this.server.listening ? this.server.close(() => resolve()) : resolve()));
  }

  // --- CarrierFaults ---------------------------------------------------------------------------------------------

  labelsSold(): number {
    return this.ledger.labelsSold;
  }

  voidsAccepted(): number {
    return this.ledger.voidsAccepted;
  }

  /** The next buy is carried out (sold), then its connection is destroyed before any answer. */
  loseNextBuyAnswer(): void {
    this.next.loseBuyAnswer = true;
  }

  /** The next `POST /v2/shipments` is never answered (nor carried out): the client's time-out decides. */
  hangNextStepBeforeBuy(): void {
    this.next.hangCreate = true;
  }

  /** The next API request is answered 429 with `Retry-After: seconds`. */
  rateLimitNext(seconds: number): void {
    this.next.rateLimitSeconds = seconds;
  }

  /** The next API request is answered with this status before anything is done. */
  failNextWith(status: number): void {
    this.next.failStatus = status;
  }

  /** Connections are refused (nothing listens) until `up()`. */
  down(): void {
    this.isDown = true;
    this.server.close();
    this.server.closeAllConnections();
  }

  up(): Promise<void> {
    if (!this.isDown) return this.relisten;
    this.isDown = false;
    this.relisten = this.listen(this.port);
    return this.relisten;
  }

  // --- More controls ---------------------------------------------------------------------------------------------

  /** The next buy answers `status`; with `afterBuying` the label is sold first (a failure after the work). */
  failNextBuyWith(status: number, afterBuying = false): void {
    this.next.buyFailure = { status, afterBuying };
  }

  /** The next buy is refused with 402, as EasyPost does when the wallet cannot pay the postage. */
  insufficientFundsNext(): void {
    this.next.noFunds = true;
  }

  /** The next label file download is answered with this status (the file host failing, not EasyPost). */
  failNextLabelFileWith(status: number): void {
    this.next.labelFileStatus = status;
  }

  /** Moves a submitted refund on, as USPS's answer days later would. */
  settleRefund(shipmentId: string, status: Exclude<FakeRefundStatus, 'submitted'>): void {
    this.ledger.settleRefund(shipmentId, status);
  }

  /** Settles the refund of a sold tracking code (for tests that know the label, not its shipment). */
  settleRefundOf(trackingCode: string, status: Exclude<FakeRefundStatus, 'submitted'>): void {
    const shipmentId = this.ledger.shipmentIdOf(trackingCode);
    if (!shipmentId) throw new Error(`the fake sold no label ${trackingCode}`);
    this.ledger.settleRefund(shipmentId, status);
  }

  /**
   * Adds a scan to a sold label's tracker (`GET /v2/trackers/:id` shows it, the status follows) and answers the
   * `tracker.updated` event EasyPost would push for it (sign it with `signEasyPostWebhook`).
   */
  addTrackingEvent(trackingCode: string, event: FakeTrackingEvent): Json {
    return this.ledger.addTrackingEvent(trackingCode, event);
  }

  /** The `tracker.updated` event of a sold label's tracker as it stands now. */
  trackerUpdatedEvent(trackingCode: string): Json {
    return this.ledger.trackerUpdatedEvent(trackingCode);
  }

  shipmentsCreated(): number {
    return this.ledger.shipmentCount;
  }

  /** A shipment as the fake would answer it. */
  shipment(shipmentId: string): Json | undefined {
    return this.ledger.shipment(shipmentId);
  }

  // --- HTTP ------------------------------------------------------------------------------------------------------

  private listen(port: number): Promise<void> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, this.options.host ?? '127.0.0.1', () => {
        this.server.off('error', reject);
        resolve();
      });
    });
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = new URL(req.url ?? '/', 'http://fake').pathname;
    const method = req.method ?? '';
    const body = await readBody(req);
    if (this.options.controlRoutes && path.startsWith('/_fake/')) return this.answer(res, this.control(method, path, body));
    if (method === 'GET' && path.startsWith('/files/postage_label/')) return this.serveFile(path.slice('/files/postage_label/'.length), res);
    if (method === 'GET' && path.startsWith('/files/scan_form/')) {
      const pdf = this.scanForms.file(path.slice('/files/scan_form/'.length));
      res.writeHead(pdf ? 200 : 404, { 'Content-Type': pdf ? 'application/pdf' : 'application/xml' });
      res.end(pdf ?? '<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchKey</Code></Error>');
      return;
    }

    this.requests.push({ method, path });
    if (!this.authorised(req)) {
      return this.answer(res, errorAnswer({ status: 401, code: 'APIKEY.REQUIRED', message: 'No valid API key found. Send your API key as the Basic auth user name.', errors: [] }));
    }
    const fault = this.takeRequestFault();
    if (this.options.latencyMs) await sleep(this.options.latencyMs);
    if (fault) return this.answer(res, fault);

    let parsed: unknown = {};
    if (body.length > 0) {
      try {
        parsed = JSON.parse(body) as unknown;
      } catch {
        return this.answer(res, errorAnswer({ status: 400, code: 'BAD_REQUEST', message: 'The request body is not valid JSON.', errors: [] }));
      }
    }
    const [, version, collection, id, action, ...rest] = path.split('/');
    if (version !== 'v2' || rest.length > 0) return this.answer(res, NOT_FOUND);
    if (collection === 'refunds' && method === 'POST' && id === undefined) return this.answer(res, this.ledger.bulkRefund(parsed));
    if (collection === 'trackers' && method === 'GET' && id !== undefined && action === undefined) return this.answer(res, this.ledger.tracker(id));
    if (collection === 'addresses' && method === 'POST' && id === undefined) return this.answer(res, createFakeAddress(parsed));
    if (collection === 'scan_forms' && method === 'POST' && id === undefined) return this.answer(res, await this.scanForms.create(parsed));
    if (collection === 'scan_forms' && method === 'GET' && id !== undefined && action === undefined) return this.answer(res, this.scanForms.get(id));
    if (collection !== 'shipments') return this.answer(res, NOT_FOUND);
    if (method === 'POST' && id === undefined) return this.createShipment(parsed, req, res);
    if (method === 'GET' && id !== undefined && action === undefined) return this.answer(res, this.ledger.get(id));
    if (method === 'POST' && id !== undefined && action === 'buy') return this.buyShipment(id, parsed, res);
    if (method === 'POST' && id !== undefined && action === 'refund') return this.answer(res, this.ledger.refund(id));
    return this.answer(res, NOT_FOUND);
  }

  private authorised(req: IncomingMessage): boolean {
    const header = req.headers.authorization ?? '';
    if (!header.startsWith('Basic ')) return false;
    const [user] = Buffer.from(header.slice('Basic '.length), 'base64').toString('utf8').split(':');
    return user === this.apiKey;
  }

  /** A fault aimed at the next request, taken at once so two concurrent requests cannot both take it. */
  private takeRequestFault(): FakeAnswer | null {
    const { rateLimitSeconds, failStatus } = this.next;
    if (rateLimitSeconds !== null) {
      this.next.rateLimitSeconds = null;
      return rateLimited(rateLimitSeconds);
    }
    if (failStatus !== null) {
      this.next.failStatus = null;
      return serverError(failStatus);
    }
    const share = this.options.rateLimitShare ?? 0;
    return share > 0 && this.random() < share ? rateLimited(1) : null;
  }

  private createShipment(body: unknown, req: IncomingMessage, res: ServerResponse): void {
    if (this.next.hangCreate) {
      this.next.hangCreate = false;
      // Never answered: the socket stays open until the client gives up or the fake stops.
      req.socket.setTimeout(0);
      return;
    }
    this.answer(res, this.ledger.create(body));
  }

  private buyShipment(shipmentId: string, body: unknown, res: ServerResponse): void {
    const purchasable = this.ledger.purchasable(shipmentId, body);
    if ('status' in purchasable) return this.answer(res, purchasable);
    if (this.next.noFunds) {
      this.next.noFunds = false;
      return this.answer(res, errorAnswer({ status: 402, code: 'PAYMENT.INSUFFICIENT_FUNDS', message: 'Insufficient funds. Add funds to your EasyPost wallet to buy postage.', errors: [] }));
    }
    const failure = this.next.buyFailure;
    this.next.buyFailure = null;
    if (failure && !failure.afterBuying) return this.answer(res, serverError(failure.status));
    const bought = this.ledger.buy(purchasable);
    if (this.next.loseBuyAnswer) {
      this.next.loseBuyAnswer = false;
      res.socket?.destroy();
      return;
    }
    this.answer(res, failure ? serverError(failure.status) : bought);
  }

  private async serveFile(name: string, res: ServerResponse): Promise<void> {
    const file = this.ledger.file(name);
    const failStatus = this.next.labelFileStatus;
    this.next.labelFileStatus = null;
    if (failStatus !== null) {
      res.writeHead(failStatus, { 'Content-Type': 'application/xml' });
      res.end('<?xml version="1.0" encoding="UTF-8"?><Error><Code>ServiceUnavailable</Code><Message>Please reduce your request rate.</Message></Error>');
      return;
    }
    if (!file) {
      // The label host is S3 for the real EasyPost: its "no such key" answer.
      res.writeHead(404, { 'Content-Type': 'application/xml' });
      res.end('<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message></Error>');
      return;
    }
    if (file.format === 'ZPL') {
      res.writeHead(200, { 'Content-Type': 'application/zpl' });
      res.end(renderFakeZplLabel(file.content));
      return;
    }
    file.rendered ??= renderFakeLabel(file.content);
    const pdf = await file.rendered;
    res.writeHead(200, { 'Content-Type': 'application/pdf', 'Content-Length': pdf.length });
    res.end(pdf);
  }

  private control(method: string, path: string, body: string): FakeAnswer {
    if (method === 'GET' && path === '/_fake/state') {
      return { status: 200, body: { labelsSold: this.ledger.labelsSold, voidsAccepted: this.ledger.voidsAccepted, shipments: this.ledger.shipmentCount } };
    }
    if (method === 'POST' && path === '/_fake/refunds') return this.controlRefund(body);
    if (method === 'POST' && path === '/_fake/tracking') return this.controlTracking(body);
    if (method !== 'POST' || path !== '/_fake/faults') return NOT_FOUND;
    let fault: { fault?: FakeEasyPostFault; seconds?: number; status?: number; afterBuying?: boolean };
    try {
      fault = JSON.parse(body || '{}') as typeof fault;
    } catch {
      return { status: 400, body: { error: 'the body is not JSON' } };
    }
    const apply: Record<FakeEasyPostFault, () => void> = {
      loseNextBuyAnswer: () => this.loseNextBuyAnswer(),
      hangNextStepBeforeBuy: () => this.hangNextStepBeforeBuy(),
      rateLimitNext: () => this.rateLimitNext(fault.seconds ?? 1),
      failNextWith: () => this.failNextWith(fault.status ?? 503),
      failNextBuyWith: () => this.failNextBuyWith(fault.status ?? 503, fault.afterBuying ?? false),
      insufficientFundsNext: () => this.insufficientFundsNext(),
    };
    const run = fault.fault !== undefined ? apply[fault.fault] : undefined;
    if (!run) return { status: 400, body: { error: `unknown fault ${String(fault.fault)}; known: ${Object.keys(apply).join(', ')}` } };
    run();
    return { status: 204, body: null };
  }

  /** `POST /_fake/refunds {trackingCode | shipmentId, status: refunded | rejected | not_applicable}`. */
  private controlRefund(body: string): FakeAnswer {
    const input = parseControl(body) as { trackingCode?: unknown; shipmentId?: unknown; status?: unknown } | null;
    const status = input?.status;
    if (status !== 'refunded' && status !== 'rejected' && status !== 'not_applicable') return { status: 400, body: { error: 'status must be refunded, rejected or not_applicable' } };
    try {
      if (typeof input?.shipmentId === 'string') this.settleRefund(input.shipmentId, status);
      else if (typeof input?.trackingCode === 'string') this.settleRefundOf(input.trackingCode, status);
      else return { status: 400, body: { error: 'give trackingCode or shipmentId' } };
    } catch (error) {
      return { status: 404, body: { error: error instanceof Error ? error.message : String(error) } };
    }
    return { status: 204, body: null };
  }

  /** `POST /_fake/tracking {trackingCode, status, message?, city?, state?, zip?}` → the `tracker.updated` event. */
  private controlTracking(body: string): FakeAnswer {
    const input = parseControl(body) as ({ trackingCode?: unknown } & Partial<Record<keyof FakeTrackingEvent, unknown>>) | null;
    const statuses = ['unknown', 'pre_transit', 'in_transit', 'out_for_delivery', 'delivered', 'available_for_pickup', 'return_to_sender', 'failure', 'cancelled', 'error'];
    if (typeof input?.trackingCode !== 'string' || typeof input.status !== 'string' || !statuses.includes(input.status)) {
      return { status: 400, body: { error: `give trackingCode and a status among ${statuses.join(', ')}` } };
    }
    const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
    try {
      const event = this.addTrackingEvent(input.trackingCode, {
        status: input.status as FakeTrackingEvent['status'],
        ...(text(input.message) ? { message: text(input.message) } : {}),
        city: text(input.city) ?? null,
        state: text(input.state) ?? null,
        zip: text(input.zip) ?? null,
      });
      return { status: 200, body: event };
    } catch (error) {
      return { status: 404, body: { error: error instanceof Error ? error.message : String(error) } };
    }
  }

  private answer(res: ServerResponse, answer: FakeAnswer): void {
    if (res.destroyed || res.headersSent) return;
    if (answer.status === 204) {
      res.writeHead(204).end();
      return;
    }
    res.writeHead(answer.status, { 'Content-Type': 'application/json; charset=utf-8', 'x-ep-request-uuid': randomBytes(16).toString('hex'), ...answer.headers });
    res.end(JSON.stringify(answer.body));
  }
}

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });

const parseControl = (body: string): Record<string, unknown> | null => {
  try {
    const value = JSON.parse(body || '{}') as unknown;
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
};
