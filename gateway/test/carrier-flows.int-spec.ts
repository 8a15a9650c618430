import { startDistributed, startEmbedded, type RunningSystem } from '@labeldesk/testing';
import { startCarrierFakes, type CarrierFakes } from './support/carrier-fakes';
import { startCarrierRigs, type CarrierRig } from './support/carrier-rig';
import { describeEasyPostFlows } from './support/easypost-flows.suite';
import { describeUspsFlows } from './support/usps-flows.suite';

/**
 * Issue 42's "done means": every flow a seller has with USPS and with EasyPost, end to end through the REST API in
 * both modes, against the carriers' fakes. A system's address check asks its first carrier, so each mode runs two
 * systems, one per carrier (`CARRIERS=usps`, `CARRIERS=easypost`), started side by side against one pair of fakes.
 */
const describeCarrierFlows = (mode: string, start: (env: NodeJS.ProcessEnv) => Promise<RunningSystem>): void => {
  let fakes: CarrierFakes | undefined;
  let rigs: { usps: CarrierRig; easyPost: CarrierRig } | undefined;

  beforeAll(async () => {
    fakes = await startCarrierFakes();
    rigs = await startCarrierRigs(fakes, start);
  }, 180_000);

  afterAll(async () => {
    await Promise.all([rigs?.usps.system.stop(), rigs?.easyPost.system.stop()]);
    await fakes?.stop();
  }, 60_000);

  const running = (pick: (started: { usps: CarrierRig; easyPost: CarrierRig }) => CarrierRig) => (): CarrierRig => {
    if (!rigs) throw new Error(`the ${mode} systems are not running: they failed to start`);
    return pick(rigs);
  };
  describeUspsFlows(mode, running((started) => started.usps));
  describeEasyPostFlows(mode, running((started) => started.easyPost));
};

describe('embedded', () => {
  describeCarrierFlows('embedded', (env) => startEmbedded(env));
});

describe('distributed', () => {
  describeCarrierFlows('distributed', (env) => startDistributed(env));
});
