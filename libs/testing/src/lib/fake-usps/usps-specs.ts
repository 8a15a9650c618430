import { join } from 'node:path';
import { OpenApiValidator } from '../openapi/openapi-validator';

/** libs/testing/vendor/usps, reached the same way from src/lib/fake-usps and from the build in dist/lib/fake-usps. */
const VENDOR = join(__dirname, '../../../vendor/usps');

/** The USPS OpenAPI specs the fake answers by (vendor/usps/README.md says where each comes from). */
export const USPS_SPEC_FILES = {
  labels: join(VENDOR, 'domestic-labels.yaml'),
  payments: join(VENDOR, 'payments.yaml'),
  addresses: join(VENDOR, 'addresses.yaml'),
  tracking: join(VENDOR, 'tracking.yaml'),
  scanForms: join(VENDOR, 'scan-forms.yaml'),
  internationalLabels: join(VENDOR, 'international-labels.yaml'),
  prices: join(VENDOR, 'domestic-prices.yaml'),
  internationalPrices: join(VENDOR, 'international-prices.yaml'),
} as const;

/** The operations the fake serves, each compiled when the specs are loaded. */
const SERVED: ReadonlyArray<readonly [string, string]> = [
  ['POST', '/payments/v3/payment-authorization'],
  ['POST', '/labels/v3/label'],
  ['POST', '/labels/v3/return-label'],
  ['DELETE', '/labels/v3/label/{trackingNumber}'],
  ['GET', '/tracking/v3/tracking/{trackingNumber}'],
  ['GET', '/addresses/v3/address'],
  ['POST', '/scan-forms/v3/scan-form'],
  ['POST', '/international-labels/v3/international-label'],
  ['DELETE', '/international-labels/v3/international-label/{trackingNumber}'],
  ['POST', '/prices/v3/base-rates/search'],
  ['POST', '/international-prices/v3/base-rates/search'],
];

let shared: OpenApiValidator | null = null;

/** The eight specs, loaded once per process: parsing the Labels YAML (300 kB) and compiling its schemas take seconds. */
export const uspsSpecs = (): OpenApiValidator => {
  if (!shared) {
    shared = new OpenApiValidator(Object.values(USPS_SPEC_FILES));
    for (const [method, path] of SERVED) shared.prepare(method, path);
  }
  return shared;
};
