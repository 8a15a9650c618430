import type { Dimensions } from './parcel';
import { sidesLongestFirst } from './parcel';
import type { FlatRateBox } from './usps-packaging.data';

type Sides = readonly [number, number, number];

/** A block fits a box, turned any way square to it, when its sides, longest first, are each within the box's. */
const fitsBoxShape = (sides: Sides, inner: Sides): boolean => sides.every((side, index) => side <= inner[index]!);

/**
 * An envelope wraps its contents, so its thickness eats into both flat sides: a block L × W × T fits a flat envelope
 * E × F when L + T ≤ E and W + T ≤ F. A modelling rule of this simulation (USPS only asks that the envelope closes
 * normally), chosen so a thick parcel is not promised an envelope it cannot close.
 */
const fitsEnvelopeShape = ([length, width, thickness]: Sides, [flatLength, flatWidth]: Sides): boolean =>
  length + thickness <= flatLength && width + thickness <= flatWidth;

/** Whether a parcel of these sizes goes into the box (any of its shapes). */
export const fitsFlatRateBox = (box: FlatRateBox, dimensions: Dimensions): boolean => {
  const sides = sidesLongestFirst(dimensions);
  const fits = box.envelope ? fitsEnvelopeShape : fitsBoxShape;
  return box.innerSizesIn.some((inner) => fits(sides, inner));
};
