import { startDistributed, startEmbedded } from '@labeldesk/testing';
import { describeLabelLifecycle, LIFECYCLE_ENV } from './support/label-lifecycle.suite';
import { sharedSystem } from './support/shared-system';

describe('embedded', () => {
  describeLabelLifecycle('embedded', sharedSystem(() => startEmbedded(LIFECYCLE_ENV)));
});

describe('distributed', () => {
  describeLabelLifecycle('distributed', sharedSystem(() => startDistributed(LIFECYCLE_ENV)));
});
