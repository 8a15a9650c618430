import { startDistributed, startEmbedded } from '@labeldesk/testing';
import { sharedSystem } from './support/shared-system';
import { describeCustomerReports } from './support/customer-reports.suite';

// Embedded: PGlite behind the in-process transport; distributed: PostgreSQL, NATS and a process per service.
describe('customer reports on the embedded system', () => {
  describeCustomerReports('embedded', sharedSystem(() => startEmbedded({})));
});
describe('customer reports on the distributed system', () => {
  describeCustomerReports('distributed', sharedSystem(() => startDistributed({})));
});
