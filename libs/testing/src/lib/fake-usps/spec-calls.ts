import type { FakeUspsServer } from '../fake-usps.server';
import { multipartPartsOf } from '../openapi/multipart';

/** Test support for fake-usps.server.spec.ts: the calls a USPS client makes, written out plainly. */

export type Json = Record<string, unknown>;

export interface UspsErrorAnswer {
  apiVersion: string;
  error: { code: string; message: string; errors: Array<{ status: string; code: string; title: string; detail: string; source?: { parameter: string } }> };
}

export const centralToday = (at: Date): string => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(at);

/** The Labels OpenAPI 3.9.13 example `GroundAdvantageRequestWithImageInfo`, mailed on `mailingDate`. */
export const publishedExample = (mailingDate: string): Json => ({
  imageInfo: {
    imageType: 'PDF',
    labelType: '4X6LABEL',
    receiptOption: 'NONE',
    suppressPostage: true,
    suppressMailDate: true,
    returnLabel: false,
    brandingImageFormat: 'NONE',
    includeLabelBrokerPDF: false,
    addZPLComments: false,
  },
  toAddress: { firstName: 'Nick', lastName: 'Fury', streetAddress: '2700 S Jefferson Ave', secondaryAddress: 'STE 150', city: 'St. Louis', state: 'MO', ZIPCode: '63104', ZIPPlus4: '2351' },
  fromAddress: { firstName: 'Sam', lastName: 'Wilson', streetAddress: '45 L St SW', city: 'Washington', state: 'DC', ZIPCode: '20024' },
  packageDescription: {
    mailClass: 'USPS_GROUND_ADVANTAGE',
    rateIndicator: 'SP',
    weightUOM: 'lb',
    weight: 0.5,
    dimensionsUOM: 'in',
    length: 9,
    height: 6,
    width: 0.25,
    processingCategory: 'NONSTANDARD',
    mailingDate,
    extraServices: [],
    destinationEntryFacilityType: 'NONE',
  },
});

/** A SCAN form request (SCAN Forms 3.1.14 `SCANFormRequest`, a `LabelShipment`) from the example's sender. */
export const scanFormRequest = (mailingDate: string, trackingNumbers: string[]): Json => ({
  mailingDate,
  entryFacilityZIPCode: '20024',
  destinationEntryFacilityType: 'NONE',
  shipment: { trackingNumbers },
  fromAddress: { firstName: 'Sam', lastName: 'Wilson', streetAddress: '45 L St SW', city: 'Washington', state: 'DC', ZIPCode: '20024' },
});

/** A copy of `base` with one change at a dotted path (`undefined` removes the field). */
export const changed = (base: Json, path: string, value: unknown): Json => {
  const copy = structuredClone(base);
  const keys = path.split('.');
  let node = copy;
  for (const key of keys.slice(0, -1)) node = node[key] as Json;
  const last = keys[keys.length - 1] ?? '';
  if (value === undefined) delete node[last];
  else node[last] = value;
  return copy;
};

/** The parts of a multipart answer by name: each part's Content-Type, Content-Disposition name and text. */
export const partsOf = async (answer: Response): Promise<Array<{ name: string | null; contentType: string | null; text: string }>> => {
  const parts = multipartPartsOf(answer.headers.get('content-type') ?? '', await answer.text());
  if (!parts) throw new Error('not a multipart answer');
  return parts;
};

/** The calls of a USPS client against `fake()` (read on every call: a test may swap the fake). */
export const uspsCalls = (fake: () => FakeUspsServer) => {
  const call = (path: string, init: RequestInit = {}) => fetch(`${fake().url}${path}`, init);
  const accessToken = async () => {
    const answer = await call('/oauth2/v3/token', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ client_id: 'fake-usps-client', client_secret: 'fake-usps-secret', grant_type: 'client_credentials' }) });
    return ((await answer.json()) as { access_token: string }).access_token;
  };
  const role = { CRID: '56982563', MID: '902118475', manifestMID: '902118476', accountType: 'EPS', accountNumber: '1000123456' };
  const authorize = async (bearer: string, roles: unknown = [{ roleName: 'PAYER', ...role }, { roleName: 'LABEL_OWNER', ...role }]) =>
    call('/payments/v3/payment-authorization', { method: 'POST', headers: { Authorization: `Bearer ${bearer}`, 'Content-Type': 'application/json' }, body: JSON.stringify({ roles }) });
  const session = async () => {
    const bearer = await accessToken();
    const payment = ((await (await authorize(bearer)).json()) as { paymentAuthorizationToken: string }).paymentAuthorizationToken;
    return { bearer, payment };
  };
  const paid = async (path: string, method: string, body?: unknown, headers: Record<string, string> = {}) => {
    const { bearer, payment } = await session();
    const json: Record<string, string> = body === undefined ? {} : { 'Content-Type': 'application/json' };
    return call(path, { method, headers: { Authorization: `Bearer ${bearer}`, 'X-Payment-Authorization-Token': payment, ...json, ...headers }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  };
  const buy = async (body: unknown, options: { key?: string; accept?: string } = {}) =>
    paid('/labels/v3/label', 'POST', body, { Accept: options.accept ?? 'application/vnd.usps.labels+json', ...(options.key ? { 'X-Idempotency-Key': options.key } : {}) });
  const bought = async (body: unknown) => (await (await buy(body)).json()) as Json & { trackingNumber: string };
  const cancel = async (trackingNumber: string) => paid(`/labels/v3/label/${trackingNumber}`, 'DELETE');
  const scanForm = async (body: unknown, accept = 'multipart/form-data, application/json') => paid('/scan-forms/v3/scan-form', 'POST', body, { Accept: accept });
  const track = async (trackingNumber: string, bearer?: string) =>
    call(`/tracking/v3/tracking/${trackingNumber}?expand=DETAIL`, { headers: { Authorization: `Bearer ${bearer ?? (await accessToken())}` } });
  const address = async (query: Record<string, string>) => call(`/addresses/v3/address?${new URLSearchParams(query).toString()}`, { headers: { Authorization: `Bearer ${await accessToken()}` } });
  return { call, accessToken, role, authorize, session, buy, bought, cancel, scanForm, track, address };
};
