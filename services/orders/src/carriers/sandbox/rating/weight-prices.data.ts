import { zoneTable, type ZoneTable } from './zone-table';

/**
 * A service's price by weight: the first pound per zone, and each further pound per zone, in cents. Shaped like the
 * couriers' published 2026 tables (USPS Notice 123 commercial prices; UPS and FedEx daily rates), a base per zone that
 * grows with distance plus a per-pound step that grows faster. SIMULATED figures for the sandbox, not real prices:
 * linear in weight where the real tables bend a little, and rounded to tidy cents.
 *
 * Rules the specs hold them to: farther is never cheaper, heavier is never cheaper, and a faster service of a courier is
 * never cheaper than a slower one of the same courier at the same weight and zone (each column of a faster service is
 * at least the slower one's).
 */
export interface WeightPrices {
  firstLbCents: ZoneTable;
  addedLbCents: ZoneTable;
}

const usps = (firstLb: readonly number[], addedLb: readonly number[]): WeightPrices => ({ firstLbCents: zoneTable(1, firstLb), addedLbCents: zoneTable(1, addedLb) });
const daily = (firstLb: readonly number[], addedLb: readonly number[]): WeightPrices => ({ firstLbCents: zoneTable(2, firstLb), addedLbCents: zoneTable(2, addedLb) });

export const WEIGHT_PRICES: Readonly<Record<string, WeightPrices>> = Object.freeze({
  // zone                           1      2      3      4      5      6      7      8      9
  usps_ground_advantage: usps([   520,   530,   545,   575,   620,   660,   700,   760,   820],
                              [    35,    45,    60,    90,   125,   160,   195,   230,   255]),
  usps_priority: usps(        [   820,   850,   880,   930, 1_010, 1_090, 1_160, 1_290, 1_420],
                              [    45,    55,    75,   110,   155,   200,   240,   280,   310]),
  usps_priority_express: usps([ 2_850, 2_950, 3_100, 3_350, 3_700, 3_950, 4_200, 4_650, 4_900],
                              [   120,   140,   170,   230,   300,   370,   430,   500,   540]),
  // zone                                 2      3      4      5      6      7      8
  ups_ground: daily(                [ 1_150, 1_200, 1_260, 1_310, 1_360, 1_420, 1_480],
                                    [    60,    75,   100,   130,   165,   200,   240]),
  ups_3_day_select: daily(          [ 2_000, 2_150, 2_500, 2_800, 3_050, 3_250, 3_450],
                                    [   140,   170,   230,   290,   350,   400,   450]),
  ups_2nd_day_air: daily(           [ 2_450, 2_650, 3_050, 3_350, 3_650, 3_850, 4_100],
                                    [   190,   230,   300,   370,   430,   490,   550]),
  ups_next_day_air: daily(          [ 4_200, 4_600, 5_300, 5_700, 6_100, 6_400, 6_700],
                                    [   320,   380,   470,   560,   640,   710,   780]),
  fedex_ground: daily(              [ 1_140, 1_195, 1_255, 1_305, 1_355, 1_415, 1_470],
                                    [    59,    74,    99,   129,   164,   199,   238]),
  fedex_express_saver: daily(       [ 1_980, 2_140, 2_480, 2_780, 3_030, 3_230, 3_430],
                                    [   138,   168,   228,   288,   348,   398,   448]),
  fedex_2_day: daily(               [ 2_430, 2_630, 3_030, 3_330, 3_630, 3_830, 4_080],
                                    [   188,   228,   298,   368,   428,   488,   548]),
  fedex_standard_overnight: daily(  [ 4_150, 4_550, 5_250, 5_650, 6_050, 6_350, 6_650],
                                    [   315,   375,   465,   555,   635,   705,   775]),
});
