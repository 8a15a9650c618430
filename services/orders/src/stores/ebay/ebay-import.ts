import { z } from 'zod';
import type { StoreHttp } from '../http/store-http';
import type { ImportPage, StoreAccount } from '../plugin/store-plugin';
import { callEbay, ebayUrl } from './ebay-api';
import { ebayOrderSchema, importedFromEbay } from './ebay-order';

/** Orders asked for a page at a time: the most getOrders' `limit` allows. */
export const EBAY_PAGE_SIZE = 200;
/**
 * The next import asks for orders modified from this long before the newest one seen: an order changed while a page
 * was read is not missed (one seen again is not imported twice).
 */
const CURSOR_OVERLAP_MS = 60_000;
/** Orders that still have something to ship: none shipped yet, or some line items shipped (getOrders' `filter`). */
const AWAITING = 'orderfulfillmentstatus:{NOT_STARTED|IN_PROGRESS}';

const pageSchema = z.object({ total: z.number().int().default(0), next: z.string().optional(), orders: z.array(z.unknown()).default([]) });

/**
 * getOrders (`GET /sell/fulfillment/v1/order`) for the orders awaiting shipment modified since the cursor, `limit` 200
 * and `offset` paged until `total` is read; each page is imported as it is read, and the cursor moves only once every
 * page was read (the newest `lastModifiedDate` seen, less a minute). eBay percent-encodes the filter's brackets and
 * braces itself as URLSearchParams does.
 */
export async function* importEbayOrders(account: StoreAccount, cursor: string | null, http: StoreHttp): AsyncIterable<ImportPage> {
  const filter = cursor === null ? AWAITING : `${AWAITING},lastmodifieddate:[${cursor}..]`;
  let newest = cursor === null ? 0 : Date.parse(cursor) + CURSOR_OVERLAP_MS;
  for (let offset = 0; ; offset += EBAY_PAGE_SIZE) {
    const answer = await callEbay(http, account, { method: 'GET', url: ebayUrl(account, '/sell/fulfillment/v1/order', { filter, limit: String(EBAY_PAGE_SIZE), offset: String(offset) }) });
    const page = pageSchema.parse(answer.body ?? {});
    const orders = [];
    for (const [index, row] of page.orders.entries()) {
      const parsed = ebayOrderSchema.safeParse(row);
      if (!parsed.success) throw new Error(`eBay answered an order we cannot read (offset ${offset + index}): ${parsed.error.issues[0]?.message ?? 'unknown shape'}`);
      newest = Math.max(newest, Date.parse(parsed.data.lastModifiedDate));
      const imported = importedFromEbay(parsed.data);
      if (imported) orders.push(imported);
    }
    const last = page.orders.length === 0 || offset + EBAY_PAGE_SIZE >= page.total;
    yield { orders, cursor: last && newest > 0 ? new Date(Math.min(newest - CURSOR_OVERLAP_MS, Date.now())).toISOString() : null };
    if (last) return;
  }
}
