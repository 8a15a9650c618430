import { startDistributed, startEmbedded, startHookTimeout, type DistributedSystem, type RunningSystem } from '@labeldesk/testing';
import { describeReturnLabels, RETURN_LABELS_ENV } from './support/return-labels.suite';

describe('embedded', () => {
  let system: RunningSystem;
  beforeAll(async () => {
    system = await startEmbedded(RETURN_LABELS_ENV);
  }, startHookTimeout());
  afterAll(async () => {
    await system?.stop();
  });
  describeReturnLabels('embedded', () => system);
});

describe('distributed', () => {
  let system: DistributedSystem;
  beforeAll(async () => {
    system = await startDistributed(RETURN_LABELS_ENV);
  }, startHookTimeout());
  afterAll(async () => {
    await system?.stop();
  });
  describeReturnLabels('distributed', () => system, () => system);
});
