import { startDistributed, startEmbedded, startHookTimeout, type RunningSystem } from '@labeldesk/testing';
import { startCarrierFakes, type CarrierFakes } from './support/carrier-fakes';
import { startOneAfterTheOther, stopStarted, type CarrierRig } from './support/carrier-rig';
import { describeBulkRateRules } from './support/bulk-rate-rules.suite';
import { describeCarriersAbroad } from './support/carriers-abroad.suite';
import { describeCourierFlows, FAKE_EASYPOST_COURIERS } from './support/courier-flows.suite';
import { describeEasyPostFlows } from './support/easypost-flows.suite';
import { describeEasyPostExtras } from './support/easypost-extras.suite';
import { describePricingModes } from './support/pricing-modes.suite';
import { describeUspsFlows } from './support/usps-flows.suite';
import { describeUspsPrices } from './support/usps-prices.suite';
import { describeUspsReturns } from './support/usps-returns.suite';

/**
 * Issue 42's "done means": every flow a seller has with USPS and with EasyPost, end to end through the REST API in
 * both modes, against the carriers' fakes; and issue 45's: rates compared and UPS and FedEx labels through EasyPost's
 * carrier accounts. A system's address check asks its first carrier, so each mode runs two
 * systems, one per carrier (`CARRIERS=usps`, `CARRIERS=easypost`), against one pair of fakes: the EasyPost one
 * starts while the USPS flows run.
 */
const describeCarrierFlows = (mode: string, start: (env: NodeJS.ProcessEnv) => Promise<RunningSystem>): void => {
  let fakes: CarrierFakes | undefined;
  let rigs: { usps: Promise<CarrierRig>; easyPost: Promise<CarrierRig> } | undefined;

  beforeAll(async () => {
    // EasyPost answers every buy as in its recordings: a PNG label, whatever format was asked, and the PDF or the ZPL
    // from its label conversion.
    fakes = await startCarrierFakes({ pngLabelsOnly: true, carriers: FAKE_EASYPOST_COURIERS });
    rigs = startOneAfterTheOther(fakes, start);
  }, 60_000);

  // A system still starting (its flows gave up waiting) is waited for, then stopped.
  afterAll(async () => {
    await stopStarted([rigs?.usps, rigs?.easyPost]);
    await fakes?.stop();
  }, startHookTimeout(2));

  const started = (pick: (both: NonNullable<typeof rigs>) => Promise<CarrierRig>) => () => (rigs ? pick(rigs) : Promise.reject(new Error('the carriers\' fakes did not start')));
  describeUspsFlows(mode, started((both) => both.usps));
  describeUspsPrices(mode, started((both) => both.usps));
  describeUspsReturns(mode, started((both) => both.usps));
  describeEasyPostFlows(mode, started((both) => both.easyPost));
  describeEasyPostExtras(mode, started((both) => both.easyPost));
  describeCourierFlows(mode, started((both) => both.easyPost));
  describeBulkRateRules(mode, started((both) => both.easyPost));
  describePricingModes(mode, started((both) => both.easyPost));
  describeCarriersAbroad(mode, started((both) => both.easyPost), started((both) => both.usps));
};

describe('embedded', () => {
  describeCarrierFlows('embedded', (env) => startEmbedded(env));
});

describe('distributed', () => {
  describeCarrierFlows('distributed', (env) => startDistributed(env));
});
