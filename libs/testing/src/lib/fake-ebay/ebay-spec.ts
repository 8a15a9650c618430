import { join } from 'node:path';
import { lazySpecs } from '../fake-store/lazy-specs';

/** libs/testing/vendor/ebay, reached the same way from src/lib/fake-ebay and from the build in dist/lib/fake-ebay. */
const VENDOR = join(__dirname, '../../../vendor/ebay');

/** eBay's Fulfillment API v1.20.7 and Identity API v2.0.0 documents (vendor/ebay/README.md), with the operations the fake serves. */
export const ebaySpec = lazySpecs(
  [join(VENDOR, 'sell_fulfillment_v1_oas3.json'), join(VENDOR, 'commerce_identity_v1_oas3.json')],
  [
    ['GET', '/sell/fulfillment/v1/order'],
    ['GET', '/sell/fulfillment/v1/order/{orderId}'],
    ['GET', '/sell/fulfillment/v1/order/{orderId}/shipping_fulfillment'],
    ['POST', '/sell/fulfillment/v1/order/{orderId}/shipping_fulfillment'],
    ['GET', '/commerce/identity/v1/user/'],
  ],
);
