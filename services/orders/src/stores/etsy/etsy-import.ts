import { z } from 'zod';
import type { StoreHttp } from '../http/store-http';
import type { ImportPage, StoreAccount } from '../plugin/store-plugin';
import { callEtsy, etsyUrl } from './etsy-api';
import { etsyReceiptSchema, importedFromEtsy } from './etsy-receipt';
import type { EtsySettings } from './etsy-settings';

/** Receipts asked for a page at a time: the most getShopReceipts' `limit` allows. */
export const ETSY_PAGE_SIZE = 100;
/** `min_last_modified` is to the second: the next import starts this long before the newest receipt seen. */
const CURSOR_OVERLAP_MS = 60_000;

const pageSchema = z.object({ count: z.number().int().default(0), results: z.array(z.unknown()).default([]) });

/**
 * getShopReceipts for the shop's paid, unshipped receipts changed since the cursor (`min_last_modified`, unix seconds),
 * oldest first, `limit` 100 and `offset` paged until `count` is read; each page imported as it is read, the cursor
 * moved only once every page was read (the newest `updated_timestamp` seen, less a minute).
 */
export async function* importEtsyReceipts(account: StoreAccount, cursor: string | null, http: StoreHttp, settings: EtsySettings): AsyncIterable<ImportPage> {
  const shopId = account.secrets['shop_id'] ?? '';
  let newest = cursor === null ? 0 : Date.parse(cursor) + CURSOR_OVERLAP_MS;
  for (let offset = 0; ; offset += ETSY_PAGE_SIZE) {
    const query: Record<string, string> = { was_paid: 'true', was_shipped: 'false', sort_on: 'created', sort_order: 'asc', limit: String(ETSY_PAGE_SIZE), offset: String(offset) };
    if (cursor !== null) query['min_last_modified'] = String(Math.floor(Date.parse(cursor) / 1000));
    const answer = await callEtsy(http, account, settings, { method: 'GET', url: etsyUrl(account, `/shops/${encodeURIComponent(shopId)}/receipts`, query) });
    const page = pageSchema.parse(answer.body ?? {});
    const orders = [];
    for (const [index, row] of page.results.entries()) {
      const parsed = etsyReceiptSchema.safeParse(row);
      if (!parsed.success) throw new Error(`Etsy answered a receipt we cannot read (offset ${offset + index}): ${parsed.error.issues[0]?.message ?? 'unknown shape'}`);
      newest = Math.max(newest, parsed.data.updated_timestamp * 1000);
      const imported = importedFromEtsy(parsed.data);
      if (imported) orders.push(imported);
    }
    const last = page.results.length === 0 || offset + ETSY_PAGE_SIZE >= page.count;
    yield { orders, cursor: last && newest > 0 ? new Date(newest - CURSOR_OVERLAP_MS).toISOString() : null };
    if (last) return;
  }
}
