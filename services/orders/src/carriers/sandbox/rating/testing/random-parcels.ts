import type { SandboxParcel } from '../parcel';
import { placeZip } from '../zip-place';

/** A seeded generator (a linear congruential one), so a failing property names inputs that can be run again. */
export const seededRandom = (seed: number): (() => number) => {
  let state = seed;
  return () => (state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
};

/** ZIPs whose 3-digit area can be placed (states, DC, territories, military), one per prefix, made once. */
const PLACEABLE_ZIPS: readonly string[] = Array.from({ length: 1_000 }, (_, prefix) => `${String(prefix).padStart(3, '0')}01`).filter(
  (zip) => placeZip(zip).kind !== 'unplaced',
);

export const randomZip = (random: () => number): string => PLACEABLE_ZIPS[Math.floor(random() * PLACEABLE_ZIPS.length)]!;

/** A number in [min, max), rounded to the hundredth as a scale or a tape would give it. */
export const between = (random: () => number, min: number, max: number): number => Math.round((min + random() * (max - min)) * 100) / 100 || min;

export const randomParcel = (random: () => number, maxWeightLb = 70): SandboxParcel => ({
  fromZip: randomZip(random),
  toZip: randomZip(random),
  lengthIn: between(random, 1, 30),
  widthIn: between(random, 1, 20),
  heightIn: between(random, 1, 20),
  weightLb: between(random, 0.1, maxWeightLb),
});
