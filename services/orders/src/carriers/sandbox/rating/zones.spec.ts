import { placeZip } from './zip-place';
import { greatCircleMiles, zoneFor, zoneForMiles } from './zones';
import { randomZip, seededRandom } from './testing/random-parcels';

describe('zoneForMiles', () => {
  it.each([
    [0, 1], [50, 1], [51, 2], [150, 2], [151, 3], [300, 3], [301, 4], [600, 4], [601, 5],
    [1_000, 5], [1_001, 6], [1_400, 6], [1_401, 7], [1_800, 7], [1_801, 8], [2_800, 8],
  ])('puts %p miles in USPS zone %p, as the published distance bands do', (miles, zone) => {
    expect(zoneForMiles(miles)).toBe(zone);
  });

  it('rounds to the whole mile before banding, so 50.4 miles is zone 1 and 50.5 zone 2', () => {
    expect(zoneForMiles(50.4)).toBe(1);
    expect(zoneForMiles(50.5)).toBe(2);
  });
});

describe('greatCircleMiles', () => {
  it('measures one degree of longitude on the equator as 2π × 3,958.8 mi ÷ 360 = 69.09 mi', () => {
    expect(greatCircleMiles({ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 1 })).toBeCloseTo(69.094, 2);
  });
});

describe('placeZip', () => {
  it('places every assigned ZIP prefix, 005–999: by a state location, or as a Pacific zone-9 area', () => {
    const prefixes = Array.from({ length: 995 }, (_, index) => String(index + 5).padStart(3, '0'));
    const cannotPlace = prefixes.map((prefix) => placeZip(`${prefix}01`)).filter((place) => place.kind === 'unplaced' && !place.reason.endsWith('is not assigned by USPS'));
    expect(cannotPlace).toEqual([]);
  });
});

describe('zoneFor', () => {
  it('gives zone 1 to two ZIPs of the same 3-digit area', () => {
    expect(zoneFor('usps', '10001', '10018-1234')).toEqual({ zone: 1 });
  });

  it('gives zone 8 from New York to Los Angeles (state points 2,403 mi apart)', () => {
    expect(zoneFor('usps', '10001', '90001')).toEqual({ zone: 8 });
  });

  it('gives zone 2 from Boston to Providence (Massachusetts and Rhode Island points 57 mi apart)', () => {
    expect(zoneFor('usps', '02108', '02903')).toEqual({ zone: 2 });
  });

  it('places two areas of one state apart by its size: Los Angeles → San Francisco is 0.5214 × √155,779 ≈ 206 mi, zone 3', () => {
    expect(zoneFor('usps', '90001', '94103')).toEqual({ zone: 3 });
  });

  it('gives zone 9 to and from Guam, the freely associated states and American Samoa', () => {
    expect(zoneFor('usps', '10001', '96910')).toEqual({ zone: 9 });
    expect(zoneFor('usps', '96941', '90001')).toEqual({ zone: 9 });
    expect(zoneFor('usps', '10001', '96799')).toEqual({ zone: 9 });
  });

  it('zones Hawaii ZIPs other than American Samoa by distance (Los Angeles → Honolulu is zone 8)', () => {
    expect(zoneFor('usps', '90001', '96813')).toEqual({ zone: 8 });
  });

  it('zones military mail to its gateway: an AE ZIP from New York City is priced like upstate New York', () => {
    expect(zoneFor('usps', '10001', '09001')).toEqual({ zone: 2 });
  });

  it('numbers UPS and FedEx zones from 2: the same 3-digit area is zone 2, coast to coast zone 8', () => {
    expect(zoneFor('ups', '10001', '10018')).toEqual({ zone: 2 });
    expect(zoneFor('fedex', '10001', '90001')).toEqual({ zone: 8 });
  });

  it('refuses UPS and FedEx to military post offices and the Pacific territories, saying why', () => {
    expect(zoneFor('ups', '10001', '09001')).toEqual({ unavailable: 'UPS does not deliver to or from military (APO/FPO/DPO) addresses; USPS does' });
    expect(zoneFor('fedex', '96910', '10001')).toEqual({
      unavailable: 'FedEx has no domestic service to or from Guam, the Northern Mariana Islands, American Samoa or the freely associated states',
    });
  });

  it('says which ZIP cannot be placed, and why', () => {
    expect(zoneFor('usps', '1234', '10001')).toEqual({ unavailable: 'From ZIP: "1234" is not a US ZIP code (5 digits, or ZIP+4)' });
    expect(zoneFor('usps', '10001', '21301')).toEqual({ unavailable: 'To ZIP: ZIP prefix 213 is not assigned by USPS' });
    expect(zoneFor('usps', '10001', '00401')).toEqual({ unavailable: 'To ZIP: ZIP 00401 is not a US delivery ZIP' });
  });

  it('gives the same zone both ways, USPS zones 1–9 and UPS zones 2–8 equal to the USPS zone held within 2–8 (2,000 random lanes)', () => {
    const random = seededRandom(45);
    for (let i = 0; i < 2_000; i++) {
      const [from, to] = [randomZip(random), randomZip(random)];
      const usps = zoneFor('usps', from, to);
      expect([from, to, usps]).toEqual([from, to, zoneFor('usps', to, from)]);
      if (!('zone' in usps)) throw new Error(`no USPS zone for ${from} → ${to}`);
      expect(usps.zone).toBeGreaterThanOrEqual(1);
      expect(usps.zone).toBeLessThanOrEqual(9);
      const ups = zoneFor('ups', from, to);
      if ('zone' in ups) expect([from, to, ups.zone]).toEqual([from, to, Math.min(8, Math.max(2, usps.zone))]);
    }
  });
});
