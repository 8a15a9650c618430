import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createFakeAddress } from './fake-easypost/addresses';
import { FakeEasyPostClaims, type FakeClaimStatus } from './fake-easypost/claims';
import { carrierAccountJson, fakeCarrierAccountOf, type FakeCarrierAccount } from './fake-easypost/carrier-accounts';
import { controlAnswer, type FakeEasyPostControls } from './fake-easypost/control-routes';
import { errorAnswer, NOT_FOUND, type FakeAnswer } from './fake-easypost/errors';
import { FakeEasyPostFaults, insufficientFunds, serverError, type FakeEasyPostStep } from './fake-easypost/faults';
import { renderFakeLabel, renderFakeZplLabel } from './fake-easypost/label';
import { FakeEasyPostLedger, type FakeRefundStatus } from './fake-easypost/ledger';
import { easyPostShapeViolations } from './fake-easypost/recorded-shapes';
import { FakeEasyPostScanForms } from './fake-easypost/scan-forms';
import type { Json } from './fake-easypost/shipment-json';
import type { FakeTrackingEvent } from './fake-easypost/trackers';

export { FAKE_CARRIER_ACCOUNTS, fakeCarrierAccountOf, type FakeCarrierAccount } from './fake-easypost/carrier-accounts';
export { dhlExpressCheckDigit, fedExCheckDigit, upsCheckDigit } from './fake-easypost/tracking-numbers';
export type { FakeEasyPostFault } from './fake-easypost/control-routes';
export type { FakeEasyPostStep } from './fake-easypost/faults';
export type { FakeRefundStatus } from './fake-easypost/ledger';
export type { FakeClaimStatus } from './fake-easypost/claims';
export type { FakeTrackerStatus, FakeTrackingEvent } from './fake-easypost/trackers';

/**
 * The `X-Hmac-Signature` header EasyPost sends with a push (an event it calls a webhook): `hmac-sha256-hex=` + hex
 * HMAC-SHA256 of the raw body, keyed with the webhook secret NFKD-normalised (as EasyPost's SDKs check it).
 */
export const signEasyPostPush = (rawBody: string, secret: string): string =>
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
  /**
   * The couriers the API key has carrier accounts of, by the carrier name on their rates (`USPS`, `UPS`, `FedEx`,
   * `DHLExpress`); default USPS alone. A shipment naming no `carrier_accounts` is rated by all of them.
   */
  carriers?: readonly string[];
  /** EasyPost services left unrated on every shipment (with a carrier message), e.g. `['Express']` or `['Ground']`. */
  unratedServices?: readonly string[];
  /**
   * Every buy answers what every recorded buy answers: a PNG `label_url` with `label_pdf_url` and `label_zpl_url`
   * null, whatever `label_format` asked; the PDF or ZPL comes from the label conversion. Default: a `label_format`
   * asked is sold in that format (not recorded, recorded/README.md).
   */
  pngLabelsOnly?: boolean;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The step of a purchase an API request is, for the faults aimed at one. */
const stepOf = (method: string, collection: string | undefined, id: string | undefined, action: string | undefined): FakeEasyPostStep | null => {
  if (collection !== 'shipments') return null;
  if (method === 'POST' && id === undefined) return 'create';
  if (method === 'POST' && action === 'buy') return 'buy';
  if (method === 'GET' && action === 'label') return 'convert';
  return method === 'GET' && id !== undefined && action === undefined ? 'retrieve' : null;
};

/**
 * A stand-in for EasyPost's API on a real port, answering with EasyPost's own recorded bodies (easypost-node cassettes,
 * fake-easypost/recorded/README.md): carrier accounts of USPS, UPS, FedEx and DHL Express (FAKE_CARRIER_ACCOUNTS),
 * create a shipment rated by the accounts its `carrier_accounts` names (all when none), buy one of its rates (once: a second buy is
 * `SHIPMENT.POSTAGE.EXISTS`, never a second charge), convert its label, read it back, refund it (once), bulk refunds
 * by tracking code, trackers, SCAN forms, address verification, and the label files. Every API answer carries an
 * `x-ep-request-uuid` and is checked against the recorded bodies of its kind (`shapeViolations`); HTTP Basic with
 * the API key as the user name is checked.
 *
 * The fault controls are the carrier contract suite's CarrierFaults, structurally (a lib never imports a service).
 */
export class FakeEasyPostServer implements FakeEasyPostControls {
  readonly apiKey: string;
  /** The carrier accounts of its API key (FAKE_CARRIER_ACCOUNTS of the `carriers` asked for). */
  readonly accounts: readonly FakeCarrierAccount[];
  /** Every API request received, in order (label files and control routes excepted). */
  readonly requests: Array<{ method: string; path: string }> = [];
  url = '';
  private readonly ledger: FakeEasyPostLedger;
  private readonly scanForms: FakeEasyPostScanForms;
  private readonly claims: FakeEasyPostClaims;
  private readonly faults: FakeEasyPostFaults;
  private readonly server: Server;
  private readonly violations: string[] = [];
  private port = 0;
  private isDown = false;
  /** While buys are held: resolved by releaseBuys, which lets every waiting buy go on. */
  private buyGate: { opened: Promise<void>; open: () => void; waiting: number } | null = null;
  private relisten: Promise<void> = Promise.resolve();

  constructor(private readonly options: FakeEasyPostOptions = {}) {
    this.apiKey = options.apiKey ?? 'EZTKfakeeasypost';
    this.faults = new FakeEasyPostFaults(options.rateLimitShare ?? 0, options.seed ?? 1);
    this.accounts = (options.carriers ?? ['USPS']).map(fakeCarrierAccountOf);
    this.ledger = new FakeEasyPostLedger(() => this.url, { unrated: new Set(options.unratedServices ?? []), pngLabelsOnly: options.pngLabelsOnly ?? false, accounts: this.accounts });
    this.scanForms = new FakeEasyPostScanForms(() => this.url, (shipmentId) => {
      const shipment = this.ledger.shipment(shipmentId);
      const code = shipment?.['tracking_code'];
      return shipment?.['postage_label'] && shipment['refund_status'] == null && typeof code === 'string' ? { trackingCode: code, fromAddress: shipment['from_address'] as Json } : undefined;
    });
    this.claims = new FakeEasyPostClaims(() => this.url, (trackingCode) => this.ledger.soldLabel(trackingCode));
    this.server = createServer((req, res) => void this.handle(req, res).catch((error: unknown) => this.send(res, serverError(500, `The fake failed: ${String(error)}`))));
  }

  async start(): Promise<void> {
    // The first PDF costs half a second cold (pdf-lib and its fonts): paid here, not by a client's label download,
    // which a real file host answers at once.
    await renderFakeLabel({ trackingCode: '0000', carrier: 'USPS', service: 'Priority', toLines: [], fromLines: [] });
    await this.listen(this.options.port ?? 0);
    this.port = (this.server.address() as AddressInfo).port;
    this.url = this.options.publicUrl?.replace(/\/+$/, '') ?? `http://${this.options.host ?? '127.0.0.1'}:${this.port}`;
  }

  async stop(): Promise<void> {
    await this.relisten;
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => (this.server.listening ? this.server.close(() => resolve()) : resolve()));
  }

  /**
   * Where an answer the fake gave (or an event it made) departs from EasyPost's recorded bodies of its kind: keys,
   * JSON types, nulls (fake-easypost/recorded-shapes.ts). A spec asserts none are left at its end.
   */
  shapeViolations(): string[] {
    return [...this.violations];
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
    this.faults.loseBuyAnswer = true;
  }

  /** The next `POST /v2/shipments` is never answered (nor carried out): the client's time-out decides. */
  hangNextStepBeforeBuy(): void {
    this.faults.hangCreate = true;
  }

  /** The next API request (or, with `at`, the next request of that step) is answered 429 with `Retry-After: seconds`. */
  rateLimitNext(seconds: number, at?: FakeEasyPostStep): void {
    this.faults.rateLimitNext(seconds, at);
  }

  /** The next API request is answered with this status before anything is done. */
  failNextWith(status: number): void {
    this.faults.failNextWith(status);
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
    this.faults.buyFailure = { status, afterBuying };
  }

  /** True while a failNextBuyWith waits for its buy: it is taken when that buy is answered (after the latency). */
  buyFailurePending(): boolean {
    return this.faults.buyFailure !== null;
  }

  /** The next request of the step (the buy unless told) is refused with 402, as when the wallet cannot pay. */
  insufficientFundsNext(at: FakeEasyPostStep = 'buy'): void {
    this.faults.answerNextAt(at, insufficientFunds());
  }

  /** The next request of the step is answered with this status before anything is done. */
  failNextAt(at: FakeEasyPostStep, status: number): void {
    this.faults.answerNextAt(at, serverError(status));
  }

  /**
   * Buys wait, unanswered, until releaseBuys: a batch stays in the middle of buying for as long as a test needs it
   * there (a page reloaded while it runs), whatever the machine's speed. Other requests are answered as usual.
   */
  holdBuys(): void {
    if (this.buyGate) return;
    let open = () => {};
    const opened = new Promise<void>((resolve) => (open = resolve));
    this.buyGate = { opened, open, waiting: 0 };
  }

  /** How many buys are waiting at the gate of holdBuys. */
  heldBuys(): number {
    return this.buyGate?.waiting ?? 0;
  }

  /** Answers every held buy and lets later buys through. */
  releaseBuys(): void {
    const gate = this.buyGate;
    this.buyGate = null;
    gate?.open();
  }

  /** The next label file download is answered with this status (the file host failing, not EasyPost). */
  failNextLabelFileWith(status: number): void {
    this.faults.labelFileStatus = status;
  }

  /** The next SCAN form is answered `failed` with this message, and makes no form. */
  failNextScanForm(message: string): void {
    this.scanForms.failNext(message);
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
   * `tracker.updated` event EasyPost would push for it (sign it with `signEasyPostPush`).
   */
  addTrackingEvent(trackingCode: string, event: FakeTrackingEvent): Json {
    return this.checked('tracker.updated event', this.ledger.trackers.addEvent(trackingCode, event));
  }

  /** The `tracker.updated` event of a sold label's tracker as it stands now. */
  trackerUpdatedEvent(trackingCode: string): Json {
    return this.checked('tracker.updated event', this.ledger.trackers.updatedEvent(trackingCode));
  }

  /** The claims filed on a label (`POST /v2/claims`), oldest first, as the fake answers them. */
  claimsFiledOn(trackingCode: string): Json[] {
    return this.claims.filedOn(trackingCode);
  }

  /** Decides a claim as EasyPost's claims team would: approved (for its whole request unless told), rejected… */
  decideClaim(claimId: string, status: Exclude<FakeClaimStatus, 'submitted'>, detail: string, approvedCents?: number): void {
    this.claims.decide(claimId, status, detail, approvedCents);
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
    const url = new URL(req.url ?? '/', 'http://fake');
    const path = url.pathname;
    const method = req.method ?? '';
    const body = await readBody(req);
    if (this.options.controlRoutes && path.startsWith('/_fake/')) return this.send(res, controlAnswer(this, method, path, body));
    if (method === 'GET' && path.startsWith('/files/postage_label/')) return this.serveFile(path.slice('/files/postage_label/'.length), res);
    if (method === 'GET' && path.startsWith('/files/form/')) return this.serveForm(path.slice('/files/form/'.length), res);
    if (method === 'GET' && path.startsWith('/files/scan_form/')) {
      const pdf = this.scanForms.file(path.slice('/files/scan_form/'.length));
      res.writeHead(pdf ? 200 : 404, { 'Content-Type': pdf ? 'application/pdf' : 'application/xml' });
      res.end(pdf ?? '<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchKey</Code></Error>');
      return;
    }

    this.requests.push({ method, path });
    const reply = (answer: FakeAnswer) => this.reply(res, `${method} ${path}`, answer);
    if (!this.authorised(req)) {
      return reply(errorAnswer({ status: 401, code: 'APIKEY.REQUIRED', message: 'No valid API key found. Send your API key as the Basic auth user name.', errors: [] }));
    }
    const fault = this.faults.takeForRequest();
    if (this.options.latencyMs) await sleep(this.options.latencyMs);
    if (fault) return reply(fault);

    let parsed: unknown = {};
    if (body.length > 0) {
      try {
        parsed = JSON.parse(body) as unknown;
      } catch {
        return reply(errorAnswer({ status: 400, code: 'BAD_REQUEST', message: 'The request body is not valid JSON.', errors: [] }));
      }
    }
    const [, version, collection, id, action, ...rest] = path.split('/');
    if (version !== 'v2' || rest.length > 0) return reply(NOT_FOUND);
    const step = stepOf(method, collection, id, action);
    if (step === 'buy' && this.buyGate) {
      const gate = this.buyGate;
      gate.waiting += 1;
      await gate.opened;
      gate.waiting -= 1;
    }
    const stepFault = step ? this.faults.takeForStep(step) : null;
    if (stepFault) return reply(stepFault);
    if (collection === 'refunds' && method === 'POST' && id === undefined) return reply(this.ledger.bulkRefund(parsed));
    if (collection === 'trackers' && method === 'GET' && id !== undefined && action === undefined) {
      const tracker = this.ledger.trackers.get(id);
      return reply(tracker ? { status: 200, body: tracker } : NOT_FOUND);
    }
    if (collection === 'addresses' && method === 'POST' && id === undefined) return reply(createFakeAddress(parsed));
    if (collection === 'claims' && method === 'POST' && id === undefined) return reply(this.claims.create(parsed));
    if (collection === 'claims' && method === 'GET' && id !== undefined && action === undefined) return reply(this.claims.get(id));
    // Recorded: `GET /v2/carrier_accounts` answers a bare list (easypost-java carrier_account/all.json).
    if (collection === 'carrier_accounts' && method === 'GET' && id === undefined) return reply({ status: 200, body: this.accounts.map(carrierAccountJson) });
    if (collection === 'scan_forms' && method === 'POST' && id === undefined) return reply(await this.scanForms.create(parsed));
    if (collection === 'scan_forms' && method === 'GET' && id !== undefined && action === undefined) return reply(this.scanForms.get(id));
    if (step === 'create') return this.createShipment(parsed, req, reply);
    if (step === 'retrieve') return reply(this.ledger.get(id ?? ''));
    if (step === 'buy') return this.buyShipment(id ?? '', parsed, res, reply);
    if (step === 'convert') return reply(this.ledger.convert(id ?? '', url.searchParams.get('file_format')));
    if (collection === 'shipments' && method === 'POST' && id !== undefined && action === 'refund') return reply(this.ledger.refund(id));
    return reply(NOT_FOUND);
  }

  private authorised(req: IncomingMessage): boolean {
    const header = req.headers.authorization ?? '';
    if (!header.startsWith('Basic ')) return false;
    const [user] = Buffer.from(header.slice('Basic '.length), 'base64').toString('utf8').split(':');
    return user === this.apiKey;
  }

  private createShipment(body: unknown, req: IncomingMessage, reply: (answer: FakeAnswer) => void): void {
    if (this.faults.hangCreate) {
      this.faults.hangCreate = false;
      // Never answered: the socket stays open until the client gives up or the fake stops.
      req.socket.setTimeout(0);
      return;
    }
    reply(this.ledger.create(body));
  }

  private buyShipment(shipmentId: string, body: unknown, res: ServerResponse, reply: (answer: FakeAnswer) => void): void {
    const purchasable = this.ledger.purchasable(shipmentId, body);
    if ('status' in purchasable) return reply(purchasable);
    const failure = this.faults.buyFailure;
    this.faults.buyFailure = null;
    if (failure && !failure.afterBuying) return reply(serverError(failure.status));
    const bought = this.ledger.buy(purchasable);
    if (this.faults.loseBuyAnswer) {
      this.faults.loseBuyAnswer = false;
      res.socket?.destroy();
      return;
    }
    reply(failure ? serverError(failure.status) : bought);
  }

  private async serveFile(name: string, res: ServerResponse): Promise<void> {
    const file = this.ledger.file(name);
    const failStatus = this.faults.labelFileStatus;
    this.faults.labelFileStatus = null;
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
    const bytes = await file.rendered;
    res.writeHead(200, { 'Content-Type': file.format === 'PNG' ? 'image/png' : 'application/pdf', 'Content-Length': bytes.length });
    res.end(bytes);
  }

  /** A customs form's PDF, or S3's "no such key" as for a label. */
  private async serveForm(name: string, res: ServerResponse): Promise<void> {
    const pdf = await this.ledger.formFile(name);
    if (!pdf) {
      res.writeHead(404, { 'Content-Type': 'application/xml' });
      res.end('<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message></Error>');
      return;
    }
    res.writeHead(200, { 'Content-Type': 'application/pdf', 'Content-Length': pdf.length });
    res.end(pdf);
  }

  /** Every API answer leaves here: checked against the recorded bodies of its kind, then sent. */
  private reply(res: ServerResponse, request: string, answer: FakeAnswer): void {
    if (answer.status !== 204) this.checked(`${request} ${answer.status}`, answer.body);
    this.send(res, answer);
  }

  private checked<T>(what: string, body: T): T {
    for (const violation of easyPostShapeViolations(body)) this.violations.push(`${what}: ${violation}`);
    return body;
  }

  private send(res: ServerResponse, answer: FakeAnswer): void {
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
