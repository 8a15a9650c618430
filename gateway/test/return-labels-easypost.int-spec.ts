import { fakeCarrierAccountOf, startDistributed, startEmbedded, type DistributedSystem } from '@labeldesk/testing';
import { carrierEnvOf, startCarrierFakes, type CarrierFakes } from './support/carrier-fakes';
import { describeEasyPostReturns } from './support/easypost-returns.suite';
import { sharedSystem } from './support/shared-system';

let fakes: CarrierFakes;

beforeAll(async () => {
  // Two carrier accounts of the API key (USPS and UPS), both configured: a return is bought on its label's alone.
  fakes = await startCarrierFakes({ carriers: ['USPS', 'UPS'] });
});

afterAll(async () => {
  await fakes?.stop();
});

/** EasyPost with both accounts configured; voided returns' refunds asked about every second (decision 125). */
const env = (): NodeJS.ProcessEnv => ({
  ...carrierEnvOf(fakes, 'easypost'),
  EASYPOST_CARRIER_ACCOUNTS: [fakeCarrierAccountOf('USPS').id, fakeCarrierAccountOf('UPS').id].join(','),
  RETURN_SCAN_POLL_SECONDS: '1',
});

describe('embedded', () => {
  describeEasyPostReturns('embedded', sharedSystem(() => startEmbedded(env())), () => fakes);
});

describe('distributed', () => {
  const running = sharedSystem<DistributedSystem>(() => startDistributed(env()));
  describeEasyPostReturns('distributed', running, () => fakes, running);
});
