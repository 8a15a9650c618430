import { zoneTable, type ZoneTable } from './zone-table';

/**
 * USPS's own packaging and size-based prices, for the services that offer them.
 *
 * Flat Rate inner sizes, in inches, as open-source store modules list USPS's containers: "Priority Mail Small Flat
 * Rate Box, 8-5/8" x 5-3/8" x 1-5/8"", "Priority Mail Medium Flat Rate Boxes, 11" x 8-1/2" x 5-1/2", 13-5/8" x
 * 11-7/8" x 3-3/8"", "Priority Mail Large Flat Rate Boxes, 12" x 12" x 5-1/2"" and "Priority Mail Flat Rate
 * Envelope, 12.5 x 9.5" (X-Cart 4.7's USPS module, mod_USPS.tpl, beside the USPS rate API's container codes SM/MD/LG
 * FLAT RATE BOX). readycloud.com "What are the Priority Mail flat rate sizes" gives the two Medium boxes as inner
 * (11 × 8½ × 5½, 13⅝ × 11⅞ × 3⅜) against outer (11¼ × 8¾ × 6, 14 × 12 × 3½) sizes; sapling.com "Sizes of USPS flat
 * rate boxes" the envelope's 12½ × 9½. Flat Rate prices by box, not weight or zone, up to 70 lb (research wave4.md).
 *
 * Prices: SIMULATED, shaped like the 2026 commercial Flat Rate and Cubic tables (USPS Notice 123), not real prices.
 */
export interface FlatRateBox {
  id: 'flat_rate_envelope' | 'flat_rate_small_box' | 'flat_rate_medium_box' | 'flat_rate_large_box';
  name: string;
  /** Inner sizes, longest first; a box sold in several shapes (Medium: top- and side-loading) lists each. */
  innerSizesIn: ReadonlyArray<readonly [number, number, number]>;
  /** Envelopes have no depth: they fit what lies flat inside them (flat-rate-fit.ts). */
  envelope: boolean;
  priceCents: number;
}

export const FLAT_RATE_MAX_WEIGHT_LB = 70;

/** The one service whose Flat Rate boxes are rated here. */
export const FLAT_RATE_SERVICE_UID = 'usps_priority';

export const FLAT_RATE_BOXES: readonly FlatRateBox[] = Object.freeze([
  { id: 'flat_rate_envelope', name: 'Priority Mail Flat Rate Envelope', innerSizesIn: [[12.5, 9.5, 0]], envelope: true, priceCents: 1_015 },
  { id: 'flat_rate_small_box', name: 'Priority Mail Small Flat Rate Box', innerSizesIn: [[8.625, 5.375, 1.625]], envelope: false, priceCents: 1_085 },
  {
    id: 'flat_rate_medium_box',
    name: 'Priority Mail Medium Flat Rate Box',
    innerSizesIn: [[11, 8.5, 5.5], [13.625, 11.875, 3.375]],
    envelope: false,
    priceCents: 1_895,
  },
  { id: 'flat_rate_large_box', name: 'Priority Mail Large Flat Rate Box', innerSizesIn: [[12, 12, 5.5]], envelope: false, priceCents: 2_635 },
] satisfies FlatRateBox[]);

const tiers = (rows: ReadonlyArray<readonly number[]>): readonly ZoneTable[] => Object.freeze(rows.map((row) => zoneTable(1, row)));

/** Cubic prices per tier (0.1 … 0.5 ft³, one row each) and zone, in cents; Priority Mail's are at least Ground Advantage's. */
export const CUBIC_PRICES: Readonly<Record<string, readonly ZoneTable[]>> = Object.freeze({
  // zone          1      2      3      4      5      6      7      8      9
  usps_priority: tiers([
    [            760,   780,   800,   830,   870,   900,   930,   990, 1_150],
    [            800,   830,   860,   920, 1_010, 1_080, 1_150, 1_280, 1_520],
    [            840,   880,   930, 1_020, 1_190, 1_330, 1_480, 1_680, 2_030],
    [            880,   930, 1_000, 1_140, 1_410, 1_640, 1_890, 2_200, 2_680],
    [            920,   990, 1_080, 1_270, 1_650, 1_990, 2_350, 2_790, 3_420],
  ]),
  usps_ground_advantage: tiers([
    [            520,   530,   545,   560,   590,   610,   630,   660,   760],
    [            560,   575,   595,   625,   670,   710,   745,   800,   930],
    [            600,   620,   650,   700,   780,   850,   920, 1_010, 1_180],
    [            640,   665,   705,   780,   900, 1_010, 1_120, 1_260, 1_490],
    [            680,   710,   760,   860, 1_030, 1_190, 1_350, 1_550, 1_850],
  ]),
});
