import { startDistributed, startEmbedded } from '@labeldesk/testing';
import { sharedSystem } from './support/shared-system';
import { describeOrderSearch } from './support/order-search.suite';

// Embedded: PGlite behind the in-process transport; distributed: PostgreSQL, NATS and a process per service.
describe('order search on the embedded system', () => {
  describeOrderSearch('embedded', sharedSystem(() => startEmbedded({})));
});
describe('order search on the distributed system', () => {
  describeOrderSearch('distributed', sharedSystem(() => startDistributed({})));
});
