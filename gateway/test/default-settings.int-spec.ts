import { startDistributed, startEmbedded } from '@labeldesk/testing';
import { describeCustomerReports } from './support/customer-reports.suite';
import { describeMonthlyStatement } from './support/monthly-statement.suite';
import { describeOpenApiContract } from './support/openapi-contract.suite';
import { describePublicApiV1 } from './support/public-api-v1.suite';
import { describeSdkExample } from './support/sdk-example.suite';
import { sharedSystem } from './support/shared-system';

// Suites that need a system with no settings of its own share one per mode (a system start is most of a file's time):
// each makes its own customers and reads only what they own. Embedded: PGlite behind the in-process transport;
// distributed: PostgreSQL, NATS (under deploy/nats/nats.conf's permissions) and a process per service.
describe('suites sharing one embedded system with default settings', () => {
  const system = sharedSystem(() => startEmbedded({}));
  describeCustomerReports('embedded', system);
  describeMonthlyStatement('embedded', system);
  describeOpenApiContract('embedded', system);
  describePublicApiV1('embedded', system);
  describeSdkExample('embedded', system);
});
describe('suites sharing one distributed system with default settings', () => {
  const system = sharedSystem(() => startDistributed({}));
  describeCustomerReports('distributed', system);
  describeMonthlyStatement('distributed', system);
  describeOpenApiContract('distributed', system);
  describePublicApiV1('distributed', system);
  describeSdkExample('distributed', system);
});
