import { FAKE_USPS_ACCOUNT, FakeEasyPostServer, FakeUspsServer, type FakeEasyPostOptions } from '@labeldesk/testing';
import type { Api } from './bulk-api';

/** The USPS account the fake accepts and orders is configured with. */
const USPS_ACCOUNT = FAKE_USPS_ACCOUNT;

/** Both real carriers' fakes, on free ports of the test process (the system's processes reach them by URL). */
export interface CarrierFakes {
  easyPost: FakeEasyPostServer;
  usps: FakeUspsServer;
  stop(): Promise<void>;
}

export const startCarrierFakes = async (easyPostOptions: FakeEasyPostOptions = {}): Promise<CarrierFakes> => {
  const easyPost = new FakeEasyPostServer(easyPostOptions);
  const usps = new FakeUspsServer(USPS_ACCOUNT);
  await Promise.all([easyPost.start(), usps.start()]);
  return {
    easyPost,
    usps,
    stop: async () => {
      await Promise.all([easyPost.stop(), usps.stop()]);
    },
  };
};

/** Orders' settings for `carriers`, pointed at the fakes (both carriers' settings are given; CARRIERS decides which are on). */
export const carrierEnvOf = (fakes: CarrierFakes, carriers: 'easypost' | 'easypost,usps'): NodeJS.ProcessEnv => ({
  CARRIERS: carriers,
  EASYPOST_API_KEY: fakes.easyPost.apiKey,
  EASYPOST_API_URL: fakes.easyPost.url,
  USPS_API_URL: fakes.usps.url,
  USPS_CLIENT_ID: USPS_ACCOUNT.clientId,
  USPS_CLIENT_SECRET: USPS_ACCOUNT.clientSecret,
  USPS_CRID: USPS_ACCOUNT.crid,
  USPS_MID: USPS_ACCOUNT.mid,
  USPS_MANIFEST_MID: USPS_ACCOUNT.manifestMid,
  USPS_ACCOUNT_TYPE: USPS_ACCOUNT.accountType,
  USPS_ACCOUNT_NUMBER: USPS_ACCOUNT.accountNumber,
});

const BUY_PATH = /^\/v2\/shipments\/(shp_[0-9a-f]+)\/buy$/;

/** How many buys EasyPost has received so far (each may or may not have been carried out yet). */
export const easyPostBuysReceived = (fake: FakeEasyPostServer): number => fake.requests.filter((r) => r.method === 'POST' && BUY_PATH.test(r.path)).length;

/**
 * What EasyPost sold, by our idempotency key (a shipment's reference is the purchase's key): the tracking code of
 * every shipment bought under that key. A key with two codes was bought twice.
 */
export const easyPostSales = (fake: FakeEasyPostServer): Map<string, string[]> => {
  const ids = new Set(fake.requests.map((r) => BUY_PATH.exec(r.path)?.[1]).filter((id): id is string => id !== undefined));
  const sales = new Map<string, string[]>();
  for (const id of ids) {
    const shipment = fake.shipment(id);
    const tracking = shipment?.['tracking_code'];
    if (typeof tracking !== 'string') continue;
    const key = String(shipment?.['reference']);
    sales.set(key, [...(sales.get(key) ?? []), tracking]);
  }
  return sales;
};

/** The shipment EasyPost sold under this tracking code, as EasyPost holds it. */
export const easyPostShipmentOf = (fake: FakeEasyPostServer, trackingCode: string): Record<string, unknown> | undefined => {
  const ids = new Set(fake.requests.map((r) => BUY_PATH.exec(r.path)?.[1]).filter((id): id is string => id !== undefined));
  return [...ids].map((id) => fake.shipment(id)).find((s) => s?.['tracking_code'] === trackingCode);
};

/** The file EasyPost serves for the label with this tracking code, as its label URL answers it. */
export const easyPostLabelFile = async (fake: FakeEasyPostServer, trackingCode: string): Promise<Buffer> => {
  const shipment = easyPostShipmentOf(fake, trackingCode);
  const url = (shipment?.['postage_label'] as { label_url?: string } | null | undefined)?.label_url;
  if (!url) throw new Error(`EasyPost sold no label ${trackingCode}`);
  return Buffer.from(await (await fetch(url)).arrayBuffer());
};

/** One weight tier set for every shipping service: 850 cents up to 5 lb, 1450 above (as the sandbox suggests). */
export const PRICE_TIERS = [
  { fromWeight: 1, toWeight: 5, price: 850 },
  { fromWeight: 6, toWeight: 70, price: 1450 },
];

/**
 * Tiers for a service whose own limit is `maxWeight`: those starting within it, the last reaching it exactly (70 lb
 * for USPS, 150 for UPS and FedEx, 4 for First-Class Package International).
 */
export const tiersUpTo = (tiers: ReadonlyArray<{ fromWeight: number; toWeight: number; price: number }>, maxWeight: number) => {
  const within = tiers.filter((tier) => tier.fromWeight <= maxWeight);
  return within.map((tier, i) => (i === within.length - 1 ? { ...tier, toWeight: maxWeight } : tier));
};

interface DefaultService {
  _id: string;
  uid: string;
  maxWeight: number;
  enabled: boolean;
  prices: Array<{ fromWeight: number; toWeight: number; price: number }>;
}

/**
 * What an admin does before customers can buy from a real carrier: sync the default services (a real carrier
 * suggests no prices, so they arrive switched off at $0), give each its weight tiers and switch it on. Answers the
 * defaults as they were synced, before pricing.
 */
export const priceCarrierServices = async (call: Api, adminToken: string): Promise<DefaultService[]> => {
  const synced = await call('POST', '/defaultServices/sync', undefined, { token: adminToken });
  if (synced.status !== 200) throw new Error(`sync answered ${synced.status} ${JSON.stringify(synced.body)}`);
  const defaults = synced.body as unknown as DefaultService[];
  for (const service of defaults) {
    const prices = tiersUpTo(PRICE_TIERS, service.maxWeight);
    const priced = await call('PUT', `/defaultServices/${service._id}/prices`, { prices }, { token: adminToken });
    const enabled = await call('PATCH', `/defaultServices/${service._id}/toggle`, { enabled: true }, { token: adminToken });
    if (priced.status !== 200 || enabled.status !== 200) throw new Error(`pricing ${service.uid} answered ${priced.status}/${enabled.status}`);
  }
  return defaults;
};

/** The tracking numbers of a batch's bought rows, from its result CSV (what the customer downloads). */
export const batchTrackingNumbers = async (call: Api, token: string, orderId: string): Promise<string[]> => {
  const csv = await call('GET', `/orders/download/result-csv/${orderId}`, undefined, { token });
  if (csv.status !== 200 || !csv.bytes) throw new Error(`result CSV answered ${csv.status}`);
  const [header, ...rows] = csv.bytes.toString('utf8').replace(/^\uFEFF/, '').trim().split(/\r?\n/);
  const columns = (header ?? '').split(',');
  const tracking = columns.indexOf('trackingNumber');
  const status = columns.indexOf('status');
  // Bulk rows carry no commas or quotes in the columns before the tracking number (bulkRow's recipients are `Bob <i>`).
  return rows.map((row) => row.split(',')).filter((cells) => cells[status] === 'success').map((cells) => cells[tracking] ?? '');
};

/** Orders' settings for one real carrier alone, pointed at its fake. */
export const oneCarrierEnvOf = (fakes: CarrierFakes, carrier: 'usps' | 'easypost'): NodeJS.ProcessEnv => ({ ...carrierEnvOf(fakes, 'easypost'), CARRIERS: carrier });

/**
 * What USPS sold, by the `X-Idempotency-Key` the label was bought under: the tracking number of every label sold
 * under that key. A key with two numbers was sold twice.
 */
export const uspsSales = (fake: FakeUspsServer): Map<string, string[]> => {
  const sales = new Map<string, string[]>();
  for (const label of fake.labels.values()) {
    const key = label.idempotencyKey ?? `no key: ${label.trackingNumber}`;
    sales.set(key, [...(sales.get(key) ?? []), label.trackingNumber]);
  }
  return sales;
};

/** How often USPS was asked to cancel (or refund) the label with this tracking number. */
export const uspsCancelsAsked = (fake: FakeUspsServer, trackingNumber: string): number =>
  fake.requests.filter((r) => r.method === 'DELETE' && r.path === `/labels/v3/label/${encodeURIComponent(trackingNumber)}`).length;

const REFUND_OF = /^\/v2\/shipments\/(shp_[0-9a-f]+)\/refund$/;

/** How often EasyPost was asked to refund the shipment of the label with this tracking code, one by one. */
export const easyPostRefundsAsked = (fake: FakeEasyPostServer, trackingCode: string): number =>
  fake.requests.filter((r) => {
    const id = r.method === 'POST' ? REFUND_OF.exec(r.path)?.[1] : undefined;
    return id !== undefined && fake.shipment(id)?.['tracking_code'] === trackingCode;
  }).length;

/** How many bulk refund requests (`POST /v2/refunds`, a list of tracking codes) EasyPost received. */
export const easyPostBulkRefundsAsked = (fake: FakeEasyPostServer): number => fake.requests.filter((r) => r.method === 'POST' && r.path === '/v2/refunds').length;

/**
 * The file EasyPost serves for a sold label in `format`, at the address its shipment gives for that format (the PDF's
 * own address, else the label's default one).
 */
export const easyPostFileOf = async (fake: FakeEasyPostServer, trackingCode: string, format: 'PDF' | 'ZPL'): Promise<Buffer> => {
  const ids = new Set(fake.requests.map((r) => BUY_PATH.exec(r.path)?.[1]).filter((id): id is string => id !== undefined));
  const shipment = [...ids].map((id) => fake.shipment(id)).find((s) => s?.['tracking_code'] === trackingCode);
  const label = shipment?.['postage_label'] as { label_url?: string | null; label_pdf_url?: string | null; label_zpl_url?: string | null } | null | undefined;
  const url = format === 'ZPL' ? label?.label_zpl_url : (label?.label_pdf_url ?? label?.label_url);
  if (!url) throw new Error(`EasyPost has no ${format} file for ${trackingCode}`);
  return Buffer.from(await (await fetch(url)).arrayBuffer());
};
