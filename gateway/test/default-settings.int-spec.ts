import { startDistributed, startEmbedded, type RunningSystem } from '@labeldesk/testing';
import { describeCountryGroupPrices } from './support/country-group-prices.suite';
import { describeCustomerReports } from './support/customer-reports.suite';
import { describeInternationalBulk } from './support/international-bulk.suite';
import { describeInternationalLabels } from './support/international-labels.suite';
import { describeMonthlyStatement } from './support/monthly-statement.suite';
import { describeOpenApiContract } from './support/openapi-contract.suite';
import { describePublicApiV1 } from './support/public-api-v1.suite';
import { describeSdkExample } from './support/sdk-example.suite';
import { sharedSystem } from './support/shared-system';
import { describeSkuCustomsApi } from './support/sku-customs-api.suite';

/**
 * Suites that need a system with no settings of its own share one per mode (a system start is most of a file's time):
 * each makes its own customers and reads only what they own; a suite that changes a default (country-group-prices'
 * Asia-Pacific tiers) puts it back, and the suites of a file run one after another. Among them issue 46's labels abroad
 * (decision 098), their prices per country group (decision 116), an API client's customs from its SKUs (decision 126)
 * and the bulk side abroad (decision 100). Embedded: PGlite behind the in-process transport; distributed: PostgreSQL,
 * NATS (under deploy/nats/nats.conf's permissions) and a process per service.
 */
const describeDefaultSettingsSuites = (mode: 'embedded' | 'distributed', system: () => RunningSystem) => {
  describeCustomerReports(mode, system);
  describeMonthlyStatement(mode, system);
  describeOpenApiContract(mode, system);
  describePublicApiV1(mode, system);
  describeSdkExample(mode, system);
  describeInternationalLabels(mode, system);
  describeCountryGroupPrices(mode, system);
  describeSkuCustomsApi(mode, system);
  describeInternationalBulk(mode, system);
};

describe('suites sharing one embedded system with default settings', () => {
  describeDefaultSettingsSuites('embedded', sharedSystem(() => startEmbedded({})));
});
describe('suites sharing one distributed system with default settings', () => {
  describeDefaultSettingsSuites('distributed', sharedSystem(() => startDistributed({})));
});
