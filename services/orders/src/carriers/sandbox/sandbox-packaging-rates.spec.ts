import { cheaperPackagingRates } from './sandbox-packaging-rates';
import { uspsFlatPostageCents } from './sandbox-rates';

const smallHeavyParcel = { fromZip: '10001', toZip: '90001', lengthIn: 8, widthIn: 6, heightIn: 3, weightLb: 15 };

describe('cheaperPackagingRates', () => {
  it('finds Cubic and the Flat Rate boxes a small heavy Priority Mail parcel fits, each under its own box by weight, cheapest first', () => {
    const ownBoxCents = uspsFlatPostageCents('usps_priority', smallHeavyParcel.weightLb)!;
    const options = cheaperPackagingRates('usps_priority', smallHeavyParcel, ownBoxCents);
    expect(options.map(({ id, kind }) => [id, kind])).toEqual([
      ['cubic', 'cubic'],
      ['flat_rate_envelope', 'flat_rate_envelope'],
    ]);
    expect(options[0]).toMatchObject({ name: 'Cubic (your packaging, priced by size)', basis: 'Cubic tier 0.1 ft³' });
    expect(options[1]).toMatchObject({ name: 'Priority Mail Flat Rate Envelope', basis: 'one price to any zone', costCents: 1_015 });
    for (const option of options) expect(option.costCents).toBeLessThan(ownBoxCents);
  });

  it('offers nothing when the own box is already the cheapest, and nothing for a courier without such packaging', () => {
    expect(cheaperPackagingRates('usps_priority', { ...smallHeavyParcel, weightLb: 1 }, uspsFlatPostageCents('usps_priority', 1)!)).toEqual([]);
    expect(cheaperPackagingRates('ups_ground', smallHeavyParcel, 100_000)).toEqual([]);
  });
});
