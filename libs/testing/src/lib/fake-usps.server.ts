import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { ADDRESSES, fakeAddressReply } from './fake-usps/addresses';
import { controlReply } from './fake-usps/control-routes';
import { FakeUspsHourlyQuota } from './fake-usps/hourly-quota';
import type { Reply } from './fake-usps/json';
import { FakeUspsLabelDesk, type FakeLabelApi, type FakeUspsLabel } from './fake-usps/label-desk';
import type { FakeUspsAccount } from './fake-usps/payment-rules';
import { FakeUspsScanFormDesk, type ScanFormAnswerStyle } from './fake-usps/scan-form';
import { baseRatesReply, PRICES } from './fake-usps/price-desk';
import { INTERNATIONAL_PRICES, internationalBaseRatesReply } from './fake-usps/international-price-desk';
import { FakeUspsSpecGuard, type FakeUspsSpecViolation } from './fake-usps/spec-guard';
import { FakeUspsTokenDesk } from './fake-usps/token-desk';
import { type FakeUspsScanKind, scanOf, trackingAnswer } from './fake-usps/tracking';
import { uspsSpecs } from './fake-usps/usps-specs';
import { errorBody } from './fake-usps/usps-errors';
import { freePort } from './free-port';

export type { FakeUspsAccount } from './fake-usps/payment-rules';
export type { FakeUspsLabel } from './fake-usps/label-desk';
export type { FakeUspsSpecViolation } from './fake-usps/spec-guard';
export type { ScanFormAnswerStyle } from './fake-usps/scan-form';
export { FAKE_USPS_ADDRESS_TRIGGERS } from './fake-usps/addresses';
export { labelRequestSchema } from './fake-usps/usps-requests';
export { USPS_SPEC_FILES, uspsSpecs } from './fake-usps/usps-specs';
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
  /** The fake's clock: token expiry, the hourly quota, the 12:30am CT manifest, the mailing-date window. */
  now?: () => Date;
  /** Default: a free port (kept across down/up). */
  port?: number;
  /** `/__fake/*` routes to drive the faults from another process (the CLI). */
  controlRoutes?: boolean;
  /** How SCAN forms are answered: the spec's multipart (default) or as USPS's own example shows. */
  scanFormAnswers?: ScanFormAnswerStyle;
}

export interface RecordedUspsRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

const LABELS = '/labels/v3';
const INTERNATIONAL_LABELS = '/international-labels/v3';
const TRACKING = '/tracking/v3';
const SCAN_FORMS = '/scan-forms/v3';
const PAYMENTS = '/payments/v3';
const TOKEN_PATH = '/oauth2/v3/token';

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

const defaults: Required<Omit<FakeUspsOptions, 'now' | 'port' | 'controlRoutes' | 'permitZip' | 'scanFormAnswers'>> = {
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

/** The `apiVersion` USPS's errors carry: the API's base path. */
const apiOf = (path: string): string =>
  path === TOKEN_PATH ? '/oauth2/v3' : ([PAYMENTS, TRACKING, ADDRESSES, SCAN_FORMS, INTERNATIONAL_LABELS, PRICES, INTERNATIONAL_PRICES].find((api) => path.startsWith(api)) ?? LABELS);

/** What a route did: an answer to send, or nothing (the connection is dropped or left hanging on purpose). */
type Outcome = Reply | 'no answer';

/**
 * A stand-in for the USPS v3 APIs a label platform uses, answering as USPS's published OpenAPI specs say
 * (libs/testing/vendor/usps): every request it receives and every answer it gives is checked against them, and what
 * breaks them is kept in `specViolations()`; a request that breaks them is refused with USPS's 400. Routes: OAuth
 * client credentials (`/oauth2/v3/token`, no spec: the shape of USPS/api-examples' README), payment authorization
 * (roles checked), labels (idempotent by `X-Idempotency-Key`, a real 4x6 PDF or ZPL, multipart unless the vendor JSON
 * is asked for) and their cancel (refund request after the manifest), a label's base price (Domestic and International Prices), tracking,
 * address standardisation and SCAN forms. Its fault switches are the carrier contract's `CarrierFaults`, plus USPS's hourly quota and expiring tokens.
 */
export class FakeUspsServer {
  url = '';
  readonly requests: RecordedUspsRequest[] = [];
  readonly labels: Map<string, FakeUspsLabel>;
  private readonly options: typeof defaults & FakeUspsOptions;
  private readonly account: FakeUspsAccount;
  private readonly tokens: FakeUspsTokenDesk;
  private readonly desk: FakeUspsLabelDesk;
  private readonly scanForms: FakeUspsScanFormDesk;
  private readonly quota = new FakeUspsHourlyQuota();
  private guard: FakeUspsSpecGuard | null = null;
  private server: Server | null = null;
  private port = 0;
  private readonly sockets = new Set<Socket>();
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
    this.desk = new FakeUspsLabelDesk(this.account.mid, () => this.now());
    this.labels = this.desk.labels;
    this.scanForms = new FakeUspsScanFormDesk(this.labels, this.account, this.options.scanFormAnswers ?? 'spec');
  }

  async start(): Promise<void> {
    // The specs are read and compiled before the first request, which a client with a short time-out would not wait for.
    this.guard ??= new FakeUspsSpecGuard(uspsSpecs());
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
    return this.desk.sold;
  }

  voidsAccepted(): number {
    return this.desk.voids;
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

  // ---- USPS's own limits ----------------------------------------------------------------------------------------

  /** USPS's hourly quota is used up from now: every call is a 429 with its Retry-After until an hour has passed on the fake's clock. */
  exhaustHourlyQuota(): void {
    this.quota.exhaust(this.now());
  }

  /** The quota is back before the hour is up. */
  liftHourlyQuota(): void {
    this.quota.lift();
  }

  /** The OAuth access tokens issued so far expire now: a call with one is USPS's 401. */
  expireAccessTokens(): void {
    this.tokens.expireAccessTokens();
  }

  /** The payment authorization tokens issued so far expire now (USPS: eight hours after issuance): a labels call with one is a 403. */
  expirePaymentTokens(): void {
    this.tokens.expirePaymentTokens();
  }

  // ---- Test helpers ---------------------------------------------------------------------------------------------

  /** Now, as the fake sees it. */
  now(): Date {
    return new Date((this.options.now ? this.options.now().getTime() : Date.now()) + this.clockOffsetMs);
  }

  /** Moves the fake's clock forward (token lifetimes, the hourly quota, the manifest), whatever clock it was given. */
  advanceClock(ms: number): void {
    this.clockOffsetMs += ms;
  }

  /** Every request it received and every answer it gave that breaks the published specs, in order. */
  specViolations(): FakeUspsSpecViolation[] {
    return [...(this.guard?.violations ?? [])];
  }

  /** From now on, SCAN forms are answered as the spec says (`spec`) or as USPS's own example shows (`usps-example`). */
  answerScanFormsAs(style: ScanFormAnswerStyle): void {
    this.scanForms.style = style;
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
        if (!res.headersSent) this.answer(req, res, { status: 500, body: errorBody(LABELS, 500, [{ code: '500', detail: `fake USPS failed: ${String(error)}` }]) });
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

  /** Every answer goes out here, checked against the spec of the operation it answers (the fake's own control routes aside). */
  private answer(req: IncomingMessage, res: ServerResponse, reply: Reply, ofUsps = true): void {
    const contentType = reply.contentType ?? 'application/json';
    const text = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
    if (ofUsps) this.guard?.checkAnswer(req.method ?? 'GET', req.url ?? '/', reply.status, contentType, text);
    res.writeHead(reply.status, { 'Content-Type': contentType, ...reply.headers });
    res.end(text);
  }

  /** Every request comes in here: recorded, checked against its spec, then the faults, then its route. */
  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await readBody(req);
    const url = req.url ?? '/';
    const path = new URL(url, 'http://fake-usps').pathname;
    const method = req.method ?? 'GET';
    if (this.options.controlRoutes && path.startsWith('/__fake/')) return this.answer(req, res, controlReply(this.controls(), method, url), false);
    this.requests.push({ method, path, headers: req.headers, body });
    const refusal = this.guard?.checkRequest(method, url, req.headers, body) ?? null;
    if (this.options.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, this.options.latencyMs));
    const outcome = this.fault(method, path) ?? refusal ?? (await this.route(req, method, path, body));
    if (outcome !== 'no answer') this.answer(req, res, outcome);
  }

  /** The answer a fault gives instead of the route's, or null. */
  private fault(method: string, path: string): Outcome | null {
    const api = apiOf(path);
    const quota = this.quota.refusal(api, this.now());
    if (quota) return quota;
    if (this.faults.rateLimitSeconds !== null) {
      const seconds = this.faults.rateLimitSeconds;
      this.faults.rateLimitSeconds = null;
      return { status: 429, body: errorBody(api, 429, [{ code: '429', detail: 'Exceeded quota limit for this API. Please try again later.' }]), headers: { 'Retry-After': String(seconds) } };
    }
    if (this.faults.failWith !== null) {
      const status = this.faults.failWith;
      this.faults.failWith = null;
      return { status, body: errorBody(api, status, [{ code: String(status), detail: 'The service is temporarily unavailable.' }]) };
    }
    const stepBeforeBuy = method === 'POST' && (path === TOKEN_PATH || path === `${PAYMENTS}/payment-authorization`);
    if (this.faults.hangStep && stepBeforeBuy) {
      // Never answered: the socket is dropped when the fake goes down or stops.
      this.faults.hangStep = false;
      return 'no answer';
    }
    return null;
  }

  private async route(req: IncomingMessage, method: string, path: string, body: string): Promise<Outcome> {
    const bearer = () => this.tokens.refuseBearer(req.headers.authorization, apiOf(path));
    const bothTokens = () => bearer() ?? this.tokens.refusePaymentToken(req.headers['x-payment-authorization-token'], apiOf(path));
    const accept = req.headers.accept ?? '';
    if (method === 'POST' && path === TOKEN_PATH) return this.tokens.issueAccessToken(req.headers['content-type'] ?? '', body);
    if (method === 'POST' && path === `${PAYMENTS}/payment-authorization`) return bearer() ?? this.tokens.authorizePayment(body);
    if (method === 'POST' && path === `${LABELS}/label`) return bothTokens() ?? (await this.buy(req, body, accept));
    if (method === 'POST' && path === `${LABELS}/return-label`) return bothTokens() ?? (await this.buy(req, body, accept, 'return'));
    if (method === 'POST' && path === `${INTERNATIONAL_LABELS}/international-label`) return bothTokens() ?? (await this.buy(req, body, accept, 'international'));
    if (method === 'POST' && path === `${SCAN_FORMS}/scan-form`) return bothTokens() ?? (await this.scanForms.make(body, accept));
    // A label's price before it is bought (decision 112): the bearer token only, as the Prices API's OAuth scope says.
    if (method === 'POST' && path === `${PRICES}/base-rates/search`) return bearer() ?? baseRatesReply(body);
    if (method === 'POST' && path === `${INTERNATIONAL_PRICES}/base-rates/search`) return bearer() ?? internationalBaseRatesReply(body);
    if (method === 'GET' && path === `${ADDRESSES}/address`) return bearer() ?? (await fakeAddressReply(new URL(req.url ?? '/', 'http://fake-usps').searchParams));
    const tracking = /^\/tracking\/v3\/tracking\/([^/]+)$/.exec(path)?.[1];
    if (method === 'GET' && tracking) return bearer() ?? this.track(decodeURIComponent(tracking));
    const cancel = /^\/labels\/v3\/label\/([^/]+)$/.exec(path)?.[1];
    if (method === 'DELETE' && cancel) return bothTokens() ?? this.desk.cancel(decodeURIComponent(cancel));
    const cancelAbroad = /^\/international-labels\/v3\/international-label\/([^/]+)$/.exec(path)?.[1];
    if (method === 'DELETE' && cancelAbroad) return bothTokens() ?? this.desk.cancel(decodeURIComponent(cancelAbroad), 'international');
    return { status: 404, body: errorBody(apiOf(path), 404, [{ code: '404', detail: `No resource at ${method} ${path}` }]) };
  }

  private async buy(req: IncomingMessage, body: string, accept: string, api: FakeLabelApi = 'domestic'): Promise<Outcome> {
    const key = req.headers['x-idempotency-key'];
    const { reply, fresh } = await this.desk.buy(typeof key === 'string' ? key : null, body, accept, api);
    if (fresh && this.faults.loseBuyAnswer) {
      // Sold and charged, but the answer dies with the connection.
      this.faults.loseBuyAnswer = false;
      req.socket.destroy();
      return 'no answer';
    }
    return reply;
  }

  /** A number the fake never sold is USPS's 404. */
  private track(trackingNumber: string): Reply {
    const label = this.labels.get(trackingNumber);
    if (!label) {
      return { status: 404, body: errorBody(TRACKING, 404, [{ code: '404', parameter: 'trackingNumber', detail: 'The tracking number may be incorrect or the status update is not yet available.' }]) };
    }
    return { status: 200, body: trackingAnswer(trackingNumber, label.request.packageDescription.mailClass, label.scans) };
  }

  private controls() {
    return {
      failNextWith: (status: 500 | 502 | 503) => this.failNextWith(status),
      rateLimitNext: (seconds: number) => this.rateLimitNext(seconds),
      loseNextBuyAnswer: () => this.loseNextBuyAnswer(),
      hangNextStepBeforeBuy: () => this.hangNextStepBeforeBuy(),
      revokeTokens: () => this.revokeTokens(),
      expireAccessTokens: () => this.expireAccessTokens(),
      expirePaymentTokens: () => this.expirePaymentTokens(),
      setHourlyQuotaExhausted: (exhausted: boolean) => (exhausted ? this.exhaustHourlyQuota() : this.liftHourlyQuota()),
      setFundsExhausted: (exhausted: boolean) => (this.fundsExhausted = exhausted),
      setClock: (at: Date) => (this.clockOffsetMs += at.getTime() - this.now().getTime()),
      addScan: (trackingNumber: string, kind: FakeUspsScanKind) => this.addScan(trackingNumber, kind),
      stats: () => ({
        labelsSold: this.desk.sold,
        voidsAccepted: this.desk.voids,
        accessTokensIssued: this.accessTokensIssued,
        paymentTokensIssued: this.paymentTokensIssued,
        specViolations: this.specViolations().length,
        now: this.now().toISOString(),
      }),
    };
  }
}
