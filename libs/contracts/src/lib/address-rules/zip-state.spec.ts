import { isUsStateCode, isZipShape, statesForZip, zipStateMismatch } from './zip-state';

describe('state codes', () => {
  it('accepts the 50 states, DC, the territories and the military codes, in any case', () => {
    for (const code of ['CA', 'ny', 'DC', 'PR', 'GU', 'VI', 'AS', 'MP', 'AA', 'AE', 'AP']) expect(isUsStateCode(code)).toBe(true);
  });

  it('refuses names, three letters and codes USPS does not use', () => {
    for (const code of ['California', 'CAL', 'XX', 'C', '']) expect(isUsStateCode(code)).toBe(false);
  });
});

describe('ZIP shape', () => {
  it('accepts five digits and ZIP+4 with a hyphen', () => {
    expect(isZipShape('10001')).toBe(true);
    expect(isZipShape('10001-1234')).toBe(true);
  });

  it('refuses four or six digits, ZIP+4 without its hyphen and letters', () => {
    for (const zip of ['1001', '100011', '100011234', '10001-123', 'ABCDE', '10001 1234']) expect(isZipShape(zip)).toBe(false);
  });
});

describe('state and ZIP prefix', () => {
  it('names both when the ZIP belongs to another state', () => {
    expect(zipStateMismatch('CA', '10001')).toBe('ZIP 10001 is in NY, not CA');
  });

  it('checks a ZIP+4 by its first five digits and quotes it as typed', () => {
    expect(zipStateMismatch('NY', '10001-1234')).toBeNull();
    expect(zipStateMismatch('TX', '10001-1234')).toBe('ZIP 10001-1234 is in NY, not TX');
  });

  it('reads the state in any case and around spaces', () => {
    expect(zipStateMismatch(' ny ', '10001')).toBeNull();
  });

  it('agrees at the first and last prefix of a state block and across a block boundary', () => {
    expect(zipStateMismatch('NY', '00501')).toBeNull(); // Holtsville, the lowest prefix in the table
    expect(zipStateMismatch('MA', '01001')).toBeNull();
    expect(zipStateMismatch('MA', '02791')).toBeNull(); // 027, the last of MA's first block
    expect(zipStateMismatch('MA', '02801')).toBe('ZIP 02801 is in RI, not MA'); // 028 is RI
    expect(zipStateMismatch('AK', '99950')).toBeNull(); // 999, the highest prefix
    expect(zipStateMismatch('MA', '05501')).toBeNull(); // 055 is MA inside VT's block
    expect(zipStateMismatch('TX', '73301')).toBeNull(); // 733 is TX inside OK's block
    expect(zipStateMismatch('TX', '88510')).toBeNull(); // 885 is TX inside NM's block
  });

  it('knows the territories and military prefixes the table leaves out', () => {
    expect(zipStateMismatch('PR', '00901')).toBeNull();
    expect(zipStateMismatch('VI', '00802')).toBeNull();
    expect(zipStateMismatch('AE', '09001')).toBeNull();
    expect(zipStateMismatch('AA', '34001')).toBeNull();
    expect(zipStateMismatch('AP', '96201')).toBeNull();
    expect(zipStateMismatch('AS', '96799')).toBeNull();
    expect(zipStateMismatch('HI', '96701')).toBeNull();
  });

  it('accepts any of the states a shared prefix serves and lists them all otherwise', () => {
    for (const state of ['GU', 'MP', 'PW', 'FM', 'MH']) expect(zipStateMismatch(state, '96910')).toBeNull();
    expect(statesForZip('96910')).toEqual(['MH', 'GU', 'MP', 'PW', 'FM']);
    expect(zipStateMismatch('CA', '96910')).toBe('ZIP 96910 is in MH, GU, MP, PW or FM, not CA');
    expect(zipStateMismatch('CA', '96799')).toBe('ZIP 96799 is in HI or AS, not CA');
  });

  it('accepts the five-digit ZIPs that cross a state line', () => {
    expect(zipStateMismatch('WY', '83414')).toBeNull();
    expect(zipStateMismatch('ID', '83414')).toBeNull();
    expect(zipStateMismatch('NY', '06390')).toBeNull();
    expect(zipStateMismatch('WY', '83401')).toBe('ZIP 83401 is in ID, not WY');
  });

  it('refuses prefixes 000 to 004, which USPS does not use', () => {
    expect(zipStateMismatch('NY', '00401')).toBe('ZIP 00401 is not a US delivery ZIP');
    expect(statesForZip('00000')).toEqual([]);
  });

  it('claims nothing about a prefix the table does not assign', () => {
    expect(statesForZip('21301')).toBeNull(); // 213 is a gap inside MD's block
    expect(zipStateMismatch('CA', '21301')).toBeNull();
  });

  it('leaves a malformed state or ZIP to its own field rule', () => {
    expect(zipStateMismatch('XX', '10001')).toBeNull();
    expect(zipStateMismatch('CA', '1000')).toBeNull();
  });
});
