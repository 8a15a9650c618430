import { FAKE_USPS_ACCOUNT, FakeEasyPostServer, FakeUspsServer, uspsSpecs } from '@labeldesk/testing';
import type { LabelAddress } from '../carrier.port';
import { EasyPostCarrierAdapter } from '../easypost/easypost.adapter';
import { sandboxAddressVerification } from '../sandbox/sandbox-address';
import { UspsCarrierAdapter } from '../usps/usps.adapter';

const address = (change: Partial<LabelAddress> = {}): LabelAddress => ({
  name: 'Jane Doe',
  company: null,
  phone: null,
  street1: '350 Fifth Ave.',
  street2: null,
  city: 'New York',
  state: 'NY',
  zip: '10118',
  country: 'US',
  ...change,
});

describe('EasyPost address verification (POST /v2/addresses, verify)', () => {
  let fake: FakeEasyPostServer;
  let carrier: EasyPostCarrierAdapter;
  beforeEach(async () => {
    fake = new FakeEasyPostServer();
    await fake.start();
    // No case waits for a time-out ('does not answer' is a refused connection): a real answer is never timed out.
    carrier = new EasyPostCarrierAdapter({ apiKey: fake.apiKey, apiUrl: fake.url, timeoutMs: 60_000 });
  });
  afterEach(async () => {
    await fake.up();
    await fake.stop();
  });

  it('suggests the standardized address with its ZIP+4, keeping the name', async () => {
    expect(await carrier.verifyAddress(address())).toEqual({
      verdict: 'suggestion',
      suggestion: address({ street1: '350 FIFTH AVE', city: 'NEW YORK', zip: '10118-0001' }),
      messages: [],
    });
    expect(fake.requests).toContainEqual({ method: 'POST', path: '/v2/addresses' });
  });

  it('answers ok for an address already in its standardized form', async () => {
    expect(await carrier.verifyAddress(address({ street1: '350 FIFTH AVE', city: 'NEW YORK', zip: '10118-0001' }))).toEqual({ verdict: 'ok', suggestion: null, messages: [] });
  });

  it('reads a failed delivery verification as undeliverable, in EasyPost words', async () => {
    expect(await carrier.verifyAddress(address({ street1: 'Fifth Avenue' }))).toEqual({ verdict: 'undeliverable', suggestion: null, messages: ['Address not found'] });
  });

  it('answers null when EasyPost does not answer', async () => {
    fake.down();
    expect(await carrier.verifyAddress(address())).toBeNull();
  });
});

describe('USPS address verification (Addresses v3)', () => {
  let fake: FakeUspsServer;
  let carrier: UspsCarrierAdapter;
  // The fake checks every call against USPS's specs: parsed once here, not inside a test's 5 s on a busy machine.
  beforeAll(() => void uspsSpecs(), 60_000);
  beforeEach(async () => {
    fake = new FakeUspsServer();
    await fake.start();
    carrier = new UspsCarrierAdapter({ apiUrl: fake.url, ...FAKE_USPS_ACCOUNT, timeoutMs: 60_000, shipperOf: () => ({ platformUserId: 'u', email: 'ada@example.com', phone: '6145550142' }) });
  });
  afterEach(async () => {
    fake.up();
    await fake.stop();
  });

  it('asks GET /addresses/v3/address with the bearer token only and suggests USPS form with ZIPPlus4', async () => {
    expect(await carrier.verifyAddress(address())).toEqual({
      verdict: 'suggestion',
      suggestion: address({ street1: '350 FIFTH AVE', city: 'NEW YORK', zip: '10118-0001' }),
      messages: [],
    });
    const asked = fake.requests.find((request) => request.path === '/addresses/v3/address');
    expect(asked?.headers['x-payment-authorization-token']).toBeUndefined();
  });

  it('sends a given ZIP+4 apart and answers ok when nothing changes', async () => {
    expect(await carrier.verifyAddress(address({ street1: '350 FIFTH AVE', city: 'NEW YORK', zip: '10118-0110' }))).toEqual({ verdict: 'ok', suggestion: null, messages: [] });
  });

  it('passes on correction 32 (secondary missing) with the suggestion', async () => {
    const verification = await carrier.verifyAddress(address({ street1: '350 FIFTH AVE APT' }));
    expect(verification?.verdict).toBe('suggestion');
    expect(verification?.messages[0]).toMatch(/more information is needed/);
  });

  it('reads a 404 as undeliverable in USPS words', async () => {
    expect(await carrier.verifyAddress(address({ street1: 'Fifth Avenue' }))).toEqual({ verdict: 'undeliverable', suggestion: null, messages: ['There is no match for the address requested.'] });
  });

  it('answers null when USPS does not answer', async () => {
    fake.down();
    expect(await carrier.verifyAddress(address())).toBeNull();
  });
});

describe('the sandbox address verification', () => {
  it('suggests capitals without punctuation and a ZIP+4 that is the same every time', () => {
    const first = sandboxAddressVerification(address({ street2: 'apt 4' }));
    expect(first.verdict).toBe('suggestion');
    expect(first.suggestion).toMatchObject({ street1: '350 FIFTH AVE', street2: 'APT 4', city: 'NEW YORK', state: 'NY' });
    expect(first.suggestion?.zip).toMatch(/^10118-\d{4}$/);
    expect(sandboxAddressVerification(address({ street2: 'apt 4' }))).toEqual(first);
  });

  it('answers ok once its suggestion is accepted', () => {
    const { suggestion } = sandboxAddressVerification(address());
    expect(suggestion).not.toBeNull();
    expect(sandboxAddressVerification(suggestion ?? address())).toEqual({ verdict: 'ok', suggestion: null, messages: [] });
  });

  it('finds no street without a house number', () => {
    expect(sandboxAddressVerification(address({ street1: 'Fifth Avenue' })).verdict).toBe('undeliverable');
  });
});
