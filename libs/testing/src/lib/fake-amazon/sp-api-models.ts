import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { OpenApiValidator } from '../openapi/openapi-validator';
import { openApiOfSwagger2 } from './swagger2';

/** libs/testing/vendor/amazon, reached the same way from src/lib/fake-amazon and from the build in dist/lib/fake-amazon. */
const VENDOR = join(__dirname, '../../../vendor/amazon');

/** The Selling Partner API models the fake answers by (vendor/amazon/README.md says where each comes from). */
export const SP_API_MODEL_FILES = { orders: join(VENDOR, 'ordersV0.json'), tokens: join(VENDOR, 'tokens_2021-03-01.json') } as const;

/** The operations the fake serves, each compiled when the models are loaded. */
const SERVED: ReadonlyArray<readonly [string, string]> = [
  ['GET', '/orders/v0/orders'],
  ['GET', '/orders/v0/orders/{orderId}'],
  ['GET', '/orders/v0/orders/{orderId}/orderItems'],
  ['POST', '/orders/v0/orders/{orderId}/shipmentConfirmation'],
  ['POST', '/tokens/2021-03-01/restrictedDataToken'],
];

let shared: OpenApiValidator | null = null;

/** The two models as one validator, loaded once per process. */
export const spApiModels = (): OpenApiValidator => {
  if (!shared) {
    shared = new OpenApiValidator(Object.values(SP_API_MODEL_FILES).map((file) => openApiOfSwagger2(JSON.parse(readFileSync(file, 'utf8')) as unknown)));
    for (const [method, path] of SERVED) shared.prepare(method, path.replace('{orderId}', '902-0000000-0000000'));
  }
  return shared;
};
