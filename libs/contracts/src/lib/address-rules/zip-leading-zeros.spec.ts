import { leadingZeroHint, zipWithLeadingZeros } from './zip-leading-zeros';

describe('a ZIP that lost its leading zeros', () => {
  it('gets its zeros back when the padded ZIP belongs to the state (Boston, MA after Excel)', () => {
    expect(zipWithLeadingZeros('MA', '2134')).toBe('02134');
  });

  it('gets two zeros back for a three-digit ZIP (Holtsville, NY)', () => {
    expect(zipWithLeadingZeros('NY', '501')).toBe('00501');
  });

  it('is put right in every state whose ZIPs start with 0', () => {
    const cases: Array<[state: string, zip: string, padded: string]> = [
      ['NJ', '7102', '07102'], // Newark
      ['NJ', '8608', '08608'], // Trenton
      ['CT', '6103', '06103'], // Hartford
      ['PR', '901', '00901'], // San Juan
      ['PR', '601', '00601'], // Adjuntas
      ['VI', '802', '00802'], // St. Thomas
      ['ME', '4101', '04101'], // Portland
      ['NH', '3301', '03301'], // Concord
      ['RI', '2903', '02903'], // Providence
      ['VT', '5401', '05401'], // Burlington
      ['MA', '5501', '05501'], // Andover's IRS ZIP: MA inside VT's block
      ['AE', '9001', '09001'],
      ['NY', '6390', '06390'], // Fishers Island, NY inside CT's 063
    ];
    for (const [state, zip, padded] of cases) expect({ state, zip, padded: zipWithLeadingZeros(state, zip) }).toEqual({ state, zip, padded });
  });

  it('keeps the ZIP+4 part', () => {
    expect(zipWithLeadingZeros('MA', '2134-1234')).toBe('02134-1234');
  });

  it('reads the state in any case and the ZIP with spaces around', () => {
    expect(zipWithLeadingZeros(' ma ', ' 2134 ')).toBe('02134');
  });

  it('never suggests a ZIP of another state', () => {
    expect(zipWithLeadingZeros('NH', '2134')).toBeNull(); // 02134 is MA
    expect(zipWithLeadingZeros('CT', '7102')).toBeNull(); // 07102 is NJ
    expect(zipWithLeadingZeros('NY', '2134')).toBeNull();
  });

  it('gives no suggestion in a state whose ZIPs never start with 0', () => {
    expect(zipWithLeadingZeros('CA', '9021')).toBeNull(); // 09021 is AE
    expect(zipWithLeadingZeros('TX', '7301')).toBeNull();
    expect(zipWithLeadingZeros('FL', '3310')).toBeNull();
  });

  it('gives no suggestion when padding lands on a prefix no state uses', () => {
    expect(zipWithLeadingZeros('NY', '401')).toBeNull(); // 00401
    expect(zipWithLeadingZeros('NY', '12')).toBeNull();
  });

  it('leaves alone what is not a short ZIP, or a state that is not a code', () => {
    for (const zip of ['02134', '2134567', '21a4', '', '2134-12', '-2134']) expect(zipWithLeadingZeros('MA', zip)).toBeNull();
    expect(zipWithLeadingZeros('Massachusetts', '2134')).toBeNull();
    expect(zipWithLeadingZeros('', '2134')).toBeNull();
  });

  it('asks in one sentence', () => {
    expect(leadingZeroHint('02134')).toBe('Did you mean 02134?');
  });
});
