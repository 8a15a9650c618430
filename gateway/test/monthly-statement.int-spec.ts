import { startDistributed, startEmbedded } from '@labeldesk/testing';
import { describeMonthlyStatement } from './support/monthly-statement.suite';
import { sharedSystem } from './support/shared-system';

// Embedded: PGlite behind the in-process transport; distributed: PostgreSQL, NATS (the gateway asks payments, orders
// and auth under deploy/nats/nats.conf's permissions) and a process per service.
describe('monthly statements on the embedded system', () => {
  describeMonthlyStatement('embedded', sharedSystem(() => startEmbedded({})));
});
describe('monthly statements on the distributed system', () => {
  describeMonthlyStatement('distributed', sharedSystem(() => startDistributed({})));
});
