import { COUNTRY_OPTIONS, countryCodeOf, countryName, isPostalCodeOf, provinceCodeOf, provinceRequired, provincesOf, usesPostalCodes } from './countries';

describe('country address rules from the libraries', () => {
  it('lists every ISO 3166-1 country by its English name', () => {
    expect(COUNTRY_OPTIONS.length).toBeGreaterThan(240);
    expect(COUNTRY_OPTIONS).toContainEqual({ code: 'CA', name: 'Canada' });
    expect(countryName('DE')).toBe('Germany');
    expect(countryName('GB')).toBe('United Kingdom');
  });

  it('reads a country written as a code in any case, an alpha-3 code or its English name', () => {
    expect(countryCodeOf('ca')).toBe('CA');
    expect(countryCodeOf('DEU')).toBe('DE');
    expect(countryCodeOf('Germany')).toBe('DE');
    expect(countryCodeOf('United Kingdom')).toBe('GB');
    expect(countryCodeOf('Atlantis')).toBeUndefined();
  });

  it.each([
    ['CA', 'K1A 0B1', true],
    ['CA', 'K1A0B1', true],
    ['CA', '12345', false],
    ['GB', 'SW1A 1AA', true],
    ['GB', 'SW1A', false],
    ['DE', '10115', true],
    ['DE', '1011', false],
    ['AU', '2000', true],
    ['NL', '1012 AB', true],
    ['JP', '100-0001', true],
    ['FR', '75001', true],
  ])('checks a %s postal code %s against the country format (%s)', (country, code, valid) => {
    expect(isPostalCodeOf(country, code)).toBe(valid);
  });

  it('knows countries without postal codes', () => {
    expect(usesPostalCodes('HK')).toBe(false);
    expect(usesPostalCodes('DE')).toBe(true);
  });

  it('offers provinces where the address needs one, read by code or name', () => {
    expect(provincesOf('CA').map((p) => p.code)).toEqual(expect.arrayContaining(['ON', 'QC', 'BC', 'YT']));
    expect(provincesOf('AU').map((p) => p.code)).toEqual(expect.arrayContaining(['NSW', 'VIC']));
    expect(provinceRequired('CA')).toBe(true);
    expect(provinceRequired('MX')).toBe(true);
    expect(provinceRequired('DE')).toBe(false);
    expect(provincesOf('DE')).toEqual([]);
    expect(provinceCodeOf('CA', 'ontario')).toBe('ON');
    expect(provinceCodeOf('CA', 'on')).toBe('ON');
    expect(provinceCodeOf('CA', 'Bavaria')).toBeUndefined();
  });
});
