import type { AddressVerification, CarrierAdapter, LabelAddress } from '../carrier.port';
import { AddressVerifier } from './address-verifier';
import { TtlCache } from './ttl-cache';

const asked: LabelAddress[] = [];
let answer: AddressVerification | null = { verdict: 'ok', suggestion: null, messages: [] };
const verifying = { verifyAddress: async (address: LabelAddress) => (asked.push(address), answer) } as unknown as CarrierAdapter;
const silent = {} as CarrierAdapter;
const address = { street1: '350 Fifth Ave', street2: null, city: 'New York', state: 'NY', zip: '10118' };

beforeEach(() => {
  asked.length = 0;
  answer = { verdict: 'ok', suggestion: null, messages: [] };
});

describe('AddressVerifier', () => {
  it('asks no carrier unless ADDRESS_CHECK is carrier', async () => {
    for (const mode of ['offline', 'off'] as const) {
      expect(await new AddressVerifier({ ADDRESS_CHECK: mode }, { ordered: [verifying] }).verify(address)).toEqual({ mode, verification: null, warnings: [] });
    }
    expect(asked).toHaveLength(0);
  });

  it('asks the first carrier that verifies addresses, and answers a repeat from its cache', async () => {
    const verifier = new AddressVerifier({ ADDRESS_CHECK: 'carrier' }, { ordered: [silent, verifying] });
    expect(await verifier.verify(address)).toEqual({ mode: 'carrier', verification: answer, warnings: [] });
    expect(await verifier.verify({ ...address, street1: '350 FIFTH AVE ' })).toEqual({ mode: 'carrier', verification: answer, warnings: [] });
    expect(asked).toHaveLength(1);
  });

  it('does not cache a carrier that did not answer, so the next ask tries again', async () => {
    answer = null;
    const verifier = new AddressVerifier({ ADDRESS_CHECK: 'carrier' }, { ordered: [verifying] });
    expect(await verifier.verify(address)).toEqual({ mode: 'carrier', verification: null, warnings: [] });
    await verifier.verify(address);
    expect(asked).toHaveLength(2);
  });

  it('answers no verification when no carrier has one', async () => {
    expect(await new AddressVerifier({ ADDRESS_CHECK: 'carrier' }, { ordered: [silent] }).verify(address)).toEqual({ mode: 'carrier', verification: null, warnings: [] });
  });
});

describe('TtlCache', () => {
  it('forgets an entry after its time to live and the least recently used beyond its size', () => {
    let now = 0;
    const cache = new TtlCache<number>(2, 1000, () => now);
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1);
    cache.set('c', 3);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([1, undefined, 3]);
    now = 1000;
    expect(cache.get('a')).toBeUndefined();
  });

  it('warns of a city other than the ZIP\'s usual one in every mode but off, without asking a carrier for it', async () => {
    const elsewhere = { ...address, city: 'Seattle', state: 'WA', zip: '98004' };
    for (const mode of ['offline', 'carrier'] as const) {
      const answered = await new AddressVerifier({ ADDRESS_CHECK: mode }, { ordered: [silent] }).verify(elsewhere);
      expect(answered.warnings).toEqual(['ZIP 98004 is usually BELLEVUE, WA, not SEATTLE: check the city (USPS accepts some other names).']);
    }
    expect((await new AddressVerifier({ ADDRESS_CHECK: 'off' }, { ordered: [silent] }).verify(elsewhere)).warnings).toEqual([]);
  });
});
