import { FakeEasyPostServer } from '@labeldesk/testing';
import { CarrierRateLimitedError } from '../carrier-rate-limited';
import { EasyPostCarrierAdapter } from './easypost.adapter';
import { easyPostTestShipment } from './easypost-fixtures';

let fake: FakeEasyPostServer;
let carrier: EasyPostCarrierAdapter;

beforeEach(async () => {
  fake = new FakeEasyPostServer();
  await fake.start();
  carrier = new EasyPostCarrierAdapter({ apiKey: fake.apiKey, apiUrl: fake.url, timeoutMs: 60_000 });
});

afterEach(async () => {
  await fake.stop();
});

describe('EasyPost rates turned away with 429', () => {
  it("says the rate was rate-limited, with EasyPost's Retry-After, so the guard can ask again after it", async () => {
    // The couriers the account serves are read first: the limit falls on the rating call itself.
    await carrier.rates(easyPostTestShipment());
    fake.rateLimitNext(7);

    const error = await carrier.rates(easyPostTestShipment()).catch((thrown: unknown) => thrown);

    expect(error).toBeInstanceOf(CarrierRateLimitedError);
    expect((error as CarrierRateLimitedError).retryAfterMs).toBe(7_000);
    expect((await carrier.rates(easyPostTestShipment())).length).toBeGreaterThan(0);
  });
});
