/**
 * GS1-128 bar and space widths for the IMpb's all-digit element strings, without bwip-js's general GS1 parser and
 * encoder, a large share of a label's rendering (decision 057). An IMpb is `(420)` + a ZIP of 5 or 9 digits,
 * then the tracking number whose first two digits are its own AI: every run of digits has an even length, so the whole
 * symbol is Code Set C (two digits a symbol) with FNC1 first and after the variable-length AI 420, as bwip-js encodes
 * it. Anything else answers null and is left to bwip-js; gs1-128.spec.ts checks the widths against bwip-js's.
 */

/** Code 128 symbol values 0–106 as bar/space widths in modules (bar first); 106 is the stop (7 elements). */
const PATTERNS: readonly string[] = [
  '212222', '222122', '222221', '121223', '121322', '131222', '122213', '122312', '132212', '221213',
  '221312', '231212', '112232', '122132', '122231', '113222', '123122', '123221', '223211', '221132',
  '221231', '213212', '223112', '312131', '311222', '321122', '321221', '312212', '322112', '322211',
  '212123', '212321', '232121', '111323', '131123', '131321', '112313', '132113', '132311', '211313',
  '231113', '231311', '112133', '112331', '132131', '113123', '113321', '133121', '313121', '211331',
  '231131', '213113', '213311', '213131', '311123', '311321', '331121', '312113', '312311', '332111',
  '314111', '221411', '431111', '111224', '111422', '121124', '121421', '141122', '141221', '112214',
  '112412', '122114', '122411', '142112', '142211', '241211', '221114', '413111', '241112', '134111',
  '111242', '121142', '121241', '114212', '124112', '124211', '411212', '421112', '421211', '212141',
  '214121', '412121', '111143', '111341', '131141', '114113', '114311', '411113', '411311', '113141',
  '114131', '311141', '411131', '211412', '211214', '211232', '2331112',
];
const WIDTHS: readonly (readonly number[])[] = PATTERNS.map((pattern) => [...pattern].map(Number));

const FNC1 = 102;
const START_C = 105;
const STOP = 106;

/** `(420)` + ZIP5 or ZIP9, then a second AI of two digits and its data, digits only. */
const IMPB_ELEMENTS = /^\(420\)(\d{5}|\d{9})\((\d{2})\)(\d+)$/;

/** The bar/space widths (modules, bar first, no quiet zones) of an IMpb element string, or null for any other. */
export function impbBarSpaceWidths(elementString: string): number[] | null {
  const match = IMPB_ELEMENTS.exec(elementString);
  if (!match) return null;
  const [, zip = '', ai = '', data = ''] = match;
  const routing = `420${zip}`;
  const tracking = `${ai}${data}`;
  if (tracking.length % 2 !== 0) return null;
  const values = [START_C, FNC1, ...pairs(routing), FNC1, ...pairs(tracking)];
  let check = START_C;
  for (let i = 1; i < values.length; i++) check += (values[i] as number) * i;
  values.push(check % 103, STOP);
  const widths: number[] = [];
  for (const value of values) widths.push(...(WIDTHS[value] as readonly number[]));
  return widths;
}

function pairs(digits: string): number[] {
  const out: number[] = [];
  for (let i = 0; i < digits.length; i += 2) out.push((digits.charCodeAt(i) - 48) * 10 + (digits.charCodeAt(i + 1) - 48));
  return out;
}
