import { startDistributed, startEmbedded, type DistributedSystem, type RunningSystem } from '@labeldesk/testing';
import { describeCountryGroupPrices } from './support/country-group-prices.suite';
import { describeCustomerReports } from './support/customer-reports.suite';
import { describeInternationalBulk } from './support/international-bulk.suite';
import { describeInternationalLabels } from './support/international-labels.suite';
import { describeMonthlyStatement } from './support/monthly-statement.suite';
import { describeOpenApiContract } from './support/openapi-contract.suite';
import { describePublicApiV1 } from './support/public-api-v1.suite';
import { describeScanForms, SCAN_FORM_ENV } from './support/scan-forms.suite';
import { describeUnconfirmedScanForms } from './support/scan-forms-unconfirmed.suite';
import { describeSdkExample } from './support/sdk-example.suite';
import { sharedSystem } from './support/shared-system';
import { describeSkuCustomsApi } from './support/sku-customs-api.suite';

/**
 * Suites that need no settings of their own (but the sandbox's below) share one system per mode (a system start is most
 * of a file's time): each makes its own customers and reads only what they own; a suite that changes a default
 * (country-group-prices' Asia-Pacific tiers) puts it back, and the suites of a file run one after another. Among them
 * issue 46's labels abroad (decision 098), their prices per country group (decision 116), an API client's customs from
 * its SKUs (decision 126), the bulk side abroad (decision 100) and SCAN forms. Embedded: PGlite behind the in-process transport; distributed: PostgreSQL,
 * NATS (under deploy/nats/nats.conf's permissions) and a process per service.
 *
 * The sandbox is set as SCAN forms need it (SCAN_FORM_ENV: no label scanned, its own manifest an hour after a purchase,
 * so that a form is a label's only manifest). The other suites see no difference within their minutes: by default the
 * sandbox's first scan is six hours after a purchase and its manifest at 12:30am Central the next day, and their voids
 * take either answer. A suite that needs the defaults themselves does not belong here.
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
  describeScanForms(mode, system);
};

describe('suites sharing one embedded system with default settings', () => {
  describeDefaultSettingsSuites('embedded', sharedSystem(() => startEmbedded(SCAN_FORM_ENV)));
});
describe('suites sharing one distributed system with default settings', () => {
  const system = sharedSystem<DistributedSystem>(() => startDistributed(SCAN_FORM_ENV));
  describeDefaultSettingsSuites('distributed', system);
  // Distributed only: the test writes a crashed request's leftovers straight into PostgreSQL.
  describeUnconfirmedScanForms(system);
});
