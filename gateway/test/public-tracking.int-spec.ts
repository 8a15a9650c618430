import { startDistributed, startEmbedded } from '@labeldesk/testing';
import { describePublicTracking, PUBLIC_TRACKING_ENV } from './support/public-tracking.suite';
import { sharedSystem } from './support/shared-system';

describe('embedded', () => {
  describePublicTracking('embedded', sharedSystem(() => startEmbedded(PUBLIC_TRACKING_ENV)));
});

describe('distributed', () => {
  describePublicTracking('distributed', sharedSystem(() => startDistributed(PUBLIC_TRACKING_ENV)));
});
