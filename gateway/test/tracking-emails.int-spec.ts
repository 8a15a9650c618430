import { startDistributed, startEmbedded } from '@labeldesk/testing';
import { sharedSystem } from './support/shared-system';
import { describeTrackingEmails, startTrackingEmailsWorld, type TrackingEmailsWorld } from './support/tracking-emails.suite';

let world: TrackingEmailsWorld;

beforeAll(async () => {
  world = await startTrackingEmailsWorld();
});

afterAll(async () => {
  await world?.mail.stop();
  await world?.fakes.stop();
});

describe('embedded', () => {
  describeTrackingEmails('embedded', () => world, sharedSystem(() => startEmbedded(world.env)));
});

describe('distributed, two orders processes', () => {
  describeTrackingEmails('distributed', () => world, sharedSystem(() => startDistributed(world.env, { ordersReplicas: 2 })));
});
