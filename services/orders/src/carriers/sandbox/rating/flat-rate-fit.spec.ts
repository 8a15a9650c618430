import { fitsFlatRateBox } from './flat-rate-fit';
import { FLAT_RATE_BOXES, type FlatRateBox } from './usps-packaging.data';

const box = (id: FlatRateBox['id']): FlatRateBox => FLAT_RATE_BOXES.find((candidate) => candidate.id === id)!;
const sized = (lengthIn: number, widthIn: number, heightIn: number) => ({ lengthIn, widthIn, heightIn });

describe('fitsFlatRateBox', () => {
  it('fits a parcel inside the Small box (8⅝ × 5⅜ × 1⅝ in) whichever way round its sides are given', () => {
    expect(fitsFlatRateBox(box('flat_rate_small_box'), sized(8.5, 5, 1.5))).toBe(true);
    expect(fitsFlatRateBox(box('flat_rate_small_box'), sized(1.5, 8.5, 5))).toBe(true);
    expect(fitsFlatRateBox(box('flat_rate_small_box'), sized(8.625, 5.375, 1.625))).toBe(true);
  });

  it('does not fit a parcel a hair over any inner side', () => {
    expect(fitsFlatRateBox(box('flat_rate_small_box'), sized(8.7, 5, 1.5))).toBe(false);
    expect(fitsFlatRateBox(box('flat_rate_large_box'), sized(12, 12, 5.6))).toBe(false);
  });

  it('fits a flat parcel into the side-loading Medium box (13⅝ × 11⅞ × 3⅜) that the top-loading one (11 × 8½ × 5½) cannot take', () => {
    expect(fitsFlatRateBox(box('flat_rate_medium_box'), sized(13, 11, 3))).toBe(true);
    expect(fitsFlatRateBox(box('flat_rate_medium_box'), sized(11, 8.5, 5.5))).toBe(true);
    expect(fitsFlatRateBox(box('flat_rate_medium_box'), sized(13, 11, 4))).toBe(false);
  });

  it('fits the envelope (12½ × 9½ flat) when each flat side plus the thickness is within it', () => {
    expect(fitsFlatRateBox(box('flat_rate_envelope'), sized(10, 7, 1))).toBe(true);
    expect(fitsFlatRateBox(box('flat_rate_envelope'), sized(11.5, 8.5, 1))).toBe(true);
    expect(fitsFlatRateBox(box('flat_rate_envelope'), sized(10, 7, 3))).toBe(false);
    expect(fitsFlatRateBox(box('flat_rate_envelope'), sized(12.5, 9.5, 0.25))).toBe(false);
  });
});
