import { createLabelDesk, type BuyShipmentRequest, type Shipment } from './client';
import { LabelDeskApiError } from './errors';

/** A fetch that records each request and answers from a queue, as the v1 routes answer (decision 103). */
const fakeFetch = (...answers: Response[]) => {
  const requests: Request[] = [];
  const fetch = async (request: Request): Promise<Response> => {
    requests.push(request.clone());
    const answer = answers.shift();
    if (!answer) throw new Error(`no answer left for ${request.method} ${request.url}`);
    return answer;
  };
  return { fetch, requests };
};
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const shipment = (id: string): Shipment => ({
  id,
  status: 'completed',
  label_state: 'purchased',
  tracking_status: null,
  tracking_number: `9400${id}`,
  service_name: 'USPS Priority Mail',
  courier: 'usps',
  label_format: 'pdf',
  price_cents: 850,
  reference: null,
  metadata: {},
  from: { name: 'Alice', city: 'Austin', state_province: 'TX', zip_postal: '78701', country: 'US' },
  to: { name: 'Bob', city: 'Seattle', state_province: 'WA', zip_postal: '98101', country: 'US' },
  failure_reason: null,
  created_at: '2026-11-30T02:00:00.000Z',
  mode: 'live',
});

const order: BuyShipmentRequest = {
  service_name: 'USPS Priority Mail',
  manifested: false,
  sender: { sender_name: 'Alice', sender_address1: '1 Main St', sender_city: 'Austin', sender_state_province: 'TX', sender_zip_postal: '78701' },
  receiver: { receiver_name: 'Bob', receiver_address1: '2 Pine St', receiver_city: 'Seattle', receiver_state_province: 'WA', receiver_zip_postal: '98101' },
  package: { package_length: 10, package_width: 8, package_height: 4, package_weight: 2, package_weight_unit: 'LB' },
  label_format: 'pdf',
};

describe('the LabelDesk client', () => {
  it('buys with the key as a Bearer token, the order as JSON and a new UUID Idempotency-Key for each purchase', async () => {
    const { fetch, requests } = fakeFetch(json(201, shipment('s1')), json(201, shipment('s2')));
    const labels = createLabelDesk({ baseUrl: 'https://labels.example.org/', apiKey: 'ld_live_abc', fetch });
    expect(await labels.buyShipment(order)).toEqual(shipment('s1'));
    await labels.buyShipment(order);
    const [first, second] = requests;
    expect([first?.method, first?.url, first?.headers.get('authorization')]).toEqual(['POST', 'https://labels.example.org/api/v1/shipments', 'Bearer ld_live_abc']);
    expect(await first?.json()).toEqual(order);
    const keys = requests.map((request) => request.headers.get('idempotency-key'));
    expect(keys).toEqual([expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/), expect.any(String)]);
    expect(keys[0]).not.toBe(keys[1]);
    expect(second?.headers.get('idempotency-key')).toBe(keys[1]);
  });

  it("sends the caller's own Idempotency-Key, which a refused purchase's error carries with the API's status and body", async () => {
    const refusal = { code: 'INSUFFICIENT_FUNDS', message: 'Your balance of $1.00 does not cover $8.50' };
    const { fetch, requests } = fakeFetch(json(402, refusal));
    const labels = createLabelDesk({ baseUrl: 'https://labels.example.org', apiKey: 'ld_live_abc', fetch });
    const error = await labels.buyShipment(order, { idempotencyKey: 'order-1001' }).catch((thrown: unknown) => thrown);
    expect(requests[0]?.headers.get('idempotency-key')).toBe('order-1001');
    expect(error).toBeInstanceOf(LabelDeskApiError);
    expect(error).toMatchObject({ status: 402, code: 'INSUFFICIENT_FUNDS', body: refusal, issues: [], idempotencyKey: 'order-1001', message: '402 INSUFFICIENT_FUNDS: Your balance of $1.00 does not cover $8.50' });
  });

  it("throws bad input's issues by field, and a proxy's answer that is not the API's JSON under HTTP_<status> with its text", async () => {
    const badInput = { code: 'VALIDATION_ERROR', message: 'Invalid request', issues: [{ path: 'package.package_weight', message: 'Required' }] };
    const { fetch } = fakeFetch(json(400, badInput), new Response('<html>Bad Gateway</html>', { status: 502, statusText: 'Bad Gateway' }));
    const labels = createLabelDesk({ baseUrl: 'https://labels.example.org', apiKey: 'ld_live_abc', fetch });
    await expect(labels.rates({ sender: order.sender, receiver: order.receiver, package: order.package })).rejects.toMatchObject({ status: 400, issues: badInput.issues });
    await expect(labels.me()).rejects.toMatchObject({ status: 502, code: 'HTTP_502', body: { code: 'HTTP_502', message: '<html>Bad Gateway</html>' } });
  });

  it('walks every page of shipments while the API says has_more, sending each page its cursor and the filter', async () => {
    const { fetch, requests } = fakeFetch(
      json(200, { data: [shipment('s3'), shipment('s2')], has_more: true, next_cursor: 'c-2' }),
      json(200, { data: [shipment('s1')], has_more: false, next_cursor: null }),
    );
    const labels = createLabelDesk({ baseUrl: 'https://labels.example.org', apiKey: 'ld_live_abc', fetch });
    const seen: string[] = [];
    for await (const one of labels.eachShipment({ status: 'completed', limit: 2 })) seen.push(one.id);
    expect(seen).toEqual(['s3', 's2', 's1']);
    expect(requests.map((request) => new URL(request.url).search)).toEqual(['?status=completed&limit=2', '?status=completed&limit=2&cursor=c-2']);
  });

  it("creates a batch under the caller's Idempotency-Key, or a new one, with its rows as JSON", async () => {
    const batch = { id: 'b1', status: 'processing', total_count: 1, processed_count: 0, failed_count: 0, cost_cents: 0, quoted_cents: 850, label_format: '4x6', created_at: '2026-11-30T02:00:00.000Z', updated_at: '2026-11-30T02:00:00.000Z' };
    const { fetch, requests } = fakeFetch(json(201, batch), json(201, batch));
    const labels = createLabelDesk({ baseUrl: 'https://labels.example.org', apiKey: 'ld_live_abc', fetch });
    // A batch's rows are orders without a label format: the batch has one for all. (Nor customs here: a purchase's
    // customs lines may name a SKU, a batch row's are written out whole, so the two types differ.)
    const { label_format: _format, customs: _customs, ...row } = order;
    const rows = { shipments: [row] };
    expect(await labels.createBatch(rows, { idempotencyKey: 'batch-7' })).toEqual(batch);
    await labels.createBatch(rows);
    expect(requests.map((request) => [request.method, request.url])).toEqual([['POST', 'https://labels.example.org/api/v1/batches'], ['POST', 'https://labels.example.org/api/v1/batches']]);
    expect(await requests[0]?.json()).toEqual(rows);
    expect(requests.map((request) => request.headers.get('idempotency-key'))).toEqual(['batch-7', expect.stringMatching(/^[0-9a-f-]{36}$/)]);
  });

  it("gives a label's bytes as they came, and a void's answer", async () => {
    const pdf = new TextEncoder().encode('%PDF-1.7 label');
    const voided = { shipment_id: 's1', tracking_number: '9400s1', label_state: 'voided', amount_cents: 850, message: 'Label voided' };
    const { fetch, requests } = fakeFetch(new Response(pdf, { status: 200, headers: { 'content-type': 'application/pdf' } }), json(200, voided));
    const labels = createLabelDesk({ baseUrl: 'https://labels.example.org', apiKey: 'ld_live_abc', fetch });
    expect(await labels.label('s1')).toEqual(pdf);
    expect(await labels.voidShipment('s1')).toEqual(voided);
    expect(requests.map((request) => `${request.method} ${request.url}`)).toEqual(['GET https://labels.example.org/api/v1/shipments/s1/label?format=pdf', 'POST https://labels.example.org/api/v1/shipments/s1/void']);
  });

  it("replays an event by its id (encoded in the path) to one endpoint, and a webhook's events since a time, each under the caller's key or a new one", async () => {
    const answer = { event_count: 1, endpoint_ids: ['e1'] };
    const { fetch, requests } = fakeFetch(json(200, answer), json(200, { event_count: 3, endpoint_ids: ['e1'] }));
    const labels = createLabelDesk({ baseUrl: 'https://labels.example.org', apiKey: 'ld_live_abc', fetch });
    expect(await labels.replayEvent('label.purchased:single:o1', { endpointId: 'e1', idempotencyKey: 'replay-0001' })).toEqual(answer);
    expect(await labels.replayWebhook('e1', new Date('2026-11-29T00:00:00Z'))).toEqual({ event_count: 3, endpoint_ids: ['e1'] });
    const [one, since] = requests;
    expect([one?.method, one?.url, one?.headers.get('idempotency-key')]).toEqual(['POST', 'https://labels.example.org/api/v1/events/label.purchased%3Asingle%3Ao1/replay', 'replay-0001']);
    expect(await one?.json()).toEqual({ endpoint_id: 'e1' });
    expect([since?.url, since?.headers.get('idempotency-key')]).toEqual(['https://labels.example.org/api/v1/webhooks/e1/replay', expect.stringMatching(/^[0-9a-f-]{36}$/)]);
    expect(await since?.json()).toEqual({ since: '2026-11-29T00:00:00.000Z' });
  });
});
