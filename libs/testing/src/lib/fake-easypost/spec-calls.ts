import type { FakeEasyPostServer } from '../fake-easypost.server';

/** Plain HTTP calls to the fake EasyPost, for its own specs: what a client sends, with no adapter in between. */

export interface Reply {
  status: number;
  headers: Headers;
  json: unknown;
}

export const basic = (key: string) => `Basic ${Buffer.from(`${key}:`).toString('base64')}`;

export const call = async (fake: FakeEasyPostServer, method: string, path: string, body?: unknown, key = fake.apiKey): Promise<Reply> => {
  const response = await fetch(`${fake.url}${path}`, {
    method,
    headers: { Authorization: basic(key), 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, json: text ? (JSON.parse(text) as unknown) : null };
};

export const address = (overrides: Record<string, unknown> = {}) => ({ name: 'Jane Doe', street1: '350 Fifth Ave', city: 'New York', state: 'NY', zip: '10118', country: 'US', ...overrides });

export const shipmentRequest = (overrides: { to?: Record<string, unknown>; weight?: unknown; labelFormat?: string } = {}) => ({
  shipment: {
    from_address: address({ name: 'Acme Widgets', street1: '1200 Industrial Pkwy', city: 'Columbus', state: 'OH', zip: '43215' }),
    to_address: address(overrides.to),
    parcel: { length: 10, width: 8, height: 4, weight: overrides.weight ?? 15.4 },
    options: { label_format: overrides.labelFormat ?? 'PDF', label_size: '4x6' },
    reference: 'row-1',
  },
});

export interface ShipmentJson {
  id: string;
  tracking_code: string | null;
  refund_status: string | null;
  rates: Array<{ id: string; service: string; carrier: string; rate: string }>;
  postage_label: { label_url: string; label_pdf_url: string | null; label_zpl_url: string | null; label_size: string; label_file_type: string } | null;
  selected_rate: { id: string } | null;
  tracker: { id: string } | null;
  fees: Array<{ type: string; amount: string; charged: boolean; refunded: boolean }>;
}

export const errorOf = (reply: Reply) => (reply.json as { error: { code: string; message: string; errors: Array<{ code?: string; field: string; message: string }> } }).error;

const answered = (reply: Reply, status: number, what: string): ShipmentJson => {
  if (reply.status !== status) throw new Error(`${what} answered ${reply.status}: ${JSON.stringify(reply.json)}`);
  return reply.json as ShipmentJson;
};

export const created = async (fake: FakeEasyPostServer, request: unknown = shipmentRequest()): Promise<ShipmentJson> => answered(await call(fake, 'POST', '/v2/shipments', request), 201, 'the create');

export const rateOf = (shipment: ShipmentJson, service: string) => {
  const rate = shipment.rates.find((r) => r.service === service);
  if (!rate) throw new Error(`no ${service} rate`);
  return rate;
};

export const bought = async (fake: FakeEasyPostServer, request: unknown = shipmentRequest()): Promise<ShipmentJson> => {
  const shipment = await created(fake, request);
  return answered(await call(fake, 'POST', `/v2/shipments/${shipment.id}/buy`, { rate: { id: rateOf(shipment, 'Priority').id } }), 200, 'the buy');
};
