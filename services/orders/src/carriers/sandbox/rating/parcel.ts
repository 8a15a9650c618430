/** A parcel to rate: the two ZIPs (5 digits or ZIP+4) and its outer size and weight. */
export interface SandboxParcel {
  fromZip: string;
  toZip: string;
  lengthIn: number;
  widthIn: number;
  heightIn: number;
  weightLb: number;
}

export interface Dimensions {
  lengthIn: number;
  widthIn: number;
  heightIn: number;
}

const MEASURES: ReadonlyArray<[keyof Dimensions | 'weightLb', string, string]> = [
  ['lengthIn', 'Length', 'inches'],
  ['widthIn', 'Width', 'inches'],
  ['heightIn', 'Height', 'inches'],
  ['weightLb', 'Weight', 'pounds'],
];

/** Why a parcel's measures cannot be rated (a size or weight that is not a positive number), or null. */
export const parcelMeasureProblem = (parcel: SandboxParcel): string | null => {
  const bad = MEASURES.find(([key]) => !(Number.isFinite(parcel[key]) && parcel[key] > 0));
  return bad ? `${bad[1]} must be a positive number of ${bad[2]}` : null;
};

/** The three sides, longest first, so "fits inside" and "longest side" read the same whatever way round they came. */
export const sidesLongestFirst = (dimensions: Dimensions): [number, number, number] => {
  const [a, b, c] = [dimensions.lengthIn, dimensions.widthIn, dimensions.heightIn].sort((x, y) => y - x);
  return [a as number, b as number, c as number];
};

/** Whole pounds, any fraction up (UPS, FedEx and USPS all bill "the next whole pound"). */
export const wholePoundsUp = (weightLb: number): number => Math.ceil(weightLb - 1e-9);
