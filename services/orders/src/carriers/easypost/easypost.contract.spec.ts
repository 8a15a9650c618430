import { FakeEasyPostServer } from '@labeldesk/testing';
import { describeCarrierContract } from '../testing/carrier-contract.suite';
import { EasyPostCarrierAdapter } from './easypost.adapter';
import { easyPostTestShipment, easyPostUndeliverableShipment } from './easypost-fixtures';

/** Where the fake's answers departed from EasyPost's recorded bodies, over every case of the contract. */
const violations: string[] = [];

describeCarrierContract('EasyPost', async () => {
  // Every buy answers a PNG only, as every recorded buy did: each label asked for is converted.
  const fake = new FakeEasyPostServer({ pngLabelsOnly: true });
  await fake.start();
  return {
    carrier: new EasyPostCarrierAdapter({ apiKey: fake.apiKey, apiUrl: fake.url, timeoutMs: 60_000 }),
    impatientCarrier: new EasyPostCarrierAdapter({ apiKey: fake.apiKey, apiUrl: fake.url, timeoutMs: 500 }),
    faults: fake,
    shipment: easyPostTestShipment(),
    refusedShipment: easyPostUndeliverableShipment(),
    close: async () => {
      violations.push(...fake.shapeViolations());
      await fake.stop();
    },
  };
}, { scanForms: true });

describe('EasyPost carrier contract, against the recordings', () => {
  it("got from the fake only answers shaped as EasyPost's recorded ones", () => {
    expect(violations).toEqual([]);
  });
});
