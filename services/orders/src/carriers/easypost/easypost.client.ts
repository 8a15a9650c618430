import type { LabelFormat } from '../carrier.port';
import type { EasyPostCreateShipmentRequest } from './easypost.schema';

/**
 * EasyPost over HTTP, and nothing else: no decision about what an answer means (that is the adapter's), no retry.
 * Every call answers one of three kinds, so the adapter can tell "EasyPost said no" from "we do not know what
 * EasyPost did":
 * - `ok`: a 2xx with a JSON body;
 * - `error`: a non-2xx, with EasyPost's error body normalised (`{error:{code,message,errors}}`) and `Retry-After`;
 * - `network`: no usable answer, with whether the request can have reached EasyPost at all.
 */

export interface EasyPostClientOptions {
  apiKey: string;
  /** `https://api.easypost.com` in production; the fake's URL in tests. */
  apiUrl: string;
  /** Each request's whole time-out, body included (default 20,000 ms). */
  timeoutMs?: number;
}

export interface EasyPostFieldError {
  code: string | null;
  field: string | null;
  message: string;
}

export interface EasyPostApiError {
  code: string;
  message: string;
  /** EasyPost sends objects (`{code, field, message}`) or plain strings: both end up here. */
  errors: EasyPostFieldError[];
}

/**
 * - `refused`: the connection was never made (refused, no such host): the request provably did not reach EasyPost.
 * - `timeout`: no complete answer within the time-out: the request may have been carried out.
 * - `reset`: the connection closed after the request was sent: it may have been carried out.
 * - `unreadable`: a 2xx whose body is not JSON: it was carried out, but we cannot read what it did.
 */
export type NetworkFailure = 'refused' | 'timeout' | 'reset' | 'unreadable';

export type EasyPostReply<T = unknown> =
  | { kind: 'ok'; status: number; body: T; requestId: string | null }
  | { kind: 'error'; status: number; error: EasyPostApiError; retryAfterMs: number | null; requestId: string | null }
  | { kind: 'network'; failure: NetworkFailure; message: string };

export type FileReply =
  | { kind: 'ok'; bytes: Buffer; contentType: string | null }
  | { kind: 'error'; status: number }
  | { kind: 'network'; failure: NetworkFailure; message: string };

const DEFAULT_TIMEOUT_MS = 20_000;

/** Error codes of a connection that was never made: nothing was sent. */
const NOT_CONNECTED_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

export class EasyPostClient {
  private readonly apiUrl: string;
  private readonly authorization: string;
  private readonly timeoutMs: number;

  constructor(options: EasyPostClientOptions) {
    if (!options.apiKey) throw new RangeError('EasyPost: an API key is required');
    const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    if (!Number.isInteger(timeoutMs) || timeoutMs < 1) throw new RangeError(`EasyPost: timeoutMs must be a positive integer, got ${timeoutMs}`);
    this.apiUrl = new URL(options.apiUrl).toString().replace(/\/+$/, '');
    // HTTP Basic with the API key as the user name and no password (EasyPost's documented scheme).
    this.authorization = `Basic ${Buffer.from(`${options.apiKey}:`, 'utf8').toString('base64')}`;
    this.timeoutMs = timeoutMs;
  }

  createShipment(request: EasyPostCreateShipmentRequest): Promise<EasyPostReply> {
    return this.call('POST', '/v2/shipments', request);
  }

  /** Every carrier account of the API key (`GET /v2/carrier_accounts`). */
  listCarrierAccounts(): Promise<EasyPostReply> {
    return this.call('GET', '/v2/carrier_accounts');
  }

  getShipment(shipmentId: string): Promise<EasyPostReply> {
    return this.call('GET', `/v2/shipments/${encodeURIComponent(shipmentId)}`);
  }

  /** Buys a rate; `insurance` (dollars, `"100.00"`) insures the parcel with EasyPost in the same call. */
  buyShipment(shipmentId: string, rateId: string, insurance: string | null = null): Promise<EasyPostReply> {
    return this.call('POST', `/v2/shipments/${encodeURIComponent(shipmentId)}/buy`, { rate: { id: rateId }, ...(insurance !== null ? { insurance } : {}) });
  }

  /** Files a claim on an insured label (`POST /v2/claims`, easypost-node `IClaimCreateParameters`). */
  createClaim(request: unknown): Promise<EasyPostReply> {
    return this.call('POST', '/v2/claims', request);
  }

  getClaim(claimId: string): Promise<EasyPostReply> {
    return this.call('GET', `/v2/claims/${encodeURIComponent(claimId)}`);
  }

  /**
   * EasyPost's label conversion: answers the shipment with `label_pdf_url` or `label_zpl_url` set (recorded for ZPL:
   * `GET /v2/shipments/:id/label?file_format=ZPL`, 200, the whole shipment).
   */
  convertLabel(shipmentId: string, format: LabelFormat): Promise<EasyPostReply> {
    return this.call('GET', `/v2/shipments/${encodeURIComponent(shipmentId)}/label?file_format=${format}`);
  }

  refundShipment(shipmentId: string): Promise<EasyPostReply> {
    return this.call('POST', `/v2/shipments/${encodeURIComponent(shipmentId)}/refund`, {});
  }

  /** Bulk refund by tracking codes; answers an array of Refund objects. */
  refundTrackingCodes(trackingCodes: readonly string[]): Promise<EasyPostReply> {
    return this.call('POST', '/v2/refunds', { refund: { carrier: 'USPS', tracking_codes: trackingCodes } });
  }

  /** Creates an Address with `verify`: its `verifications.delivery` says whether it is deliverable. */
  createAddress(request: unknown): Promise<EasyPostReply> {
    return this.call('POST', '/v2/addresses', request);
  }

  /**
   * `POST /v2/scan_forms`: a ScanForm of bought shipments (status `creating` until its PDF is made), asked inside a
   * `scan_form` object as EasyPost's recorded request was.
   */
  createScanForm(shipmentIds: readonly string[]): Promise<EasyPostReply> {
    return this.call('POST', '/v2/scan_forms', { scan_form: { shipments: shipmentIds.map((id) => ({ id })) } });
  }

  getScanForm(scanFormId: string): Promise<EasyPostReply> {
    return this.call('GET', `/v2/scan_forms/${encodeURIComponent(scanFormId)}`);
  }

  getTracker(trackerId: string): Promise<EasyPostReply> {
    return this.call('GET', `/v2/trackers/${encodeURIComponent(trackerId)}`);
  }

  /**
   * A label file from `postage_label.label_url`. Those live on a file host (S3 for the real EasyPost), so the API key
   * is never sent with them.
   */
  async downloadFile(url: string): Promise<FileReply> {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      return { kind: 'error', status: 0 };
    }
    if (target.protocol !== 'https:' && target.protocol !== 'http:') return { kind: 'error', status: 0 };
    try {
      const response = await fetch(target, { signal: AbortSignal.timeout(this.timeoutMs) });
      if (!response.ok) {
        await response.body?.cancel();
        return { kind: 'error', status: response.status };
      }
      return { kind: 'ok', bytes: Buffer.from(await response.arrayBuffer()), contentType: response.headers.get('content-type') };
    } catch (error) {
      return networkFailure(error);
    }
  }

  private async call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<EasyPostReply> {
    const headers: Record<string, string> = { Authorization: this.authorization, Accept: 'application/json', 'User-Agent': 'LabelDesk' };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    let response: Response;
    let text: string;
    try {
      response = await fetch(`${this.apiUrl}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      // Read within the same time-out: a body that stops half-way is as unanswered as no answer.
      text = await response.text();
    } catch (error) {
      return networkFailure(error);
    }
    const requestId = response.headers.get('x-ep-request-uuid');
    const parsed = parseJson(text);
    if (response.ok) {
      if (parsed === undefined) return { kind: 'network', failure: 'unreadable', message: `EasyPost answered ${response.status} with a body that is not JSON` };
      return { kind: 'ok', status: response.status, body: parsed, requestId };
    }
    return {
      kind: 'error',
      status: response.status,
      error: normaliseError(parsed, response.status),
      retryAfterMs: retryAfterMs(response.headers.get('retry-after'), Date.now()),
      requestId,
    };
  }
}

/** `Retry-After` in milliseconds: delta-seconds or an HTTP date (RFC 9110 §10.2.3); null when absent or unreadable. */
export const retryAfterMs = (header: string | null, nowMs: number): number | null => {
  if (header === null) return null;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  // HTTP dates start with the day's name (IMF-fixdate, RFC 850 and asctime alike); Date.parse takes far more.
  if (!/^[A-Za-z]{3}/.test(value)) return null;
  const at = Date.parse(value);
  if (Number.isNaN(at)) return null;
  return Math.max(0, at - nowMs);
};

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
};

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Every string inside a value, in order (EasyPost's SDK flattens a non-string `message` the same way). */
const stringsIn = (value: unknown): string[] => {
  if (typeof value === 'string') return [value];
  if (typeof value === 'number' || typeof value === 'boolean') return [String(value)];
  if (Array.isArray(value)) return value.flatMap(stringsIn);
  if (isRecord(value)) return Object.values(value).flatMap(stringsIn);
  return [];
};

const textOrNull = (value: unknown): string | null => (typeof value === 'string' && value.length > 0 ? value : null);

/** EasyPost's error body, whatever shape arrived (a proxy's HTML 502 has none: the status stands in for it). */
export const normaliseError = (body: unknown, status: number): EasyPostApiError => {
  const error = isRecord(body) && isRecord(body['error']) ? body['error'] : null;
  if (!error) return { code: `HTTP_${status}`, message: `EasyPost answered HTTP ${status}`, errors: [] };
  const items = Array.isArray(error['errors']) ? error['errors'] : [];
  const errors = items.flatMap((item): EasyPostFieldError[] => {
    if (typeof item === 'string') return [{ code: null, field: null, message: item }];
    if (!isRecord(item)) return [];
    const message = stringsIn(item['message']).join(' ');
    return [{ code: textOrNull(item['code']), field: textOrNull(item['field']), message }];
  });
  const message = stringsIn(error['message']).join(', ');
  return { code: textOrNull(error['code']) ?? `HTTP_${status}`, message: message || `EasyPost answered HTTP ${status}`, errors };
};

const causeCode = (error: unknown): string | null => {
  const cause = isRecord(error) || error instanceof Error ? (error as { cause?: unknown }).cause : undefined;
  if (cause instanceof Error || isRecord(cause)) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return null;
};

const networkFailure = (error: unknown): { kind: 'network'; failure: NetworkFailure; message: string } => {
  // By name, not instanceof: the DOMException of AbortSignal.timeout may come from another realm (jest's vm).
  const name = isRecord(error) || error instanceof Error ? (error as { name?: unknown }).name : undefined;
  if (name === 'TimeoutError' || name === 'AbortError') {
    return { kind: 'network', failure: 'timeout', message: 'EasyPost did not answer in time' };
  }
  const code = causeCode(error);
  if (code !== null && NOT_CONNECTED_CODES.has(code)) {
    return { kind: 'network', failure: 'refused', message: `could not connect to EasyPost (${code})` };
  }
  return { kind: 'network', failure: 'reset', message: `the connection to EasyPost closed before its answer (${code ?? 'no answer'})` };
};
