import type { Courier } from '@labeldesk/contracts';
import { SHIPPING_SERVICE_CATALOG } from '../../catalog/shipping-service-catalog';
import type { SandboxPackaging } from './packaging';
import type { SandboxParcel } from './parcel';
import { isUnavailable, sandboxRate } from './sandbox-rate';
import { SERVICE_SPEEDS } from './service-speed.data';
import { between, randomParcel, randomZip, seededRandom } from './testing/random-parcels';
import { CUBIC_PRICES } from './usps-packaging.data';
import { WEIGHT_PRICES } from './weight-prices.data';
import { atZone, zonesOf } from './zone-table';

const DOMESTIC = SHIPPING_SERVICE_CATALOG.filter((service) => service.lanes === 'domestic');
const ZONES_OF: Record<Courier, number[]> = { usps: [1, 2, 3, 4, 5, 6, 7, 8, 9], ups: [2, 3, 4, 5, 6, 7, 8], fedex: [2, 3, 4, 5, 6, 7, 8], dhl_express: [] };
const ROUNDS = 3_000;

/** A courier's domestic services, slowest first. */
const bySpeed = (courier: Courier): string[] =>
  DOMESTIC.filter((service) => service.courier === courier)
    .map((service) => service.uid)
    .sort((a, b) => SERVICE_SPEEDS[a]!.rank - SERVICE_SPEEDS[b]!.rank);

const costOf = (uid: string, parcel: SandboxParcel, packaging: SandboxPackaging = 'parcel'): number | null => {
  const rate = sandboxRate(uid, parcel, packaging);
  return isUnavailable(rate) ? null : rate.costCents;
};

describe('the simulated tables', () => {
  it.each(DOMESTIC.map((service) => [service.uid, service.courier] as const))('price and time %s in every zone its courier uses, and nothing more', (uid, courier) => {
    const prices = WEIGHT_PRICES[uid]!;
    expect([zonesOf(prices.firstLbCents), zonesOf(prices.addedLbCents), zonesOf(SERVICE_SPEEDS[uid]!.days)]).toEqual([ZONES_OF[courier], ZONES_OF[courier], ZONES_OF[courier]]);
  });

  it('hold only catalog services, in integer cents', () => {
    const uids = DOMESTIC.map((service) => service.uid);
    expect(Object.keys(WEIGHT_PRICES).filter((uid) => !uids.includes(uid))).toEqual([]);
    const cents = Object.values(WEIGHT_PRICES).flatMap((prices) => [...prices.firstLbCents.values, ...prices.addedLbCents.values]);
    expect(cents.every((value) => Number.isInteger(value) && value > 0)).toBe(true);
  });

  it('give every Cubic tier a price in zones 1–9, each tier at least the one below it', () => {
    for (const tiers of Object.values(CUBIC_PRICES)) {
      expect(tiers.map(zonesOf)).toEqual(tiers.map(() => ZONES_OF.usps));
      tiers.slice(1).forEach((tier, index) => ZONES_OF.usps.forEach((zone) => expect(atZone(tier, zone)).toBeGreaterThanOrEqual(atZone(tiers[index]!, zone)!)));
    }
  });

  it('never make a faster service arrive later than a slower one of its courier in the same zone (UPS and FedEx Ground may beat 3-day air nearby)', () => {
    const pairs = (['usps', 'ups', 'fedex'] as const).flatMap((courier) => {
      const uids = bySpeed(courier);
      return uids.slice(1).map((faster, index) => ({ courier, slower: uids[index]!, faster }));
    });
    for (const { courier, slower, faster } of pairs.filter((pair) => pair.courier === 'usps' || !pair.slower.endsWith('_ground'))) {
      const days = (uid: string) => ZONES_OF[courier].map((zone) => atZone(SERVICE_SPEEDS[uid]!.days, zone)!);
      const slowerDays = days(slower);
      expect([faster, days(faster).every((day, index) => day <= slowerDays[index]!)]).toEqual([faster, true]);
    }
  });
});

/** One seeded case: costs that must never go down from left to right (a null, a refusal, leaves nothing to compare). */
interface OrderedCase {
  label: unknown;
  costs: Array<number | null>;
}

/** Runs ROUNDS cases from one seed; most must compare something, or a rule could pass on refusals alone. */
const expectNeverCheaper = (seed: number, makeCase: (random: () => number, round: number) => OrderedCase): void => {
  const random = seededRandom(seed);
  let compared = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const { label, costs } = makeCase(random, round);
    if (costs.includes(null)) continue;
    expect([label, costs]).toEqual([label, [...costs].sort((a, b) => a! - b!)]);
    compared += 1;
  }
  expect(compared).toBeGreaterThan(ROUNDS / 2);
};

const domesticUid = (round: number): string => DOMESTIC[round % DOMESTIC.length]!.uid;

/** A parcel small and light enough for Cubic pricing most of the time. */
const randomCubicParcel = (random: () => number): SandboxParcel => ({
  ...randomParcel(random, 20),
  lengthIn: between(random, 1, 18),
  widthIn: between(random, 1, 12),
  heightIn: between(random, 1, 8),
});

/** Two rates of one parcel to two destinations, cheaper zone first; null when they share a zone or one is refused. */
const costsByZone = (uid: string, near: SandboxParcel, far: SandboxParcel, packaging: SandboxPackaging): Array<number | null> => {
  const [a, b] = [sandboxRate(uid, near, packaging), sandboxRate(uid, far, packaging)];
  if (isUnavailable(a) || isUnavailable(b) || a.zone === b.zone) return [null];
  return a.zone < b.zone ? [a.costCents, b.costCents] : [b.costCents, a.costCents];
};

describe('sandboxRate pricing rules (seeded random parcels)', () => {
  it('never charges less for a heavier parcel on the same lane and service', () => {
    expectNeverCheaper(1, (random, round) => {
      const light = randomParcel(random);
      const heavy = { ...light, weightLb: light.weightLb + between(random, 0.01, 20) };
      return { label: [domesticUid(round), light, heavy], costs: [costOf(domesticUid(round), light), costOf(domesticUid(round), heavy)] };
    });
  });

  it('never charges less for a larger box of the same weight', () => {
    expectNeverCheaper(2, (random, round) => {
      const small = randomParcel(random);
      const large = { ...small, lengthIn: small.lengthIn + between(random, 0.01, 15) };
      return { label: [domesticUid(round), small, large], costs: [costOf(domesticUid(round), small), costOf(domesticUid(round), large)] };
    });
  });

  it('never charges less for a farther zone, by weight or by Cubic tier', () => {
    expectNeverCheaper(3, (random, round) => {
      const uid = domesticUid(round);
      const packaging: SandboxPackaging = CUBIC_PRICES[uid] && round % 2 === 0 ? 'cubic' : 'parcel';
      const near = packaging === 'cubic' ? randomCubicParcel(random) : randomParcel(random);
      const far = { ...near, toZip: randomZip(random) };
      return { label: [uid, packaging, near, far], costs: costsByZone(uid, near, far, packaging) };
    });
  });

  it('never charges less for a faster service than a slower one of the same courier, parcel and lane', () => {
    expectNeverCheaper(4, (random, round) => {
      const courier = (['usps', 'ups', 'fedex'] as const)[round % 3]!;
      const parcel = randomParcel(random);
      return { label: [courier, parcel], costs: bySpeed(courier).map((uid) => costOf(uid, parcel)) };
    });
  });

  it('never prices Priority Mail Cubic below Ground Advantage Cubic for the same parcel and lane', () => {
    expectNeverCheaper(5, (random) => {
      const parcel = randomCubicParcel(random);
      return { label: parcel, costs: [costOf('usps_ground_advantage', parcel, 'cubic'), costOf('usps_priority', parcel, 'cubic')] };
    });
  });

  it('answers every rate in positive whole cents and whole days', () => {
    const random = seededRandom(6);
    let compared = 0;
    for (let i = 0; i < ROUNDS; i++) {
      const rate = sandboxRate(DOMESTIC[i % DOMESTIC.length]!.uid, randomParcel(random, 150));
      if (isUnavailable(rate)) continue;
      expect([rate, Number.isInteger(rate.costCents) && rate.costCents > 0, Number.isInteger(rate.deliveryDays) && rate.deliveryDays > 0]).toEqual([rate, true, true]);
      compared += 1;
    }
    expect(compared).toBeGreaterThan(ROUNDS / 2);
  });
});
