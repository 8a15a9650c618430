/**
 * ZIP prefix (first three digits) → USPS state code, as `prefix:STATE` or `from-to:STATE` runs.
 *
 * Source: jkeen/tracking_number_data `site/src/data/zip3.json` (912 assigned prefixes with a default city and state;
 * copied from the project's research as shared/research/data/zip3_jkeen.json, city dropped, consecutive prefixes of
 * one state joined). Licence: MIT, Copyright (c) Jeff Keen (jkeen/tracking_number_data), as the research states
 * (formats.md §4); MIT lets it be copied with this notice. Cross-checked against the Wikipedia list of ZIP Code
 * prefixes (formats.md §4.2).
 * Made by joining consecutive prefixes of the JSON; refresh it the same way rather than editing runs by hand.
 */
export const ZIP3_RUNS: readonly string[] = [
  '005:NY 010-027:MA 028-029:RI 030-038:NH 039-049:ME 050-054:VT 055:MA 056-059:VT 060-069:CT 070-089:NJ',
  '100-149:NY 150-196:PA 197-199:DE 200:DC 201:VA 202-205:DC 206-212:MD 214-219:MD 220-246:VA 247-268:WV',
  '270-289:NC 290-299:SC 300-319:GA 320-339:FL 341-342:FL 344:FL 346-347:FL 349:FL 350-352:AL 354-369:AL',
  '370-385:TN 386-397:MS 398-399:GA 400-418:KY 420-427:KY 430-459:OH 460-479:IN 480-499:MI 500-516:IA 520-528:IA',
  '530-532:WI 534-535:WI 537-549:WI 550-551:MN 553-567:MN 569:DC 570-577:SD 580-588:ND 590-599:MT 600-620:IL',
  '622-629:IL 630-631:MO 633-641:MO 644-658:MO 660-662:KS 664-679:KS 680-681:NE 683-693:NE 700-701:LA 703-708:LA',
  '710-714:LA 716-729:AR 730-731:OK 733:TX 734-741:OK 743-749:OK 750-770:TX 772-799:TX 800-816:CO 820-831:WY',
  '832-838:ID 840-847:UT 850-853:AZ 855-857:AZ 859-860:AZ 863-865:AZ 870-871:NM 873-884:NM 885:TX 889-891:NV',
  '893-895:NV 897-898:NV 900-908:CA 910-928:CA 930-961:CA 967-968:HI 969:MH 970-979:OR 980-986:WA 988-994:WA',
  '995-999:AK',
];
