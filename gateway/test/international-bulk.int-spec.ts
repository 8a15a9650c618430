import { startDistributed, startEmbedded } from '@labeldesk/testing';
import { describeInternationalBulk } from './support/international-bulk.suite';
import { sharedSystem } from './support/shared-system';

// Issue 46's bulk side (decision 100), on one system per mode with default settings.
describe('SKU customs and bulk rows abroad, embedded', () => {
  const system = sharedSystem(() => startEmbedded({}));
  describeInternationalBulk('embedded', system);
});
describe('SKU customs and bulk rows abroad, distributed', () => {
  const system = sharedSystem(() => startDistributed({}));
  describeInternationalBulk('distributed', system);
});
