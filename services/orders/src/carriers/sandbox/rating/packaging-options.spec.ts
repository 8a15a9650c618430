import { packagingOptions, type PackagingOption } from './packaging-options';
import { SANDBOX_PACKAGING, packagingChoicesFor } from './packaging';
import type { SandboxParcel } from './parcel';

const NEW_YORK = '10001';
const parcel = (toZip: string, sides: [number, number, number], weightLb: number): SandboxParcel => ({
  fromZip: NEW_YORK,
  toZip,
  lengthIn: sides[0],
  widthIn: sides[1],
  heightIn: sides[2],
  weightLb,
});
const summary = (options: PackagingOption[]) => options.map(({ packaging, costCents, reason, cheaperThanByWeight }) => ({ packaging, costCents, reason, cheaperThanByWeight }));

describe('packagingOptions', () => {
  it('lists, cheapest first, what a 12 × 9.5 × 3 in, 5 lb parcel to Chicago (zone 5) can go in by Priority Mail, each with why', () => {
    expect(summary(packagingOptions('usps_priority', parcel('60601', [12, 9.5, 3], 5)))).toEqual([
      { packaging: 'cubic', costCents: 1_010, cheaperThanByWeight: true, reason: 'Cubic tier 0.2 ft³: cheaper than 5 lb by weight ($10.10 against $16.30)' },
      { packaging: 'parcel', costCents: 1_630, cheaperThanByWeight: false, reason: 'Your packaging: billed at 5 lb by weight ($16.30)' },
      {
        packaging: 'flat_rate_medium_box',
        costCents: 1_895,
        cheaperThanByWeight: false,
        reason: 'Priority Mail Medium Flat Rate Box, one price to any zone: dearer than 5 lb by weight ($18.95 against $16.30)',
      },
      {
        packaging: 'flat_rate_large_box',
        costCents: 2_635,
        cheaperThanByWeight: false,
        reason: 'Priority Mail Large Flat Rate Box, one price to any zone: dearer than 5 lb by weight ($26.35 against $16.30)',
      },
    ]);
  });

  it('finds the Flat Rate Envelope for a small heavy parcel going far, at a fifth of its price by weight', () => {
    const options = packagingOptions('usps_priority', parcel('90001', [8, 6, 3], 15));
    expect(options.map((option) => option.packaging)).toEqual(['cubic', 'flat_rate_envelope', 'flat_rate_medium_box', 'flat_rate_large_box', 'parcel']);
    expect(options[1]).toMatchObject({
      name: 'Priority Mail Flat Rate Envelope',
      costCents: 1_015,
      zone: 8,
      deliveryDays: 3,
      reason: 'Priority Mail Flat Rate Envelope, one price to any zone: cheaper than 15 lb by weight ($10.15 against $52.10)',
    });
  });

  it('offers Ground Advantage its own box and Cubic only, Cubic being dearer for a light parcel in a large tier', () => {
    expect(summary(packagingOptions('usps_ground_advantage', parcel('10018', [12, 12, 6], 1)))).toEqual([
      { packaging: 'parcel', costCents: 520, cheaperThanByWeight: false, reason: 'Your packaging: billed at 1 lb by weight ($5.20)' },
      { packaging: 'cubic', costCents: 680, cheaperThanByWeight: false, reason: 'Cubic tier 0.5 ft³: dearer than 1 lb by weight ($6.80 against $5.20)' },
    ]);
  });

  it('says when a UPS box is billed by its size', () => {
    expect(summary(packagingOptions('ups_ground', parcel('90001', [12, 12, 12], 3)))).toEqual([
      { packaging: 'parcel', costCents: 4_360, cheaperThanByWeight: false, reason: 'Your packaging: billed at 13 lb by dimensional weight, as the box is large for its weight ($43.60)' },
    ]);
  });

  it('lists nothing for a service that cannot carry the parcel at all', () => {
    expect(packagingOptions('dhl_express_worldwide', parcel('90001', [10, 8, 6], 2))).toEqual([]);
    expect(packagingOptions('usps_priority', parcel('90001', [10, 8, 6], 71))).toEqual([]);
  });
});

describe('SANDBOX_PACKAGING', () => {
  it("publishes each USPS Flat Rate box's inner sizes, and which services price each packaging", () => {
    expect(SANDBOX_PACKAGING.map((choice) => [choice.id, choice.innerSizesIn ?? null])).toEqual([
      ['parcel', null],
      ['cubic', null],
      ['flat_rate_envelope', [[12.5, 9.5, 0]]],
      ['flat_rate_small_box', [[8.625, 5.375, 1.625]]],
      ['flat_rate_medium_box', [[11, 8.5, 5.5], [13.625, 11.875, 3.375]]],
      ['flat_rate_large_box', [[12, 12, 5.5]]],
    ]);
    expect(packagingChoicesFor('usps_ground_advantage').map((choice) => choice.id)).toEqual(['parcel', 'cubic']);
    expect(packagingChoicesFor('fedex_2_day').map((choice) => choice.id)).toEqual(['parcel']);
    expect(packagingChoicesFor('dhl_express_worldwide')).toEqual([]);
  });
});
