import { startDistributed, startEmbedded } from '@labeldesk/testing';
import { sharedSystem } from './support/shared-system';
import { describeSkuCustoms } from './support/sku-customs.suite';

// Issue 46's bulk side (decision 100), on one system per mode with default settings.
describe('SKU customs and bulk rows abroad, embedded', () => {
  const system = sharedSystem(() => startEmbedded({}));
  describeSkuCustoms('embedded', system);
});
describe('SKU customs and bulk rows abroad, distributed', () => {
  const system = sharedSystem(() => startDistributed({}));
  describeSkuCustoms('distributed', system);
});
