import { FakeEasyPostServer } from '@labeldesk/testing';
import { describeCarrierContract } from '../testing/carrier-contract.suite';
import { EasyPostCarrierAdapter } from './easypost.adapter';
import { easyPostTestShipment, easyPostUndeliverableShipment } from './easypost-fixtures';

describeCarrierContract('EasyPost', async () => {
  const fake = new FakeEasyPostServer();
  await fake.start();
  return {
    // A short time-out: the hung-step case waits for it.
    carrier: new EasyPostCarrierAdapter({ apiKey: fake.apiKey, apiUrl: fake.url, timeoutMs: 1000 }),
    faults: fake,
    shipment: easyPostTestShipment(),
    refusedShipment: easyPostUndeliverableShipment(),
    close: () => fake.stop(),
  };
}, { scanForms: true });
