import { join } from 'node:path';
import { lazySpecs } from '../fake-store/lazy-specs';

/** Etsy's Open API v3 document (vendor/etsy/README.md), reached the same way from src/lib/fake-etsy and from the build. */
export const etsySpec = lazySpecs(
  [join(__dirname, '../../../vendor/etsy/open-api-v3.json')],
  // The operations the fake serves, of the document's some 80.
  [
    ['GET', '/v3/application/users/me'],
    ['GET', '/v3/application/shops/{shop_id}'],
    ['GET', '/v3/application/shops/{shop_id}/receipts'],
    ['GET', '/v3/application/shops/{shop_id}/receipts/{receipt_id}'],
    ['POST', '/v3/application/shops/{shop_id}/receipts/{receipt_id}/tracking'],
  ],
  // Etsy names a format of its own for country codes (Shop's shipping_from_country_iso): read, not checked.
  ['ISO 3166-1 alpha-2'],
);
