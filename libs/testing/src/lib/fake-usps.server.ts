import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { freePort } from './free-port';
import { centralDate, manifestInstant } from './fake-usps/central-time';
import { type FakeLabelRequest, labelRequestSchema, partiesSchema } from './fake-usps/label-request.schema';
import { labelRuleErrors } from './fake-usps/label-rules';
import { type FakeLabelMetadata, sellLabel } from './fake-usps/label-sale';
import { accountErrors, type FakeUspsAccount, ownsRoles, roleErrors } from './fake-usps/payment-rules';
import { errorBody, schemaErrors, type UspsErrorItem } from './fake-usps/usps-errors';

export type { FakeUspsAccount } from './fake-usps/payment-rules';
export { labelRequestSchema } from './fake-usps/label-request.schema';

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
  pdf: Buffer;
  state: 'issued' | 'canceled' | 'disputed';
  disputes: Array<{ disputeId: string; centralDay: string }>;
}

export interface RecordedUspsRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

const LABELS = '/labels/v3';
const PAYMENTS = '/payments/v3';
const TOKEN_PATH = '/oauth2/v3/token';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const defaults: Required<Omit<FakeUspsOptions, 'now' | 'port' | 'controlRoutes' | 'permitZip'>> = {
  clientId: 'fake-usps-client',
  clientSecret: 'fake-usps-secret',
  crid: '56982563',
  mid: '902118475',
  manifestMid: '902118476',
  accountType: 'EPS',
  accountNumber: '1000123456',
  accessTokenTtlSeconds: 28_800,
  paymentTokenTtlSeconds: 28_800,
  latencyMs: 0,
};

/** Canonical JSON (keys sorted), so "the same request" does not depend on key order. */
const canonical = (value: unknown): string =>
  Array.isArray(value)
    ? `[${value.map(canonical).join(',')}]`
    : value !== null && typeof value === 'object'
      ? `{${Object.keys(value)
          .sort()
          .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
          .join(',')}}`
      : JSON.stringify(value);

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });

const parseJson = (text: string): { ok: true; value: unknown } | { ok: false } => {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
};

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
  /** While true, payment authorization fails as USPS does for an unfunded account (100007). */
  fundsExhausted = false;
  accessTokensIssued = 0;
  paymentTokensIssued = 0;
  private readonly options: typeof defaults & FakeUspsOptions;
  private readonly account: FakeUspsAccount;
  private server: Server | null = null;
  private port = 0;
  private readonly sockets = new Set<Socket>();
  private readonly accessTokens = new Map<string, number>();
  private readonly paymentTokens = new Map<string, number>();
  private readonly labelsByKey = new Map<string, { fingerprint: string; label: Promise<FakeUspsLabel> }>();
  private sold = 0;
  private voids = 0;
  private disputeSerial = 103_788;
  private clockOffsetMs = 0;
  private faults = { rateLimitSeconds: null as number | null, failWith: null as number | null, loseBuyAnswer: false, hangStep: false };
  private isDown = false;
  private transition: Promise<void> = Promise.resolve();

  constructor(options: FakeUspsOptions = {}) {
    this.options = { ...defaults, ...options };
    const { crid, mid, manifestMid, accountType, accountNumber, permitZip } = this.options;
    this.account = { crid, mid, manifestMid, accountType, accountNumber, permitZip };
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
    if (server) this.transition = this.transition.then(() => this.close(server));
  }

  up(): void {
    if (!this.isDown) return;
    this.isDown = false;
    this.transition = this.transition.then(() => this.listen());
  }

  // ---- Test helpers ---------------------------------------------------------------------------------------------

  /** Now, as the fake sees it. */
  now(): Date {
    return this.options.now ? this.options.now() : new Date(Date.now() + this.clockOffsetMs);
  }

  /** Makes every token issued so far invalid, as a revoked credential or a rotated key would. */
  revokeTokens(): void {
    this.accessTokens.clear();
    this.paymentTokens.clear();
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

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await readBody(req);
    const path = new URL(req.url ?? '/', 'http://fake-usps').pathname;
    const method = req.method ?? 'GET';
    if (this.options.controlRoutes && path.startsWith('/__fake/')) return this.control(method, req.url ?? '', res);
    this.requests.push({ method, path, headers: req.headers, body });
    if (this.options.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, this.options.latencyMs));
    const api = path.startsWith(PAYMENTS) ? PAYMENTS : path === TOKEN_PATH ? '/oauth2/v3' : LABELS;

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

    if (method === 'POST' && path === TOKEN_PATH) return this.issueAccessToken(req, body, res);
    if (method === 'POST' && path === `${PAYMENTS}/payment-authorization`) return this.authorizePayment(req, body, res);
    if (method === 'POST' && path === `${LABELS}/label`) return this.createLabel(req, body, res);
    const cancel = /^\/labels\/v3\/label\/([^/]+)$/.exec(path);
    if (method === 'DELETE' && cancel?.[1]) return this.cancelLabel(req, decodeURIComponent(cancel[1]), res);
    return this.send(res, 404, errorBody(api, 404, [{ code: '404', detail: `No resource at ${method} ${path}` }]));
  }

  private issueAccessToken(req: IncomingMessage, body: string, res: ServerResponse): void {
    const form = (req.headers['content-type'] ?? '').includes('application/x-www-form-urlencoded');
    const parsed = form ? { ok: true as const, value: Object.fromEntries(new URLSearchParams(body)) } : parseJson(body);
    const fields = parsed.ok && parsed.value !== null && typeof parsed.value === 'object' ? (parsed.value as Record<string, unknown>) : null;
    if (!fields) return this.send(res, 400, { error: 'invalid_request', error_description: 'The request body must be JSON or a form' });
    if (fields['grant_type'] !== 'client_credentials') return this.send(res, 400, { error: 'unsupported_grant_type', error_description: 'Only client_credentials is supported here' });
    if (fields['client_id'] !== this.options.clientId || fields['client_secret'] !== this.options.clientSecret) {
      return this.send(res, 401, { error: 'invalid_client', error_description: 'Invalid client or Invalid client credentials' });
    }
    const token = randomBytes(32).toString('base64url');
    const issuedAt = this.now().getTime();
    this.accessTokens.set(token, issuedAt + this.options.accessTokenTtlSeconds * 1000);
    this.accessTokensIssued += 1;
    this.send(res, 200, {
      access_token: token,
      token_type: 'Bearer',
      issued_at: String(issuedAt),
      expires_in: this.options.accessTokenTtlSeconds,
      status: 'approved',
      scope: 'addresses payments labels prices tracking',
      issuer: 'https://keyc.usps.com/realms/USPS',
      client_id: this.options.clientId,
      application_name: 'fake-usps',
      api_products: '[Labels, Payments]',
      public_key: 'fake',
    });
  }

  /** The bearer token is one this fake issued and it has not expired; otherwise a 401 is sent. */
  private authenticated(req: IncomingMessage, res: ServerResponse, api: string): boolean {
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const expiresAt = token ? this.accessTokens.get(token) : undefined;
    if (expiresAt !== undefined && expiresAt > this.now().getTime()) return true;
    this.send(res, 401, errorBody(api, 401, [{ code: '401', detail: 'The access token is missing, invalid or expired' }]), { 'WWW-Authenticate': 'Bearer realm="https://api.usps.com"' });
    return false;
  }

  /** A payment token this fake issued, not expired; otherwise a 403 naming the header is sent. */
  private paymentAuthorized(req: IncomingMessage, res: ServerResponse): boolean {
    const token = req.headers['x-payment-authorization-token'];
    const expiresAt = typeof token === 'string' ? this.paymentTokens.get(token) : undefined;
    if (expiresAt !== undefined && expiresAt > this.now().getTime()) return true;
    this.send(res, 403, errorBody(LABELS, 403, [{ code: '403', parameter: 'Header: X-Payment-Authorization-Token', detail: 'The payment authorization token is missing, invalid or expired' }]));
    return false;
  }

  private refuse(res: ServerResponse, api: string, errors: readonly UspsErrorItem[]): void {
    this.send(res, 400, errorBody(api, 400, errors));
  }

  private authorizePayment(req: IncomingMessage, body: string, res: ServerResponse): void {
    if (!this.authenticated(req, res, PAYMENTS)) return;
    const json = parseJson(body);
    if (!json.ok) return this.refuse(res, PAYMENTS, [{ code: 'SCHEMA', detail: 'The request body is not valid JSON' }]);
    const parties = partiesSchema.safeParse(json.value);
    if (!parties.success) return this.refuse(res, PAYMENTS, schemaErrors(parties.error));
    const { roles } = parties.data;
    const invalid = roleErrors(roles);
    if (invalid.length > 0) return this.refuse(res, PAYMENTS, invalid);
    if (!ownsRoles(roles, this.account)) return this.send(res, 403, errorBody(PAYMENTS, 403, [{ code: '403', parameter: 'roles', detail: 'Access is denied for this CRID and MID' }]));
    const unknownAccount = accountErrors(roles, this.account);
    if (unknownAccount.length > 0) return this.refuse(res, PAYMENTS, unknownAccount);
    if (this.fundsExhausted) return this.refuse(res, PAYMENTS, [{ code: '100007', parameter: 'roles', detail: 'Your Trust balance has insufficient funds. Please fund your Trust balance and try again.' }]);
    const token = randomBytes(48).toString('base64url');
    this.paymentTokens.set(token, this.now().getTime() + this.options.paymentTokenTtlSeconds * 1000);
    this.paymentTokensIssued += 1;
    this.send(res, 200, { paymentAuthorizationToken: token, roles });
  }

  private async createLabel(req: IncomingMessage, body: string, res: ServerResponse): Promise<void> {
    if (!this.authenticated(req, res, LABELS) || !this.paymentAuthorized(req, res)) return;
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
    const { trackingNumber, metadata, pdf } = await sellLabel(request, this.account.mid, serial);
    const label: FakeUspsLabel = { trackingNumber, idempotencyKey: key, request, metadata, pdf, state: 'issued', disputes: [] };
    this.labels.set(trackingNumber, label);
    return label;
  }

  /** `application/vnd.usps.labels+json`: one JSON with the base64 image; anything else: USPS's default multipart. */
  private answerLabel(req: IncomingMessage, res: ServerResponse, label: FakeUspsLabel): void {
    const image = label.pdf.toString('base64');
    if ((req.headers.accept ?? '').includes('application/vnd.usps.labels+json')) {
      return this.send(res, 200, { ...label.metadata, labelImage: image }, {}, 'application/vnd.usps.labels+json');
    }
    // USPS's boundaries may contain `+` (karrio's recorded responses): base64 alphabet on purpose.
    const boundary = randomBytes(18).toString('base64');
    const part = (headers: string[], content: string) => `--${boundary}\r\n${headers.join('\r\n')}\r\n\r\n${content}\r\n`;
    const multipart =
      part(['Content-Type: application/json', 'Content-Disposition: form-data; name="labelMetadata"'], JSON.stringify(label.metadata)) +
      part(['Content-Type: application/pdf', 'Content-Disposition: form-data; filename="labelImage.pdf"; name="labelImage"'], image) +
      `--${boundary}--`;
    this.send(res, 200, multipart, {}, `multipart/form-data; boundary=${boundary}`);
  }

  private cancelLabel(req: IncomingMessage, trackingNumber: string, res: ServerResponse): void {
    if (!this.authenticated(req, res, LABELS) || !this.paymentAuthorized(req, res)) return;
    const label = this.labels.get(trackingNumber);
    const refuse = (code: string, detail: string) => this.refuse(res, LABELS, [{ code, parameter: 'trackingNumber', detail }]);
    if (!label) return refuse('160185', 'Order not found');
    if (label.state === 'canceled') return refuse('160186', 'Order already canceled');
    const now = this.now();
    if (now < manifestInstant(label.request.packageDescription.mailingDate)) {
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

  /** `/__fake/*`: the fault switches and counters for a fake run as its own process (scripts/fake-usps.mjs). */
  private control(method: string, rawUrl: string, res: ServerResponse): void {
    const url = new URL(rawUrl, 'http://fake-usps');
    const number = (name: string) => Number(url.searchParams.get(name));
    const done = () => this.send(res, 200, { ok: true });
    const route = `${method} ${url.pathname}`;
    if (route === 'GET /__fake/stats') {
      return this.send(res, 200, { labelsSold: this.sold, voidsAccepted: this.voids, accessTokensIssued: this.accessTokensIssued, paymentTokensIssued: this.paymentTokensIssued, now: this.now().toISOString() });
    }
    if (route === 'POST /__fake/fail-next' && [500, 502, 503].includes(number('status'))) return this.failNextWith(number('status') as 500 | 502 | 503), done();
    if (route === 'POST /__fake/rate-limit-next' && number('seconds') > 0) return this.rateLimitNext(number('seconds')), done();
    if (route === 'POST /__fake/lose-next-buy') return this.loseNextBuyAnswer(), done();
    if (route === 'POST /__fake/hang-next-step') return this.hangNextStepBeforeBuy(), done();
    if (route === 'POST /__fake/funds') return (this.fundsExhausted = url.searchParams.get('exhausted') === 'true'), done();
    if (route === 'POST /__fake/revoke-tokens') return this.revokeTokens(), done();
    if (route === 'POST /__fake/clock' && !Number.isNaN(Date.parse(url.searchParams.get('at') ?? ''))) {
      this.clockOffsetMs = Date.parse(url.searchParams.get('at') ?? '') - Date.now();
      return done();
    }
    this.send(res, 404, { error: `unknown control ${route}` });
  }
}
