import { createHash } from 'node:crypto';
import { errorResponseSchema, oauthErrorSchema, paymentAuthorizationSchema, tokenResponseSchema, type UspsLabelRequest } from './usps.schema';
import type { UspsScanFormRequest } from './usps-scan-form';
import type { UspsInternationalLabelRequest } from './usps-international.schema';
import type { UspsBaseRatesQuery, UspsInternationalBaseRatesQuery } from './usps-prices';
import type { UspsReturnLabelRequest } from './usps-return-label';

/**
 * HTTP I/O with the USPS v3 APIs, and nothing else: the OAuth client-credentials token and the payment authorization
 * token (each cached, refreshed before it expires, one refresh in flight), `POST /labels/v3/label`,
 * `DELETE /labels/v3/label/{trackingNumber}` and `GET /tracking/v3/tracking/{trackingNumber}`. Every call has its own time-out. Answers come back as data; deciding
 * what they mean for a purchase is the adapter's job.
 */

export interface UspsPayer {
  crid: string;
  mid: string;
  manifestMid: string;
  accountType: 'EPS' | 'PERMIT';
  /** EPS account number, or the permit number of a PERMIT account. */
  accountNumber: string;
  /** The permit's ZIP (PERMIT accounts only). */
  permitZip?: string;
}

export interface UspsClientOptions {
  /** `https://apis.usps.com` (production) or `https://apis-tem.usps.com` (USPS's test environment). */
  apiUrl: string;
  clientId: string;
  clientSecret: string;
  payer: UspsPayer;
  timeoutMs: number;
  /** Milliseconds since the epoch (tests move it to expire tokens). */
  now?: () => number;
}

/** Where a call was in the purchase: everything before `label` provably bought nothing. */
export type UspsStep = 'token' | 'payment' | 'prices' | 'label' | 'cancel' | 'tracking' | 'address' | 'scan-form';

/** One entry of USPS's `error.errors` (or the OAuth error), flattened. */
export interface UspsProblem {
  code?: string;
  title?: string;
  detail?: string;
  parameter?: string;
}

export type UspsFailure =
  /** USPS answered with an error status. */
  | { kind: 'http'; step: UspsStep; status: number; problems: UspsProblem[]; retryAfterMs: number | null }
  /** The request never left: the connection was refused, the name did not resolve, the connect timed out. */
  | { kind: 'unreachable'; step: UspsStep; message: string }
  /** Sent, but no answer came (time-out, connection reset or closed): USPS may have acted on it. */
  | { kind: 'no_answer'; step: UspsStep; message: string }
  /** A success status whose body is not what the API publishes. */
  | { kind: 'unreadable'; step: UspsStep; status: number; message: string };

export type UspsResult<T> = { ok: true; value: T } | { ok: false; failure: UspsFailure };

/** Payment authorization tokens "are valid for eight hours after issuance" (Payments OpenAPI 3.1.20). */
const PAYMENT_TOKEN_LIFETIME_MS = 8 * 60 * 60 * 1000;

/** Refresh a token a tenth of its life early, at most ten minutes early. */
const refreshAt = (issuedAt: number, lifetimeMs: number) => issuedAt + lifetimeMs - Math.min(lifetimeMs / 10, 10 * 60 * 1000);

/** Error codes that can only happen before a byte of the request was sent. */
const NEVER_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT']);

const errorCodes = (error: unknown, depth = 0): string[] => {
  if (depth > 5 || error === null || typeof error !== 'object') return [];
  const { code, cause, errors } = error as { code?: unknown; cause?: unknown; errors?: unknown };
  return [
    ...(typeof code === 'string' ? [code] : []),
    ...errorCodes(cause, depth + 1),
    ...(Array.isArray(errors) ? errors.flatMap((inner: unknown) => errorCodes(inner, depth + 1)) : []),
  ];
};

const networkFailure = (step: UspsStep, error: unknown, timeoutMs: number): UspsFailure => {
  // Duck-typed: fetch's DOMException and TypeError need not come from this realm's Error.
  const { name, message } = (error ?? {}) as { name?: unknown; message?: unknown };
  if (name === 'TimeoutError' || name === 'AbortError') return { kind: 'no_answer', step, message: `no answer within ${timeoutMs} ms` };
  const codes = errorCodes(error);
  if (codes.length > 0 && codes.every((code) => NEVER_SENT.has(code))) return { kind: 'unreachable', step, message: codes[0] ?? 'unreachable' };
  return { kind: 'no_answer', step, message: codes[0] ?? (typeof message === 'string' ? message : String(error)) };
};

/** `Retry-After`: delay-seconds or an HTTP-date (RFC 9110 §10.2.3). */
export const retryAfterMs = (header: string | null, now: number): number | null => {
  if (header === null) return null;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
};

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
};

/** USPS's `ErrorMessage` or the OAuth error, as a flat list. */
export const problemsOf = (text: string): UspsProblem[] => {
  const json = parseJson(text);
  const usps = errorResponseSchema.safeParse(json);
  if (usps.success) {
    const items = usps.data.error.errors ?? [];
    if (items.length > 0) return items.map(({ code, title, detail, source }) => ({ code, title, detail, parameter: source?.parameter }));
    return [{ code: usps.data.error.code, detail: usps.data.error.message }];
  }
  const oauth = oauthErrorSchema.safeParse(json);
  return oauth.success ? [{ code: oauth.data.error, detail: oauth.data.error_description }] : [];
};

/** RFC 4122 name-based UUID, version 5 (SHA-1). */
export const uuidV5 = (name: string, namespace: string): string => {
  const bytes = createHash('sha1').update(Buffer.from(namespace.replace(/-/g, ''), 'hex')).update(name, 'utf8').digest().subarray(0, 16);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x50;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

/** Our namespace for USPS idempotency keys (a fixed, random UUID). */
const IDEMPOTENCY_NAMESPACE = '4f0b2a7e-3c1d-4e59-9a86-1d2f6b8c7e31';

/**
 * USPS wants `X-Idempotency-Key` to be a UUID; ours are free text. The same key always gives the same UUID, so a
 * retry after a crash, on any replica, is the same purchase to USPS.
 */
export const idempotencyUuid = (idempotencyKey: string): string => uuidV5(idempotencyKey, IDEMPOTENCY_NAMESPACE);

type TokenKind = 'access' | 'payment';

/**
 * Which token to renew after a refusal, or null to pass the answer on: a 401 points at the bearer token, a 403 at the
 * payment token (a call without one only renews its bearer on a 401); the one not yet renewed is tried next.
 */
const tokenToRenew = (status: number, withPayment: boolean, renewed: ReadonlySet<TokenKind>): TokenKind | null => {
  if (status !== 401 && !(status === 403 && withPayment)) return null;
  const order: TokenKind[] = !withPayment ? ['access'] : status === 401 ? ['access', 'payment'] : ['payment', 'access'];
  return order.find((kind) => !renewed.has(kind)) ?? null;
};

interface CachedToken {
  value: string;
  refreshAt: number;
}

/** A success as it came: what it is (Content-Type) and its bytes, for the caller to read. */
export interface UspsBody {
  contentType: string;
  bytes: Buffer;
}

interface Answer {
  status: number;
  headers: Headers;
  text: string;
  /** The body as it came: a SCAN form's multipart may carry its PDF unencoded. */
  bytes: Buffer;
}

export class UspsClient {
  private readonly apiUrl: string;
  private readonly now: () => number;
  private access: CachedToken | null = null;
  private accessRefresh: Promise<UspsResult<string>> | null = null;
  private payment: CachedToken | null = null;
  private paymentRefresh: Promise<UspsResult<string>> | null = null;

  constructor(private readonly options: UspsClientOptions) {
    this.apiUrl = options.apiUrl.replace(/\/+$/, '');
    this.now = options.now ?? Date.now;
  }

  /** The OAuth access token, from the cache while it is fresh; concurrent callers share one refresh. */
  accessToken(): Promise<UspsResult<string>> {
    if (this.access && this.now() < this.access.refreshAt) return Promise.resolve({ ok: true, value: this.access.value });
    this.accessRefresh ??= this.fetchAccessToken().finally(() => (this.accessRefresh = null));
    return this.accessRefresh;
  }

  /** The payment authorization token (roles PAYER and LABEL_OWNER), cached for its eight hours less a margin. */
  paymentToken(): Promise<UspsResult<string>> {
    if (this.payment && this.now() < this.payment.refreshAt) return Promise.resolve({ ok: true, value: this.payment.value });
    this.paymentRefresh ??= this.fetchPaymentToken().finally(() => (this.paymentRefresh = null));
    return this.paymentRefresh;
  }

  /**
   * `POST /labels/v3/label`, keyed by `X-Idempotency-Key`. We ask for one JSON answer (`LabelVendorResponse`), but a
   * 2xx is passed on as it came, with its Content-Type: USPS's default is a multipart, and a sold label must be read
   * whichever it sends.
   */
  async createLabel(request: UspsLabelRequest, idempotencyKey: string): Promise<UspsResult<UspsBody>> {
    const headers = { 'Content-Type': 'application/json', Accept: 'application/vnd.usps.labels+json', 'X-Idempotency-Key': idempotencyKey };
    return this.body('label', await this.authorized('label', 'POST', '/labels/v3/label', headers, JSON.stringify(request)));
  }

  /**
   * `POST /international-labels/v3/international-label` (International Labels 3.3.7), keyed and answered as the
   * domestic label is: one JSON answer asked for, whatever 2xx comes passed on with its Content-Type.
   */
  async createInternationalLabel(request: UspsInternationalLabelRequest, idempotencyKey: string): Promise<UspsResult<UspsBody>> {
    const headers = { 'Content-Type': 'application/json', Accept: 'application/vnd.usps.labels+json', 'X-Idempotency-Key': idempotencyKey };
    return this.body('label', await this.authorized('label', 'POST', '/international-labels/v3/international-label', headers, JSON.stringify(request)));
  }

  /**
   * `POST /labels/v3/return-label` (Labels 3.9.13): a return label, keyed and answered as an outbound one (both
   * tokens, `X-Idempotency-Key`, one JSON answer asked for, any 2xx passed on with its Content-Type).
   */
  async createReturnLabel(request: UspsReturnLabelRequest, idempotencyKey: string): Promise<UspsResult<UspsBody>> {
    const headers = { 'Content-Type': 'application/json', Accept: 'application/vnd.usps.labels+json', 'X-Idempotency-Key': idempotencyKey };
    return this.body('label', await this.authorized('label', 'POST', '/labels/v3/return-label', headers, JSON.stringify(request)));
  }

  /** `DELETE /international-labels/v3/international-label/{trackingNumber}`: cancels, or files a refund request. */
  async cancelInternationalLabel(trackingNumber: string): Promise<UspsResult<unknown>> {
    const path = `/international-labels/v3/international-label/${encodeURIComponent(trackingNumber)}`;
    return this.json('cancel', await this.authorized('cancel', 'DELETE', path, { Accept: 'application/json' }, undefined));
  }

  /** `POST /scan-forms/v3/scan-form`: USPS answers a multipart of the form's metadata and its image. */
  async createScanForm(request: UspsScanFormRequest): Promise<UspsResult<UspsBody>> {
    const headers = { 'Content-Type': 'application/json', Accept: 'multipart/form-data, application/json' };
    return this.body('scan-form', await this.authorized('scan-form', 'POST', '/scan-forms/v3/scan-form', headers, JSON.stringify(request)));
  }

  /**
   * `POST /prices/v3/base-rates/search` (Domestic Prices 3.4.30): one label's price by its rate ingredients, with the
   * bearer token only; our account number asks for our contract rates.
   */
  async searchBaseRates(query: UspsBaseRatesQuery): Promise<UspsResult<unknown>> {
    const body = JSON.stringify({ ...query, accountType: this.options.payer.accountType, accountNumber: this.options.payer.accountNumber });
    return this.json('prices', await this.authorized('prices', 'POST', '/prices/v3/base-rates/search', { 'Content-Type': 'application/json', Accept: 'application/json' }, body, false));
  }

  /**
   * `POST /international-prices/v3/base-rates/search` (International Prices 3.3.11): a label's price abroad, asked as
   * the domestic one is (bearer token only, our account for our contract rates).
   */
  async searchInternationalBaseRates(query: UspsInternationalBaseRatesQuery): Promise<UspsResult<unknown>> {
    const body = JSON.stringify({ ...query, accountType: this.options.payer.accountType, accountNumber: this.options.payer.accountNumber });
    return this.json('prices', await this.authorized('prices', 'POST', '/international-prices/v3/base-rates/search', { 'Content-Type': 'application/json', Accept: 'application/json' }, body, false));
  }

  /** `DELETE /labels/v3/label/{trackingNumber}`: cancels, or files a refund request once the label is manifested. */
  async cancelLabel(trackingNumber: string): Promise<UspsResult<unknown>> {
    const path = `/labels/v3/label/${encodeURIComponent(trackingNumber)}`;
    return this.json('cancel', await this.authorized('cancel', 'DELETE', path, { Accept: 'application/json' }, undefined));
  }

  /** `GET /tracking/v3/tracking/{trackingNumber}?expand=DETAIL`, with the bearer token only (no payment token). */
  async trackPackage(trackingNumber: string): Promise<UspsResult<unknown>> {
    const path = `/tracking/v3/tracking/${encodeURIComponent(trackingNumber)}?expand=DETAIL`;
    return this.json('tracking', await this.authorized('tracking', 'GET', path, { Accept: 'application/json' }, undefined, false));
  }

  /** `GET /addresses/v3/address?streetAddress=…`, with the bearer token only: the standardized address or a 404. */
  async verifyAddress(query: Record<string, string>): Promise<UspsResult<unknown>> {
    const path = `/addresses/v3/address?${new URLSearchParams(query).toString()}`;
    return this.json('address', await this.authorized('address', 'GET', path, { Accept: 'application/json' }, undefined, false));
  }

  private async fetchAccessToken(): Promise<UspsResult<string>> {
    const startedAt = this.now();
    const body = JSON.stringify({ client_id: this.options.clientId, client_secret: this.options.clientSecret, grant_type: 'client_credentials' });
    const answer = await this.send('token', 'POST', '/oauth2/v3/token', { 'Content-Type': 'application/json', Accept: 'application/json' }, body);
    if (!answer.ok) return answer;
    if (answer.value.status !== 200) return { ok: false, failure: this.httpFailure('token', answer.value) };
    const token = tokenResponseSchema.safeParse(parseJson(answer.value.text));
    if (!token.success) return { ok: false, failure: { kind: 'unreadable', step: 'token', status: 200, message: 'the token answer has no access_token or expires_in' } };
    this.access = { value: token.data.access_token, refreshAt: refreshAt(startedAt, token.data.expires_in * 1000) };
    return { ok: true, value: token.data.access_token };
  }

  private async fetchPaymentToken(): Promise<UspsResult<string>> {
    const startedAt = this.now();
    const { crid, mid, manifestMid, accountType, accountNumber, permitZip } = this.options.payer;
    const account = accountType === 'EPS' ? { accountType, accountNumber } : { accountType, permitNumber: accountNumber, permitZIP: permitZip };
    const roles = (['PAYER', 'LABEL_OWNER'] as const).map((roleName) => ({ roleName, CRID: crid, MID: mid, manifestMID: manifestMid, ...account }));
    const answer = await this.authorized('payment', 'POST', '/payments/v3/payment-authorization', { 'Content-Type': 'application/json', Accept: 'application/json' }, JSON.stringify({ roles }), false);
    if (!answer.ok) return answer;
    if (answer.value.status !== 200) return { ok: false, failure: this.httpFailure('payment', answer.value) };
    const token = paymentAuthorizationSchema.safeParse(parseJson(answer.value.text));
    if (!token.success) return { ok: false, failure: { kind: 'unreadable', step: 'payment', status: 200, message: 'the payment authorization answer has no paymentAuthorizationToken' } };
    this.payment = { value: token.data.paymentAuthorizationToken, refreshAt: refreshAt(startedAt, PAYMENT_TOKEN_LIFETIME_MS) };
    return { ok: true, value: token.data.paymentAuthorizationToken };
  }

  /**
   * A call with the bearer token (and the payment token when `withPayment`). A 401 or 403 is USPS turning the call away
   * before acting on it, so repeating it is safe: the token it most likely refused is renewed and the call made again,
   * each token renewed at most once. USPS does not say which status an expired payment token gets (its specs list 401
   * and 403 for the labels calls alike), so on a labels call a second refusal renews the other token too.
   */
  private async authorized(step: UspsStep, method: string, path: string, headers: Record<string, string>, body: string | undefined, withPayment = true): Promise<UspsResult<Answer>> {
    const renewed = new Set<TokenKind>();
    for (;;) {
      const access = await this.accessToken();
      if (!access.ok) return access;
      const payment = withPayment ? await this.paymentToken() : null;
      if (payment && !payment.ok) return payment;
      const answer = await this.send(step, method, path, { ...headers, Authorization: `Bearer ${access.value}`, ...(payment ? { 'X-Payment-Authorization-Token': payment.value } : {}) }, body);
      if (!answer.ok) return answer;
      const renew = tokenToRenew(answer.value.status, payment !== null, renewed);
      if (!renew) return answer;
      renewed.add(renew);
      this.forget(renew, renew === 'access' ? access.value : (payment?.value ?? ''));
    }
  }

  private forget(which: TokenKind, value: string): void {
    if (which === 'access' && this.access?.value === value) this.access = null;
    if (which === 'payment' && this.payment?.value === value) this.payment = null;
  }

  private body(step: UspsStep, answer: UspsResult<Answer>): UspsResult<UspsBody> {
    if (!answer.ok) return answer;
    if (answer.value.status < 200 || answer.value.status > 299) return { ok: false, failure: this.httpFailure(step, answer.value) };
    return { ok: true, value: { contentType: answer.value.headers.get('content-type') ?? '', bytes: answer.value.bytes } };
  }

  private json(step: UspsStep, answer: UspsResult<Answer>): UspsResult<unknown> {
    if (!answer.ok) return answer;
    const { status, text } = answer.value;
    if (status < 200 || status > 299) return { ok: false, failure: this.httpFailure(step, answer.value) };
    const value = parseJson(text);
    return value === undefined ? { ok: false, failure: { kind: 'unreadable', step, status, message: 'the answer is not JSON' } } : { ok: true, value };
  }

  private httpFailure(step: UspsStep, answer: Answer): UspsFailure {
    return { kind: 'http', step, status: answer.status, problems: problemsOf(answer.text), retryAfterMs: retryAfterMs(answer.headers.get('retry-after'), this.now()) };
  }

  /**
   * One request, each on a connection of its own (`Connection: close`): sent on a kept-alive connection that USPS
   * closes at that moment, a buy or a SCAN form fails exactly as an answer lost after USPS acted on it, and would be
   * held as maybe-sold or maybe-made for nothing. USPS's quotas keep our calls few, so the new connections cost little.
   */
  private async send(step: UspsStep, method: string, path: string, headers: Record<string, string>, body: string | undefined): Promise<UspsResult<Answer>> {
    try {
      const response = await fetch(`${this.apiUrl}${path}`, { method, headers: { ...headers, Connection: 'close' }, body, signal: AbortSignal.timeout(this.options.timeoutMs) });
      // The body is read under the same time-out: a buy whose answer stops halfway is a lost answer too.
      const bytes = Buffer.from(await response.arrayBuffer());
      return { ok: true, value: { status: response.status, headers: response.headers, text: bytes.toString('utf8'), bytes } };
    } catch (error) {
      return { ok: false, failure: networkFailure(step, error, this.options.timeoutMs) };
    }
  }
}
