import { ADDRESSES, fakeAddressReply } from './fake-usps/addresses';
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { freePort } from './free-port';
import { centralDate, manifestInstant } from './fake-usps/central-time';
import { controlReply } from './fake-usps/control-routes';
import { canonical, parseJson, type Reply } from './fake-usps/json';
import { type FakeLabelRequest, labelRequestSchema } from './fake-usps/label-request.schema';
import { labelRuleErrors } from './fake-usps/label-rules';
import { type FakeLabelMetadata, sellLabel } from './fake-usps/label-sale';
import type { FakeUspsAccount } from './fake-usps/payment-rules';
import { FakeUspsTokenDesk } from './fake-usps/token-desk';
import { scanFormPdf, scanFormRequestSchema } from './fake-usps/scan-form';
import { type FakeUspsScan, type FakeUspsScanKind, scanOf, trackingAnswer } from './fake-usps/tracking';
import { errorBody, schemaErrors, type UspsErrorItem } from './fake-usps/usps-errors';

export type { FakeUspsAccount } from './fake-usps/payment-rules';
export { labelRequestSchema } from './fake-usps/label-request.schema';
export { FAKE_USPS_SCAN_KINDS, type FakeUspsScan, type FakeUspsScanKind } from './fake-usps/tracking';

export interface FakeUspsOptions extends Partial<FakeUspsAccount> {
  clientId?: string;
  clientSecret?: string;
  /** Lifetime of an OAuth access token (USPS: 8 h). */
  accessTokenTtlSeconds?: number;
  /** Lifetime of a payment authorization token (Payments API: "valid for eight hours after issuance"). */
  paymentTokenTtlSeconds?: number;
  /** Added before every answer. */
  latencyMs?: number;
  /** The fake's clock: token expiry, the 12:30am CT manifest, the mailing-date window. */
  now?: () => Date;
  /** Default: a free port (kept across down/up). */
  port?: number;
  /** `/__fake/*` routes to drive the faults from another process (the CLI). */
  controlRoutes?: boolean;
}

export interface FakeUspsLabel {
  trackingNumber: string;
  idempotencyKey: string | null;
  request: FakeLabelRequest;
  metadata: FakeLabelMetadata;
  image: Buffer;
  imageFormat: 'PDF' | 'ZPL';
  state: 'issued' | 'canceled' | 'disputed';
  /** The SCAN form it is on: a form manifests its labels, so a cancel after it is a refund request. */
  scanForm: string | null;
  disputes: Array<{ disputeId: string; centralDay: string }>;
  /** Its tracking, oldest first: "label created" at the sale, then the scans a test added. */
  scans: FakeUspsScan[];
}

export interface RecordedUspsRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

const LABELS = '/labels/v3';
const TRACKING = '/tracking/v3';
const SCAN_FORMS = '/scan-forms/v3';
const PAYMENTS = '/payments/v3';
const TOKEN_PATH = '/oauth2/v3/token';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The USPS account the fake accepts unless told otherwise: what an adapter or orders under test is configured with. */
export const FAKE_USPS_ACCOUNT = {
  clientId: 'fake-usps-client',
  clientSecret: 'fake-usps-secret',
  crid: '56982563',
  mid: '902118475',
  manifestMid: '902118476',
  accountType: 'EPS',
  accountNumber: '1000123456',
} as const;

const defaults: Required<Omit<FakeUspsOptions, 'now' | 'port' | 'controlRoutes' | 'permitZip'>> = {
  ...FAKE_USPS_ACCOUNT,
  accessTokenTtlSeconds: 28_800,
  paymentTokenTtlSeconds: 28_800,
  latencyMs: 0,
};

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });

/**
 * A stand-in for the USPS v3 APIs a label platform uses, written for the tests: OAuth client credentials
 * (`/oauth2/v3/token`, tokens that expire), payment authorization (`/payments/v3/payment-authorization`, roles
 * checked), `POST /labels/v3/label` (each request checked field by field against the published schema, idempotent by
 * `X-Idempotency-Key`, a real 4x6 PDF, JSON for `application/vnd.usps.labels+json` and multipart otherwise) and
 * `DELETE /labels/v3/label/{trackingNumber}` (CANCELED before the 12:30am CT manifest after the mailing date, a
 * DISPUTED refund request after it, one per label per day). Its fault switches are the carrier contract's
 * `CarrierFaults`.
 */
export class FakeUspsServer {
  url = '';
  readonly requests: RecordedUspsRequest[] = [];
  readonly labels = new Map<string, FakeUspsLabel>();
  private readonly options: typeof defaults & FakeUspsOptions;
  private readonly account: FakeUspsAccount;
  private readonly tokens: FakeUspsTokenDesk;
  private server: Server | null = null;
  private port = 0;
  private readonly sockets = new Set<Socket>();
  private readonly labelsByKey = new Map<string, { fingerprint: string; label: Promise<FakeUspsLabel> }>();
  private sold = 0;
  private voids = 0;
  private disputeSerial = 103_788;
  private scanFormSerial = 0;
  private clockOffsetMs = 0;
  private faults = { rateLimitSeconds: null as number | null, failWith: null as number | null, loseBuyAnswer: false, hangStep: false };
  private isDown = false;
  private transition: Promise<void> = Promise.resolve();

  constructor(options: FakeUspsOptions = {}) {
    this.options = { ...defaults, ...options };
    const { crid, mid, manifestMid, accountType, accountNumber, permitZip } = this.options;
    this.account = { crid, mid, manifestMid, accountType, accountNumber, permitZip };
    const { clientId, clientSecret, accessTokenTtlSeconds, paymentTokenTtlSeconds } = this.options;
    this.tokens = new FakeUspsTokenDesk({ clientId, clientSecret, accessTokenTtlSeconds, paymentTokenTtlSeconds, account: this.account }, () => this.now());
  }

  async start(): Promise<void> {
    this.port = this.options.port ?? (await freePort());
    await this.listen();
    this.url = `http://127.0.0.1:${this.port}`;
  }

  async stop(): Promise<void> {
    await this.transition;
    if (this.server) await this.close(this.server);
    this.server = null;
  }

  // ---- CarrierFaults --------------------------------------------------------------------------------------------

  labelsSold(): number {
    return this.sold;
  }

  voidsAccepted(): number {
    return this.voids;
  }

  loseNextBuyAnswer(): void {
    this.faults.loseBuyAnswer = true;
  }

  hangNextStepBeforeBuy(): void {
    this.faults.hangStep = true;
  }

  rateLimitNext(seconds: number): void {
    this.faults.rateLimitSeconds = seconds;
  }

  failNextWith(status: 500 | 502 | 503): void {
    this.faults.failWith = status;
  }

  /** Stops listening and drops every connection: new requests are refused at the connection. */
  down(): void {
    if (this.isDown) return;
    this.isDown = true;
    const server = this.server;
    this.server = null;
    if (server) {
      // Closed now, not after a pending transition: the very next request must find nobody listening.
      const closed = this.close(server);
      this.transition = this.transition.then(() => closed);
    }
  }

  up(): void {
    if (!this.isDown) return;
    this.isDown = false;
    this.transition = this.transition.then(() => (this.isDown || this.server ? undefined : this.listen()));
  }

  // ---- Test helpers ---------------------------------------------------------------------------------------------

  /** Now, as the fake sees it. */
  now(): Date {
    return this.options.now ? this.options.now() : new Date(Date.now() + this.clockOffsetMs);
  }

  /** Makes every token issued so far invalid, as a revoked credential or a rotated key would. */
  revokeTokens(): void {
    this.tokens.revoke();
  }

  /** While true, payment authorization fails as USPS does for an unfunded account (100007). */
  get fundsExhausted(): boolean {
    return this.tokens.fundsExhausted;
  }

  set fundsExhausted(exhausted: boolean) {
    this.tokens.fundsExhausted = exhausted;
  }

  /**
   * Adds a scan to a label the fake sold (its tracking shows it at once, newest first): `accepted` or any later scan
   * makes the label used. `at` defaults to the fake's now.
   */
  addScan(trackingNumber: string, kind: FakeUspsScanKind, options: { at?: Date; city?: string; state?: string; zip?: string } = {}): void {
    const label = this.labels.get(trackingNumber);
    if (!label) throw new Error(`the fake USPS sold no label ${trackingNumber}`);
    label.scans.push(scanOf(kind, options.at ?? this.now(), options));
  }

  get accessTokensIssued(): number {
    return this.tokens.accessTokensIssued;
  }

  get paymentTokensIssued(): number {
    return this.tokens.paymentTokensIssued;
  }

  // ---- Server ---------------------------------------------------------------------------------------------------

  private listen(): Promise<void> {
    const server = createServer((req, res) => {
      this.handle(req, res).catch((error: unknown) => {
        if (!res.headersSent) this.send(res, 500, errorBody(LABELS, 500, [{ code: '500', detail: `fake USPS failed: ${String(error)}` }]));
      });
    });
    server.on('connection', (socket: Socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    this.server = server;
    return new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  }

  private close(server: Server): Promise<void> {
    return new Promise<void>((resolve) => {
      server.close(() => resolve());
      for (const socket of this.sockets) socket.destroy();
    });
  }

  private send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}, contentType = 'application/json'): void {
    res.writeHead(status, { 'Content-Type': contentType, ...headers });
    res.end(typeof body === 'string' ? body : JSON.stringify(body));
  }

  private reply(res: ServerResponse, reply: Reply): void {
    this.send(res, reply.status, reply.body, reply.headers, reply.contentType);
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await readBody(req);
    const path = new URL(req.url ?? '/', 'http://fake-usps').pathname;
    const method = req.method ?? 'GET';
    if (this.options.controlRoutes && path.startsWith('/__fake/')) return this.reply(res, controlReply(this.controls(), method, req.url ?? ''));
    this.requests.push({ method, path, headers: req.headers, body });
    if (this.options.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, this.options.latencyMs));
    const api = path.startsWith(PAYMENTS) ? PAYMENTS : path === TOKEN_PATH ? '/oauth2/v3' : path.startsWith(TRACKING) ? TRACKING : path.startsWith(ADDRESSES) ? ADDRESSES : path.startsWith(SCAN_FORMS) ? SCAN_FORMS : LABELS;

    if (this.faults.rateLimitSeconds !== null) {
      const seconds = this.faults.rateLimitSeconds;
      this.faults.rateLimitSeconds = null;
      return this.send(res, 429, errorBody(api, 429, [{ code: '429', detail: 'Exceeded quota limit for this API. Please try again later.' }]), { 'Retry-After': String(seconds) });
    }
    if (this.faults.failWith !== null) {
      const status = this.faults.failWith;
      this.faults.failWith = null;
      return this.send(res, status, errorBody(api, status, [{ code: String(status), detail: 'The service is temporarily unavailable.' }]));
    }
    const stepBeforeBuy = method === 'POST' && (path === TOKEN_PATH || path === `${PAYMENTS}/payment-authorization`);
    if (this.faults.hangStep && stepBeforeBuy) {
      // Never answered: the socket is dropped when the fake goes down or stops.
      this.faults.hangStep = false;
      return;
    }

    if (method === 'POST' && path === TOKEN_PATH) return this.reply(res, this.tokens.issueAccessToken(req.headers['content-type'] ?? '', body));
    if (method === 'POST' && path === `${PAYMENTS}/payment-authorization`) {
      return this.reply(res, this.tokens.refuseBearer(req.headers.authorization, PAYMENTS) ?? this.tokens.authorizePayment(body));
    }
    if (method === 'POST' && path === `${LABELS}/label`) return this.createLabel(req, body, res);
    if (method === 'POST' && path === '/scan-forms/v3/scan-form') return this.createScanForm(req, body, res);
    const tracking = /^\/tracking\/v3\/tracking\/([^/]+)$/.exec(path);
    if (method === 'GET' && tracking?.[1]) return this.track(req, decodeURIComponent(tracking[1]), res);
    if (method === 'GET' && path === `${ADDRESSES}/address`) {
      return this.reply(res, this.tokens.refuseBearer(req.headers.authorization, ADDRESSES) ?? fakeAddressReply(new URL(req.url ?? '/', 'http://fake-usps').searchParams));
    }
    const cancel = /^\/labels\/v3\/label\/([^/]+)$/.exec(path);
    if (method === 'DELETE' && cancel?.[1]) return this.cancelLabel(req, decodeURIComponent(cancel[1]), res);
    return this.send(res, 404, errorBody(api, 404, [{ code: '404', detail: `No resource at ${method} ${path}` }]));
  }

  /** Both tokens of a labels call are good; otherwise the 401 or 403 is sent. */
  private authorized(req: IncomingMessage, res: ServerResponse): boolean {
    const refusal = this.tokens.refuseBearer(req.headers.authorization, LABELS) ?? this.tokens.refusePaymentToken(req.headers['x-payment-authorization-token'], LABELS);
    if (refusal) this.reply(res, refusal);
    return refusal === null;
  }

  private refuse(res: ServerResponse, api: string, errors: readonly UspsErrorItem[]): void {
    this.send(res, 400, errorBody(api, 400, errors));
  }

  private async createLabel(req: IncomingMessage, body: string, res: ServerResponse): Promise<void> {
    if (!this.authorized(req, res)) return;
    const keyHeader = req.headers['x-idempotency-key'];
    const key = typeof keyHeader === 'string' ? keyHeader : null;
    if (key !== null && !UUID.test(key)) return this.refuse(res, LABELS, [{ code: 'SCHEMA', parameter: 'X-Idempotency-Key', detail: 'X-Idempotency-Key must be a UUID' }]);
    const json = parseJson(body);
    if (!json.ok) return this.refuse(res, LABELS, [{ code: 'SCHEMA', detail: 'The request body is not valid JSON' }]);
    const fingerprint = canonical(json.value);

    const known = key === null ? undefined : this.labelsByKey.get(key);
    if (known) {
      // USPS: the same key with an identical payload returns the existing label, with no new charge. It publishes no
      // answer for a different payload; the fake refuses it as a bad request naming the header.
      if (known.fingerprint !== fingerprint) {
        return this.refuse(res, LABELS, [{ code: 'IDEMPOTENCY', parameter: 'X-Idempotency-Key', detail: 'X-Idempotency-Key was already used with a different request' }]);
      }
      return this.answerLabel(req, res, await known.label);
    }

    const parsed = labelRequestSchema.safeParse(json.value);
    if (!parsed.success) return this.refuse(res, LABELS, schemaErrors(parsed.error));
    const broken = labelRuleErrors(parsed.data, this.now());
    if (broken.length > 0) return this.refuse(res, LABELS, broken);

    this.sold += 1;
    const sale = this.sell(parsed.data, key, this.sold);
    if (key !== null) this.labelsByKey.set(key, { fingerprint, label: sale });
    let label: FakeUspsLabel;
    try {
      label = await sale;
    } catch (error) {
      this.sold -= 1;
      if (key !== null) this.labelsByKey.delete(key);
      throw error;
    }
    if (this.faults.loseBuyAnswer) {
      // Sold and charged, but the answer dies with the connection.
      this.faults.loseBuyAnswer = false;
      req.socket.destroy();
      return;
    }
    this.answerLabel(req, res, label);
  }

  private async sell(request: FakeLabelRequest, key: string | null, serial: number): Promise<FakeUspsLabel> {
    const { trackingNumber, metadata, image, imageFormat } = await sellLabel(request, this.account.mid, serial);
    const label: FakeUspsLabel = { trackingNumber, idempotencyKey: key, request, metadata, image, imageFormat, state: 'issued', scanForm: null, disputes: [], scans: [scanOf('label_created', this.now())] };
    this.labels.set(trackingNumber, label);
    return label;
  }

  /** `application/vnd.usps.labels+json`: one JSON with the base64 image; anything else: USPS's default multipart. */
  private answerLabel(req: IncomingMessage, res: ServerResponse, label: FakeUspsLabel): void {
    const image = label.image.toString('base64');
    if ((req.headers.accept ?? '').includes('application/vnd.usps.labels+json')) {
      return this.send(res, 200, { ...label.metadata, labelImage: image }, {}, 'application/vnd.usps.labels+json');
    }
    // USPS's boundaries may contain `+` (karrio's recorded responses): base64 alphabet on purpose.
    const boundary = randomBytes(18).toString('base64');
    const part = (headers: string[], content: string) => `--${boundary}\r\n${headers.join('\r\n')}\r\n\r\n${content}\r\n`;
    const multipart =
      part(['Content-Type: application/json', 'Content-Disposition: form-data; name="labelMetadata"'], JSON.stringify(label.metadata)) +
      part(label.imageFormat === 'ZPL' ? ['Content-Type: application/zpl', 'Content-Disposition: form-data; filename="labelImage.zpl"; name="labelImage"'] : ['Content-Type: application/pdf', 'Content-Disposition: form-data; filename="labelImage.pdf"; name="labelImage"'], image) +
      `--${boundary}--`;
    this.send(res, 200, multipart, {}, `multipart/form-data; boundary=${boundary}`);
  }

  /** Tracking needs the bearer token only; a number the fake never sold is USPS's 404. */
  private track(req: IncomingMessage, trackingNumber: string, res: ServerResponse): void {
    const refusal = this.tokens.refuseBearer(req.headers.authorization, TRACKING);
    if (refusal) return this.reply(res, refusal);
    const label = this.labels.get(trackingNumber);
    if (!label) {
      return this.send(res, 404, errorBody(TRACKING, 404, [{ code: '404', parameter: 'trackingNumber', detail: 'The tracking number may be incorrect or the status update is not yet available.' }]));
    }
    this.send(res, 200, trackingAnswer(trackingNumber, label.request.packageDescription.mailClass, label.scans));
  }

  private cancelLabel(req: IncomingMessage, trackingNumber: string, res: ServerResponse): void {
    if (!this.authorized(req, res)) return;
    const label = this.labels.get(trackingNumber);
    const refuse = (code: string, detail: string) => this.refuse(res, LABELS, [{ code, parameter: 'trackingNumber', detail }]);
    if (!label) return refuse('160185', 'Order not found');
    if (label.state === 'canceled') return refuse('160186', 'Order already canceled');
    const now = this.now();
    if (label.scanForm === null && now < manifestInstant(label.request.packageDescription.mailingDate)) {
      label.state = 'canceled';
      this.voids += 1;
      return this.send(res, 200, { trackingNumber, status: 'CANCELED' });
    }
    // After the Shipping Services File: a refund request, one per CRID per label per day.
    const centralDay = centralDate(now);
    if (label.disputes.some((dispute) => dispute.centralDay === centralDay)) return refuse('00000XX', 'A refund request for this order has already been submitted today');
    this.disputeSerial += 1;
    const disputeId = String(this.disputeSerial);
    label.disputes.push({ disputeId, centralDay });
    label.state = 'disputed';
    this.voids += 1;
    this.send(res, 200, { trackingNumber, status: 'DISPUTED', disputeId });
  }

  /**
   * A SCAN form of labels the fake sold: refused (400) for a label it never sold, one canceled, or one already on a
   * form; otherwise every label is on the form from now on (manifested), and the answer is USPS's multipart of the
   * form's metadata and its PDF, base64 as the labels' image is.
   */
  private async createScanForm(req: IncomingMessage, body: string, res: ServerResponse): Promise<void> {
    if (!this.authorized(req, res)) return;
    const json = parseJson(body);
    if (!json.ok) return this.refuse(res, SCAN_FORMS, [{ code: 'SCHEMA', detail: 'The request body is not valid JSON' }]);
    const parsed = scanFormRequestSchema.safeParse(json.value);
    if (!parsed.success) return this.refuse(res, SCAN_FORMS, schemaErrors(parsed.error));
    for (const trackingNumber of parsed.data.shipment.trackingNumbers) {
      const label = this.labels.get(trackingNumber);
      if (!label) return this.refuse(res, SCAN_FORMS, [{ code: '010001', parameter: 'trackingNumbers', detail: `Tracking number ${trackingNumber} was not found` }]);
      if (label.state !== 'issued') return this.refuse(res, SCAN_FORMS, [{ code: '010002', parameter: 'trackingNumbers', detail: `Tracking number ${trackingNumber} was canceled` }]);
      if (label.scanForm !== null) return this.refuse(res, SCAN_FORMS, [{ code: '010003', parameter: 'trackingNumbers', detail: `Tracking number ${trackingNumber} is already on a SCAN form` }]);
    }
    this.scanFormSerial += 1;
    const number = `9275${this.account.mid.padStart(9, '0').slice(0, 9)}${String(this.scanFormSerial).padStart(9, '0')}`;
    for (const trackingNumber of parsed.data.shipment.trackingNumbers) {
      const label = this.labels.get(trackingNumber);
      if (label) label.scanForm = number;
    }
    const image = (await scanFormPdf(number, parsed.data)).toString('base64');
    const metadata = { SCANFormNumber: number, trackingNumbers: parsed.data.shipment.trackingNumbers };
    const boundary = randomBytes(18).toString('base64');
    const part = (headers: string[], content: string) => `--${boundary}\r\n${headers.join('\r\n')}\r\n\r\n${content}\r\n`;
    const multipart =
      part(['Content-Type: application/json', 'Content-Disposition: form-data; name="SCANFormMetadata"'], JSON.stringify(metadata)) +
      part(['Content-Type: application/pdf', 'Content-Disposition: form-data; filename="SCANFormImage.pdf"; name="SCANFormImage"'], image) +
      `--${boundary}--`;
    this.send(res, 200, multipart, {}, `multipart/form-data; boundary=${boundary}`);
  }

  private controls() {
    return {
      failNextWith: (status: 500 | 502 | 503) => this.failNextWith(status),
      rateLimitNext: (seconds: number) => this.rateLimitNext(seconds),
      loseNextBuyAnswer: () => this.loseNextBuyAnswer(),
      hangNextStepBeforeBuy: () => this.hangNextStepBeforeBuy(),
      revokeTokens: () => this.revokeTokens(),
      setFundsExhausted: (exhausted: boolean) => (this.fundsExhausted = exhausted),
      setClock: (at: Date) => (this.clockOffsetMs = at.getTime() - Date.now()),
      addScan: (trackingNumber: string, kind: FakeUspsScanKind) => this.addScan(trackingNumber, kind),
      stats: () => ({ labelsSold: this.sold, voidsAccepted: this.voids, accessTokensIssued: this.accessTokensIssued, paymentTokensIssued: this.paymentTokensIssued, now: this.now().toISOString() }),
    };
  }
}
