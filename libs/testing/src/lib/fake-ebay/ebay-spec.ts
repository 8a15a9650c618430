import { join } from 'node:path';
import { OpenApiValidator } from '../openapi/openapi-validator';

/** libs/testing/vendor/ebay, reached the same way from src/lib/fake-ebay and from the build in dist/lib/fake-ebay. */
const VENDOR = join(__dirname, '../../../vendor/ebay');
const SPECS = [join(VENDOR, 'sell_fulfillment_v1_oas3.json'), join(VENDOR, 'commerce_identity_v1_oas3.json')];

/** The operations the fake serves, compiled when the document is loaded. */
const SERVED: ReadonlyArray<readonly [string, string]> = [
  ['GET', '/sell/fulfillment/v1/order'],
  ['GET', '/sell/fulfillment/v1/order/{orderId}'],
  ['GET', '/sell/fulfillment/v1/order/{orderId}/shipping_fulfillment'],
  ['POST', '/sell/fulfillment/v1/order/{orderId}/shipping_fulfillment'],
  ['GET', '/commerce/identity/v1/user/'],
];

let shared: OpenApiValidator | null = null;

/** eBay's Fulfillment API v1.20.7 and Identity API v2.0.0 documents (vendor/ebay/README.md), loaded once per process. */
export const ebaySpec = (): OpenApiValidator => {
  if (!shared) {
    shared = new OpenApiValidator(SPECS);
    for (const [method, path] of SERVED) shared.prepare(method, path);
  }
  return shared;
};
