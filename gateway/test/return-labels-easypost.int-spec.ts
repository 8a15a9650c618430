import { startDistributed, startEmbedded } from '@labeldesk/testing';
import { carrierEnvOf, startCarrierFakes, type CarrierFakes } from './support/carrier-fakes';
import { describeEasyPostReturns } from './support/easypost-returns.suite';
import { sharedSystem } from './support/shared-system';

let fakes: CarrierFakes;

beforeAll(async () => {
  fakes = await startCarrierFakes();
});

afterAll(async () => {
  await fakes?.stop();
});

describe('embedded', () => {
  describeEasyPostReturns('embedded', sharedSystem(() => startEmbedded(carrierEnvOf(fakes, 'easypost'))), () => fakes);
});

describe('distributed', () => {
  describeEasyPostReturns('distributed', sharedSystem(() => startDistributed(carrierEnvOf(fakes, 'easypost'))), () => fakes);
});
