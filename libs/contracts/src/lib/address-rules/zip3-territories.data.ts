/**
 * Prefixes the jkeen table leaves out or gives one state only, in the same `prefix:STATES` run form (several states
 * joined by `|`). Source: Wikipedia "List of ZIP Code prefixes" and USPS Pub 28 §225 for the military codes, as
 * collected in the project's research (formats.md §4.2): PR 006, 007, 009; VI 008; AE 090–098; AA 340;
 * AP 962–966; 969 is shared by Guam, the Northern Mariana Islands, Palau, Micronesia and the Marshall Islands;
 * American Samoa's only ZIP, 96799, sits inside Hawaii's 967.
 */
export const ZIP3_TERRITORY_RUNS: readonly string[] = ['006-007:PR 008:VI 009:PR 090-098:AE 340:AA 962-966:AP 967:HI|AS 969:GU|MP|PW|FM|MH'];

/**
 * Five-digit ZIPs that legitimately cross a state line: the state named here is accepted besides the prefix's own.
 * Source: formats.md §4.2 (83414 Alta, WY uses an Idaho prefix; Fishers Island, NY uses 06390).
 */
export const ZIP5_STATE_EXCEPTIONS: Readonly<Record<string, readonly string[]>> = {
  '83414': ['WY'],
  '06390': ['NY'],
};

/** Prefixes 000–004 are not used for US delivery (formats.md §4.2). */
export const UNUSED_ZIP3_BELOW = 5;
