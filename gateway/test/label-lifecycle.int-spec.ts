import { startDistributed, startEmbedded } from '@labeldesk/testing';
import { describeLabelLifecycle, LIFECYCLE_ENV } from './support/label-lifecycle.suite';
import { describePublicTracking, PUBLIC_TRACKING_ENV } from './support/public-tracking.suite';
import { sharedSystem } from './support/shared-system';

// The public tracking page follows labels through the same sandbox lifecycle (scans, delivery, voids), so both suites
// share one system per mode; each buys labels of its own.
const ENV = { ...LIFECYCLE_ENV, ...PUBLIC_TRACKING_ENV };

describe('embedded', () => {
  const system = sharedSystem(() => startEmbedded(ENV));
  describeLabelLifecycle('embedded', system);
  describePublicTracking('embedded', system);
});

describe('distributed', () => {
  const system = sharedSystem(() => startDistributed(ENV));
  describeLabelLifecycle('distributed', system);
  describePublicTracking('distributed', system);
});
