import { startDistributed, startEmbedded } from '@labeldesk/testing';
import { describeCountryGroupPrices } from './support/country-group-prices.suite';
import { describeInternationalLabels } from './support/international-labels.suite';
import { sharedSystem } from './support/shared-system';

// Issue 46's labels abroad (decision 098) and their prices per country group (decision 116) on the sandbox, on one
// system per mode with default settings.
describe('labels abroad, embedded', () => {
  const running = sharedSystem(() => startEmbedded({}));
  describeInternationalLabels('embedded', running);
  describeCountryGroupPrices('embedded', running);
});
describe('labels abroad, distributed', () => {
  const running = sharedSystem(() => startDistributed({}));
  describeInternationalLabels('distributed', running);
  describeCountryGroupPrices('distributed', running);
});
