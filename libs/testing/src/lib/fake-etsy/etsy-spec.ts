import { join } from 'node:path';
import { OpenApiValidator } from '../openapi/openapi-validator';

/** libs/testing/vendor/etsy, reached the same way from src/lib/fake-etsy and from the build in dist/lib/fake-etsy. */
const SPEC = join(__dirname, '../../../vendor/etsy/open-api-v3.json');

/** The operations the fake serves, compiled when the document is loaded (the document has some 80 more). */
const SERVED: ReadonlyArray<readonly [string, string]> = [
  ['GET', '/v3/application/users/me'],
  ['GET', '/v3/application/shops/{shop_id}'],
  ['GET', '/v3/application/shops/{shop_id}/receipts'],
  ['GET', '/v3/application/shops/{shop_id}/receipts/{receipt_id}'],
  ['POST', '/v3/application/shops/{shop_id}/receipts/{receipt_id}/tracking'],
];

let shared: OpenApiValidator | null = null;

/** Etsy's Open API v3 document (vendor/etsy/README.md), loaded once per process. */
export const etsySpec = (): OpenApiValidator => {
  if (!shared) {
    // Etsy names a format of its own for country codes (Shop's shipping_from_country_iso): read, not checked.
    shared = new OpenApiValidator([SPEC], { uncheckedFormats: ['ISO 3166-1 alpha-2'] });
    for (const [method, path] of SERVED) shared.prepare(method, path);
  }
  return shared;
};
