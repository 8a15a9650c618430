import { startDistributed, startEmbedded } from '@labeldesk/testing';
import { describeCountryGroupPrices } from './support/country-group-prices.suite';
import { describeInternationalLabels } from './support/international-labels.suite';
import { sharedSystem } from './support/shared-system';
import { describeSkuCustomsApi } from './support/sku-customs-api.suite';

// Issue 46's labels abroad (decision 098), their prices per country group (decision 116) and an API client's customs
// from its SKUs (decision 126) on the sandbox, on one system per mode with default settings.
describe('labels abroad, embedded', () => {
  const running = sharedSystem(() => startEmbedded({}));
  describeInternationalLabels('embedded', running);
  describeCountryGroupPrices('embedded', running);
  describeSkuCustomsApi('embedded', running);
});
describe('labels abroad, distributed', () => {
  const running = sharedSystem(() => startDistributed({}));
  describeInternationalLabels('distributed', running);
  describeCountryGroupPrices('distributed', running);
  describeSkuCustomsApi('distributed', running);
});
