import { z } from 'zod';
import { defineStorePlugin, type Fulfilment, type ImportPage, type StoreAccount } from '../plugin/store-plugin';
import type { StoreHttp } from '../http/store-http';
import { callWoo, wooUrl } from './woocommerce-api';
import { importedFromWoo, wooGmtToIso, wooOrderSchema } from './woocommerce-order';

/** Orders asked for a page at a time: the most WordPress's REST API lets `per_page` be. */
export const WOO_PAGE_SIZE = 100;
/**
 * `modified_after` is compared to the second and excludes its own instant: the next import starts this much before the
 * last order seen, so an order changed in the same second is not missed (one seen again is not imported twice).
 */
const CURSOR_OVERLAP_MS = 60_000;

const credentials = z
  .object({
    url: z
      .string({ error: 'url must be text' })
      .trim()
      .min(1, 'url is required: the address of the WooCommerce store, e.g. https://shop.example.com')
      .max(500)
      .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), 'url must be the https:// address of the WooCommerce store'),
    consumer_key: z.string({ error: 'consumer_key must be text' }).trim().regex(/^ck_[0-9a-f]{40}$/i, 'consumer_key must be the key WooCommerce made: ck_ and 40 letters and digits'),
    consumer_secret: z.string({ error: 'consumer_secret must be text' }).trim().regex(/^cs_[0-9a-f]{40}$/i, 'consumer_secret must be the secret WooCommerce made: cs_ and 40 letters and digits'),
  })
  .strict();

/** The store's address without a trailing slash, query or fragment: connecting the same store again finds its orders. */
const storeAddress = (raw: string): string => {
  const url = new URL(raw);
  return `${url.protocol}//${url.host.toLowerCase()}${url.pathname.replace(/\/+$/, '')}`;
};

const wooOrders = z.array(z.unknown());

async function* importOrders(account: StoreAccount, cursor: string | null, http: StoreHttp): AsyncIterable<ImportPage> {
  let newest = cursor === null ? 0 : Date.parse(cursor) + CURSOR_OVERLAP_MS;
  for (let page = 1; ; page++) {
    const query: Record<string, string> = { status: 'processing', per_page: String(WOO_PAGE_SIZE), page: String(page), orderby: 'date', order: 'asc', dates_are_gmt: 'true' };
    if (cursor !== null) query['modified_after'] = cursor;
    const answer = await callWoo(http, account, { method: 'GET', url: wooUrl(account.url, '/orders', query) });
    const rows = wooOrders.parse(answer.body ?? []);
    const orders = [];
    for (const [index, row] of rows.entries()) {
      const parsed = wooOrderSchema.safeParse(row);
      if (!parsed.success) throw new Error(`WooCommerce answered an order we cannot read (page ${page}, item ${index + 1}): ${parsed.error.issues[0]?.message ?? 'unknown shape'}`);
      newest = Math.max(newest, Date.parse(wooGmtToIso(parsed.data.date_modified_gmt)));
      const imported = importedFromWoo(parsed.data);
      if (imported) orders.push(imported);
    }
    const totalPages = Number(answer.headers['x-wp-totalpages'] ?? '1');
    const last = rows.length === 0 || !Number.isFinite(totalPages) || page >= totalPages;
    // The cursor moves only once every page was read: a crash half-way imports the same pages again, harmlessly.
    yield { orders, cursor: last && newest > 0 ? new Date(newest - CURSOR_OVERLAP_MS).toISOString() : null };
    if (last) return;
  }
}

/** The note the buyer is sent: the courier, the tracking number, and where to follow it. */
export const trackingNote = (fulfilment: Fulfilment): string =>
  `Your order has shipped with ${fulfilment.courier}. Tracking number: ${fulfilment.trackingNumber}${fulfilment.trackingUrl ? ` — ${fulfilment.trackingUrl}` : ''}`;

const notes = z.array(z.object({ note: z.string() }).loose());

/**
 * Tells WooCommerce the order shipped: a note to the customer (WooCommerce e-mails it) with the tracking, then the
 * order's status `completed`. Sent again after a failure, it does not add the note twice: the order's notes are read
 * first, and one already naming the tracking number stands.
 */
async function writeBack(account: StoreAccount, fulfilment: Fulfilment, http: StoreHttp): Promise<void> {
  const path = `/orders/${encodeURIComponent(fulfilment.externalId)}`;
  const existing = notes.parse((await callWoo(http, account, { method: 'GET', url: wooUrl(account.url, `${path}/notes`) })).body ?? []);
  if (!existing.some((note) => note.note.includes(fulfilment.trackingNumber))) {
    await callWoo(http, account, { method: 'POST', url: wooUrl(account.url, `${path}/notes`), body: { note: trackingNote(fulfilment), customer_note: true } });
  }
  await callWoo(http, account, { method: 'PUT', url: wooUrl(account.url, path), body: { status: 'completed' } });
}

/** The private note (not sent to the buyer) saying why the order is back to processing. */
export const voidedNote = (fulfilment: Fulfilment): string => `The ${fulfilment.courier} label ${fulfilment.trackingNumber} was voided: the order is back to processing until a new label is bought.`;

/**
 * A label written back was voided (decision 113): a private note saying so, and the order's status back to
 * `processing`, so it is to be shipped again (and imported again). Sent again after a failure, the note is not added
 * twice.
 */
async function cancelWriteBack(account: StoreAccount, fulfilment: Fulfilment, http: StoreHttp): Promise<void> {
  const path = `/orders/${encodeURIComponent(fulfilment.externalId)}`;
  const existing = notes.parse((await callWoo(http, account, { method: 'GET', url: wooUrl(account.url, `${path}/notes`) })).body ?? []);
  if (!existing.some((note) => note.note === voidedNote(fulfilment))) {
    await callWoo(http, account, { method: 'POST', url: wooUrl(account.url, `${path}/notes`), body: { note: voidedNote(fulfilment), customer_note: false } });
  }
  await callWoo(http, account, { method: 'PUT', url: wooUrl(account.url, path), body: { status: 'processing' } });
}

/** WooCommerce (REST API v3, keys ck_/cs_ over HTTPS Basic auth). */
export const wooCommercePlugin = defineStorePlugin({
  id: 'woocommerce',
  displayName: 'WooCommerce',
  credentials,
  connectFields: [
    { name: 'url', label: 'Store address', input: 'url', hint: 'The https:// address of your WooCommerce store' },
    { name: 'consumer_key', label: 'Consumer key', input: 'text', hint: 'WooCommerce → Settings → Advanced → REST API: a key with Read/Write permission (ck_…)' },
    { name: 'consumer_secret', label: 'Consumer secret', input: 'secret', hint: 'Shown with the key when it is made (cs_…)' },
  ],
  async connect(input, http) {
    const url = storeAddress(input.url);
    const account = { url, secrets: { consumer_key: input.consumer_key, consumer_secret: input.consumer_secret } };
    // One order asked for: the keys must read orders, which is all an import needs (and write-back needs write).
    await callWoo(http, account, { method: 'GET', url: wooUrl(url, '/orders', { per_page: '1' }) });
    return { ...account, name: new URL(url).host + new URL(url).pathname.replace(/\/+$/, ''), storeKey: url.toLowerCase() };
  },
  importOrders,
  writeBack,
  cancelWriteBack,
});
