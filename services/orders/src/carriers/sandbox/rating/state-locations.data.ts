/**
 * Where a state (or DC, Puerto Rico, the U.S. Virgin Islands) lies, to measure zones without USPS's per-origin zone
 * charts (which we do not have): a point inside it and its land area.
 *
 * - Latitude/longitude: Google's Dataset Publishing Language canonical tables, `states.csv` (50 states, DC, PR) and
 *   `countries.csv` (VI), https://developers.google.com/public-data/docs/canonical/states_csv (CC BY 4.0); the same
 *   rows are republished in CPAN's TableData::Locale::US::State.
 * - Land area in square miles: U.S. Census Bureau, State Area Measurements and Internal Point Coordinates (2010
 *   census, land area), public domain.
 *
 * A state's point stands for all of its ZIP3 areas, so two ZIPs in one state are placed by `spreadMiles` (see
 * zip3-location.ts) rather than at the same point. Coarse on purpose: the sandbox needs zones that look right
 * (New York → Los Angeles is zone 8, Boston → Providence zone 1 or 2), not USPS's exact chart.
 */
export interface StateLocation {
  latitude: number;
  longitude: number;
  landSqMi: number;
}

const at = (latitude: number, longitude: number, landSqMi: number): StateLocation => Object.freeze({ latitude, longitude, landSqMi });

export const STATE_LOCATIONS: Readonly<Record<string, StateLocation>> = Object.freeze({
  AK: at(63.588753, -154.493062, 570_641),
  AL: at(32.318231, -86.902298, 50_645),
  AR: at(35.20105, -91.831833, 52_035),
  AZ: at(34.048928, -111.093731, 113_594),
  CA: at(36.778261, -119.417932, 155_779),
  CO: at(39.550051, -105.782067, 103_642),
  CT: at(41.603221, -73.087749, 4_842),
  DC: at(38.905985, -77.033418, 61),
  DE: at(38.910832, -75.52767, 1_949),
  FL: at(27.664827, -81.515754, 53_625),
  GA: at(32.157435, -82.907123, 57_513),
  HI: at(19.898682, -155.665857, 6_423),
  IA: at(41.878003, -93.097702, 55_857),
  ID: at(44.068202, -114.742041, 82_643),
  IL: at(40.633125, -89.398528, 55_519),
  IN: at(40.551217, -85.602364, 35_826),
  KS: at(39.011902, -98.484246, 81_759),
  KY: at(37.839333, -84.270018, 39_486),
  LA: at(31.244823, -92.145024, 43_204),
  MA: at(42.407211, -71.382437, 7_800),
  MD: at(39.045755, -76.641271, 9_707),
  ME: at(45.253783, -69.445469, 30_843),
  MI: at(44.314844, -85.602364, 56_539),
  MN: at(46.729553, -94.6859, 79_627),
  MO: at(37.964253, -91.831833, 68_742),
  MS: at(32.354668, -89.398528, 46_923),
  MT: at(46.879682, -110.362566, 145_546),
  NC: at(35.759573, -79.0193, 48_618),
  ND: at(47.551493, -101.002012, 69_001),
  NE: at(41.492537, -99.901813, 76_824),
  NH: at(43.193852, -71.572395, 8_953),
  NJ: at(40.058324, -74.405661, 7_354),
  NM: at(34.97273, -105.032363, 121_298),
  NV: at(38.80261, -116.419389, 109_781),
  NY: at(43.299428, -74.217933, 47_126),
  OH: at(40.417287, -82.907123, 40_861),
  OK: at(35.007752, -97.092877, 68_595),
  OR: at(43.804133, -120.554201, 95_988),
  PA: at(41.203322, -77.194525, 44_743),
  PR: at(18.220833, -66.590149, 3_424),
  RI: at(41.580095, -71.477429, 1_034),
  SC: at(33.836081, -81.163725, 30_061),
  SD: at(43.969515, -99.901813, 75_811),
  TN: at(35.517491, -86.580447, 41_235),
  TX: at(31.968599, -99.901813, 261_232),
  UT: at(39.32098, -111.093731, 82_170),
  VA: at(37.431573, -78.656894, 39_490),
  VI: at(18.335765, -64.896335, 134),
  VT: at(44.558803, -72.577841, 9_217),
  WA: at(47.751074, -120.740139, 66_456),
  WI: at(43.78444, -88.787868, 54_158),
  WV: at(38.597626, -80.454903, 24_038),
  WY: at(43.075968, -107.290284, 97_093),
});
