import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * EasyPost's own recorded traffic (recorded/README.md says where each entry comes from): the fake builds its answers
 * from these bodies and checks them against their shapes, and the adapter's specs replay them.
 */

/** One request and its answer, as recorded in an easypost-node cassette (entry counts from 1). */
export interface EasyPostRecordedEntry {
  cassette: string;
  entry: number;
  request: { method: string; path: string; body?: unknown };
  status: number;
  'x-ep-request-uuid': string | null;
  body: unknown;
}

/** The entries of each recorded file, by file. */
export interface EasyPostRecordings {
  shipment: 'created' | 'bought' | 'converted' | 'refundSubmitted' | 'createdWithRateError';
  refund: 'bulk';
  tracker: 'retrieved';
  address: 'found' | 'notFound';
  'scan-form': 'created' | 'creating';
  error: 'parameterRequired' | 'addressNotFound' | 'houseNumberMissing' | 'stringErrors';
  carriers: 'upsRated' | 'upsDapRated' | 'fedExDefaultDocumented' | 'accounts';
  customs: 'customsInfoCreated' | 'formGenerated';
  claim: 'created' | 'retrieved';
}

export type EasyPostRecordedFile = keyof EasyPostRecordings;

export const EASYPOST_RECORDED_FILES: readonly EasyPostRecordedFile[] = ['shipment', 'refund', 'tracker', 'address', 'scan-form', 'error', 'carriers', 'customs', 'claim'];

/**
 * An entry copied from EasyPost's documentation (EasyPost/examples `official/docs/responses`), not from recorded
 * traffic: its values are real EasyPost spellings, but the body may lack keys a real answer has (the FedExDefault
 * shipment has no `order_id`), so no shape is learned from it.
 */
export const isDocumentedOnly = (entry: EasyPostRecordedEntry): boolean => entry.cassette.startsWith('EasyPost/examples ');

/**
 * The build compiles only .ts files, so the recorded files are read from the package's source tree: `src/lib/…` and
 * `dist/lib/…` both sit three folders below the package.
 */
const RECORDED_DIR = join(__dirname, '../../../src/lib/fake-easypost/recorded');

const files = new Map<string, unknown>();

const read = (name: string): unknown => {
  let parsed = files.get(name);
  if (parsed === undefined) {
    parsed = JSON.parse(readFileSync(join(RECORDED_DIR, name), 'utf8')) as unknown;
    files.set(name, parsed);
  }
  return parsed;
};

/** A recorded entry, a fresh copy each call (callers change their copy freely). */
export const easyPostRecorded = <F extends EasyPostRecordedFile>(file: F, name: EasyPostRecordings[F]): EasyPostRecordedEntry => {
  const entries = read(`${file}.json`) as Record<string, EasyPostRecordedEntry | undefined>;
  const entry = entries[name];
  if (!entry) throw new Error(`recorded/${file}.json has no entry ${name}`);
  return structuredClone(entry);
};

const frozen = <T>(value: T): T => {
  if (typeof value === 'object' && value !== null) {
    for (const field of Object.values(value)) frozen(field);
    Object.freeze(value);
  }
  return value;
};

const templates = new Map<string, unknown>();

/**
 * A recorded body, shared and frozen: for building answers from (spread it, never change it), at no copying cost on
 * each request of a load test.
 */
export const easyPostRecordedBody = <F extends EasyPostRecordedFile>(file: F, name: EasyPostRecordings[F]): unknown => {
  const key = `${file}/${name}`;
  if (!templates.has(key)) templates.set(key, frozen(easyPostRecorded(file, name).body));
  return templates.get(key);
};

/** Every recorded entry of a file, fresh copies. */
export const easyPostRecordedEntries = (file: EasyPostRecordedFile): EasyPostRecordedEntry[] =>
  Object.values(structuredClone(read(`${file}.json`)) as Record<string, EasyPostRecordedEntry>);

/** A webhook push as EasyPost/examples records it: the raw body, the endpoint's secret and the signature sent. */
export interface EasyPostRecordedWebhook {
  rawBody: string;
  secret: string;
  signature: string;
}

/**
 * EasyPost/examples' `tracker.updated` event with its secret and `X-Hmac-Signature`. The signature is of the body
 * without the file's final newline (with it, the HMAC differs), so that newline is not part of the body.
 */
export const easyPostRecordedWebhook = (): EasyPostRecordedWebhook => {
  const { secret, hmac_signature: signature } = read('webhook.json') as { secret: string; hmac_signature: string };
  return { rawBody: eventBody(), secret, signature };
};

let eventText: string | undefined;
const eventBody = (): string => (eventText ??= readFileSync(join(RECORDED_DIR, 'event-body.json'), 'utf8').replace(/\n$/, ''));

let event: unknown;

/** The recorded webhook Event, parsed, shared and frozen like `easyPostRecordedBody`. */
export const easyPostRecordedEvent = (): unknown => (event ??= frozen(JSON.parse(eventBody()) as unknown));
