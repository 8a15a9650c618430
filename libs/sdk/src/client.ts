import createClient from 'openapi-fetch';
import { LabelDeskApiError } from './errors';
import type { operations, paths } from './generated/openapi';
import { eachItem } from './paging';

type Query<Operation extends keyof operations> = NonNullable<operations[Operation]['parameters']['query']>;
/**
 * An operation's JSON body and answers, named by operation rather than by component: the document names a shared
 * schema after the first route that uses it, so a component's name can change when a route is added.
 */
type RequestOf<Operation extends keyof operations> = operations[Operation] extends { requestBody: { content: { 'application/json': infer Body } } } ? Body : never;
type AnswerOf<Operation extends keyof operations, Status extends number = 200> = operations[Operation]['responses'] extends Record<Status, { content: { 'application/json': infer Body } }> ? Body : never;

export type RatesRequest = RequestOf<'v1RatesRates'>;
export type RatesAnswer = AnswerOf<'v1RatesRates'>;
export type BuyShipmentRequest = RequestOf<'v1ShipmentsBuy'>;
export type Shipment = AnswerOf<'v1ShipmentsOne'>;
export type ShipmentPage = AnswerOf<'v1ShipmentsList'>;
export type ShipmentFilter = Omit<Query<'v1ShipmentsList'>, 'cursor'>;
export type VoidAnswer = AnswerOf<'v1ShipmentsVoid'>;
export type Tracking = AnswerOf<'v1ShipmentsTracking'>;
export type AddressToVerify = RequestOf<'v1RatesVerify'>;
export type AddressVerification = AnswerOf<'v1RatesVerify'>;
export type CreateBatchRequest = RequestOf<'v1BatchesCreate'>;
export type Batch = AnswerOf<'v1BatchesOne'>;
export type BatchShipmentPage = AnswerOf<'v1BatchesShipments'>;
export type EventPage = AnswerOf<'v1EventsList'>;
export type ApiEvent = EventPage['data'][number];
export type EventFilter = Omit<Query<'v1EventsList'>, 'cursor'>;
export type Replay = AnswerOf<'v1EventsReplay'>;
export type Me = AnswerOf<'v1AccountMe'>;
export type Balance = AnswerOf<'v1AccountBalance'>;

export interface LabelDeskOptions {
  /** The server's origin, e.g. `https://labels.example.org` (the paths carry `/api/v1`). */
  baseUrl: string;
  /** An API key (`ld_…`), sent as `Authorization: Bearer`. */
  apiKey: string;
  /** Another fetch (tests, proxies); the global one otherwise. */
  fetch?: (request: Request) => Promise<Response>;
}

/** A fresh Idempotency-Key (a random UUID): make one before a purchase to retry it safely after a lost answer. */
export const newIdempotencyKey = (): string => globalThis.crypto.randomUUID();

/** The data of a 2xx answer, or the API's error thrown as a LabelDeskApiError. */
const answerOf = async <Data>(call: Promise<{ data?: Data; error?: unknown; response: Response }>, idempotencyKey?: string): Promise<Data> => {
  const { data, error, response } = await call;
  if (!response.ok || error !== undefined) throw LabelDeskApiError.from(response, error, idempotencyKey);
  return data as Data;
};

/**
 * The LabelDesk public API v1 (decision 103) as typed methods over openapi-fetch and the types generated from the
 * OpenAPI document (decision 106). Each method answers the 2xx body or throws a LabelDeskApiError with the status and
 * the API's error body. `api` is the underlying openapi-fetch client, typed for every documented route.
 */
export const createLabelDesk = ({ baseUrl, apiKey, fetch }: LabelDeskOptions) => {
  const api = createClient<paths>({ baseUrl: baseUrl.replace(/\/+$/, ''), headers: { authorization: `Bearer ${apiKey}` }, ...(fetch ? { fetch } : {}) });
  const byId = (id: string) => ({ params: { path: { id } } });

  const listShipments = (query: Query<'v1ShipmentsList'> = {}): Promise<ShipmentPage> => answerOf(api.GET('/api/v1/shipments', { params: { query } }));
  const listBatchShipments = (id: string, query: Query<'v1BatchesShipments'> = {}): Promise<BatchShipmentPage> =>
    answerOf(api.GET('/api/v1/batches/{id}/shipments', { params: { path: { id }, query } }));
  const listEvents = (query: Query<'v1EventsList'> = {}): Promise<EventPage> => answerOf(api.GET('/api/v1/events', { params: { query } }));

  return {
    api,
    /** Who the key belongs to, with its scopes. */
    me: (): Promise<Me> => answerOf(api.GET('/api/v1/me')),
    /** The balance of the key's mode: a test key (`ld_test_…`) reads its test balance. */
    balance: (): Promise<Balance> => answerOf(api.GET('/api/v1/balance')),
    /** Test keys only: play money added to the test balance, never a live one (a live key is refused, 403). */
    testTopUp: (amountCents: number, { idempotencyKey = newIdempotencyKey() }: { idempotencyKey?: string } = {}): Promise<Balance> =>
      answerOf(api.POST('/api/v1/balance/test-top-up', { body: { amount_cents: amountCents }, params: { header: { 'Idempotency-Key': idempotencyKey } } }), idempotencyKey),
    /** Each service's price for a parcel between two addresses, cheapest, fastest and best value tagged. */
    rates: (request: RatesRequest): Promise<RatesAnswer> => answerOf(api.POST('/api/v1/rates', { body: request })),
    verifyAddress: (address: AddressToVerify): Promise<AddressVerification> => answerOf(api.POST('/api/v1/addresses/verify', { body: address })),
    /**
     * Buys a label. The Idempotency-Key is the caller's (e.g. its own order id: a retry after a crash buys nothing
     * twice) or a new one made here; a LabelDeskApiError of the purchase carries the key it was sent with. The answer
     * is `completed` (201) or, while the carrier is slow, `pending` (202): read it again with `shipment(id)`.
     */
    buyShipment: (request: BuyShipmentRequest, { idempotencyKey = newIdempotencyKey() }: { idempotencyKey?: string } = {}): Promise<Shipment> =>
      answerOf(api.POST('/api/v1/shipments', { body: request, params: { header: { 'Idempotency-Key': idempotencyKey } } }), idempotencyKey),
    /** One shipment in any state, pending included. */
    shipment: (id: string): Promise<Shipment> => answerOf(api.GET('/api/v1/shipments/{id}', byId(id))),
    /** One page, newest first; `next_cursor` reads the next while `has_more`. */
    listShipments,
    /** Every shipment the filter matches, newest first, walking the pages as they are read. */
    eachShipment: (filter: ShipmentFilter = {}) => eachItem((cursor) => listShipments({ ...filter, ...(cursor ? { cursor } : {}) })),
    voidShipment: (id: string): Promise<VoidAnswer> => answerOf(api.POST('/api/v1/shipments/{id}/void', byId(id))),
    /** The label's bytes: a PDF, or ZPL for a label bought as ZPL. */
    label: async (id: string, format: 'pdf' | 'zpl' = 'pdf'): Promise<Uint8Array> =>
      new Uint8Array(await answerOf(api.GET('/api/v1/shipments/{id}/label', { params: { path: { id }, query: { format } }, parseAs: 'arrayBuffer' }))),
    tracking: (id: string): Promise<Tracking> => answerOf(api.GET('/api/v1/shipments/{id}/tracking', byId(id))),
    /**
     * Buys a batch: its rows are checked, priced and the total held, then bought in the background (read its state with
     * `batch(id)`, its labels with `eachBatchShipment(id)`). The Idempotency-Key as for `buyShipment`: a retry answers
     * the batch it made.
     */
    createBatch: (request: CreateBatchRequest, { idempotencyKey = newIdempotencyKey() }: { idempotencyKey?: string } = {}): Promise<Batch> =>
      answerOf(api.POST('/api/v1/batches', { body: request, params: { header: { 'Idempotency-Key': idempotencyKey } } }), idempotencyKey),
    batch: (id: string): Promise<Batch> => answerOf(api.GET('/api/v1/batches/{id}', byId(id))),
    /** One page of a batch's labels in row order. */
    listBatchShipments,
    /** Every label of a batch in row order. */
    eachBatchShipment: (id: string) => eachItem((cursor) => listBatchShipments(id, cursor ? { cursor } : {})),
    /** One page of the webhook events of the last 30 days (those the caller's endpoints were sent), newest first. */
    listEvents,
    /** Every such event of a type (or all), newest first: to replay what an endpoint missed. */
    eachEvent: (filter: EventFilter = {}) => eachItem((cursor) => listEvents({ ...filter, ...(cursor ? { cursor } : {}) })),
    /**
     * Sends one event again, as a redelivery under its own `webhook-id`: to every enabled webhook subscribed to its
     * type, or to `endpointId` alone. Under the caller's Idempotency-Key or a new one: sent again with the same key,
     * nothing is sent twice.
     */
    replayEvent: (id: string, { endpointId, idempotencyKey = newIdempotencyKey() }: { endpointId?: string; idempotencyKey?: string } = {}): Promise<Replay> =>
      answerOf(
        api.POST('/api/v1/events/{id}/replay', { params: { path: { id }, header: { 'Idempotency-Key': idempotencyKey } }, body: endpointId ? { endpoint_id: endpointId } : {} }),
        idempotencyKey,
      ),
    /** Sends a webhook every event since `since` (of the types it takes) again: the catch-up after it was disabled. */
    replayWebhook: (endpointId: string, since: Date | string, { idempotencyKey = newIdempotencyKey() }: { idempotencyKey?: string } = {}): Promise<Replay> =>
      answerOf(
        api.POST('/api/v1/webhooks/{id}/replay', {
          params: { path: { id: endpointId }, header: { 'Idempotency-Key': idempotencyKey } },
          body: { since: typeof since === 'string' ? since : since.toISOString() },
        }),
        idempotencyKey,
      ),
  };
};

export type LabelDesk = ReturnType<typeof createLabelDesk>;
