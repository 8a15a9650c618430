import { sandboxRate, type SandboxRate, type SandboxRateResult } from './sandbox-rate';
import type { SandboxParcel } from './parcel';

const parcel = (fromZip: string, toZip: string, sides: [number, number, number], weightLb: number): SandboxParcel => ({
  fromZip,
  toZip,
  lengthIn: sides[0],
  widthIn: sides[1],
  heightIn: sides[2],
  weightLb,
});

const NEW_YORK = '10001';
const LOS_ANGELES = '90001';

describe('sandboxRate, worked by hand from the tables', () => {
  it('prices 5 lb of USPS Priority Mail coast to coast at zone 8: $12.90 first pound + 4 × $2.80 = $24.10, 3 days', () => {
    expect(sandboxRate('usps_priority', parcel(NEW_YORK, LOS_ANGELES, [12, 10, 8], 5))).toEqual<SandboxRate>({
      serviceUid: 'usps_priority',
      packaging: 'parcel',
      costCents: 2_410,
      deliveryDays: 3,
      zone: 8,
      billedWeightLb: 5,
      basis: 'actual',
      cubicTierFt3: null,
    });
  });

  it('bills a light 12 in cube by UPS Ground at 13 lb dimensional, zone 8: $14.80 + 12 × $2.40 = $43.60, 5 days', () => {
    expect(sandboxRate('ups_ground', parcel(NEW_YORK, LOS_ANGELES, [12, 12, 12], 3))).toMatchObject({
      costCents: 4_360,
      deliveryDays: 5,
      zone: 8,
      billedWeightLb: 13,
      basis: 'dimensional',
    });
  });

  it('prices half a pound by FedEx Ground within one 3-digit area at zone 2, first pound only: $11.40, 1 day', () => {
    expect(sandboxRate('fedex_ground', parcel(NEW_YORK, '10018', [4, 4, 4], 0.5))).toMatchObject({ costCents: 1_140, deliveryDays: 1, zone: 2, billedWeightLb: 1 });
  });

  it('rounds 2.2 lb up to 3 for USPS Ground Advantage Boston → Providence, zone 2: $5.30 + 2 × $0.45 = $6.20, 2 days', () => {
    expect(sandboxRate('usps_ground_advantage', parcel('02108', '02903', [10, 8, 4], 2.2))).toMatchObject({ costCents: 620, deliveryDays: 2, zone: 2, billedWeightLb: 3 });
  });

  it('prices USPS Priority Mail Cubic by tier and zone, not weight: 12.3 × 9.5 × 3 in at 5 lb New York → Chicago is tier 0.3, zone 5: $11.90', () => {
    expect(sandboxRate('usps_priority', parcel(NEW_YORK, '60601', [12.3, 9.5, 3], 5), 'cubic')).toEqual<SandboxRate>({
      serviceUid: 'usps_priority',
      packaging: 'cubic',
      costCents: 1_190,
      deliveryDays: 2,
      zone: 5,
      billedWeightLb: 5,
      basis: 'cubic',
      cubicTierFt3: 0.3,
    });
  });

  it('prices a Medium Flat Rate Box by the box, whatever the weight and zone: $18.95', () => {
    const heavyFar = sandboxRate('usps_priority', parcel(NEW_YORK, LOS_ANGELES, [13, 11, 3], 15), 'flat_rate_medium_box');
    const lightNear = sandboxRate('usps_priority', parcel(NEW_YORK, '10018', [8, 6, 3], 1), 'flat_rate_medium_box');
    expect(heavyFar).toMatchObject({ costCents: 1_895, zone: 8, deliveryDays: 3, billedWeightLb: 15, basis: 'flat_rate' });
    expect(lightNear).toMatchObject({ costCents: 1_895, zone: 1, deliveryDays: 1 });
  });
});

describe('sandboxRate refusals', () => {
  const unavailable = (result: SandboxRateResult): string => ('unavailable' in result ? result.unavailable : `rated ${JSON.stringify(result)}`);
  const ordinary = parcel(NEW_YORK, LOS_ANGELES, [10, 8, 6], 4);

  it('refuses DHL Express inside the US: it carries parcels abroad only', () => {
    expect(unavailable(sandboxRate('dhl_express_worldwide', ordinary))).toBe('DHL Express Worldwide carries parcels abroad only; it has no US domestic service');
  });

  it("refuses a parcel over the catalog's weight limit, naming both", () => {
    expect(unavailable(sandboxRate('usps_priority', { ...ordinary, weightLb: 70.5 }))).toBe('USPS Priority Mail takes parcels up to 70 lb; this one weighs 70.5 lb');
    expect(unavailable(sandboxRate('ups_ground', { ...ordinary, weightLb: 151 }))).toBe('UPS Ground takes parcels up to 150 lb; this one weighs 151 lb');
    expect(sandboxRate('ups_ground', { ...ordinary, weightLb: 150 })).toMatchObject({ billedWeightLb: 150 });
  });

  it('refuses an unknown service, a size or weight that is not a positive number, and a ZIP it cannot place', () => {
    expect(unavailable(sandboxRate('usps_media_mail', ordinary))).toBe('No shipping service "usps_media_mail" in the catalog');
    expect(unavailable(sandboxRate('usps_priority', { ...ordinary, widthIn: 0 }))).toBe('Width must be a positive number of inches');
    expect(unavailable(sandboxRate('usps_priority', { ...ordinary, weightLb: Number.NaN }))).toBe('Weight must be a positive number of pounds');
    expect(unavailable(sandboxRate('usps_priority', { ...ordinary, toZip: '9000' }))).toBe('To ZIP: "9000" is not a US ZIP code (5 digits, or ZIP+4)');
  });

  it('refuses Cubic and Flat Rate where they do not apply, saying why', () => {
    expect(unavailable(sandboxRate('ups_ground', ordinary, 'cubic'))).toBe('UPS Ground has no Cubic pricing');
    expect(unavailable(sandboxRate('usps_priority', { ...ordinary, weightLb: 21 }, 'cubic'))).toBe('Cubic pricing takes parcels up to 20 lb; this one weighs 21 lb');
    expect(unavailable(sandboxRate('usps_ground_advantage', ordinary, 'flat_rate_large_box'))).toBe('The Priority Mail Large Flat Rate Box is sold with USPS Priority Mail only');
    expect(unavailable(sandboxRate('usps_priority', ordinary, 'flat_rate_small_box'))).toBe('A parcel of 10 × 8 × 6 in does not fit inside the Priority Mail Small Flat Rate Box');
  });
});
