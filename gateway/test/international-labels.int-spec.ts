import { startDistributed, startEmbedded } from '@labeldesk/testing';
import { describeInternationalLabels } from './support/international-labels.suite';
import { sharedSystem } from './support/shared-system';

// Issue 46's labels abroad (decision 098) on the sandbox, on one system per mode with default settings.
describe('labels abroad, embedded', () => {
  describeInternationalLabels('embedded', sharedSystem(() => startEmbedded({})));
});
describe('labels abroad, distributed', () => {
  describeInternationalLabels('distributed', sharedSystem(() => startDistributed({})));
});
