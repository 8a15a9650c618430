import { countryGroupOf } from './country-groups';

describe('countryGroupOf', () => {
  it('puts each receiver abroad in the group the sandbox rates it by, and none at home', () => {
    expect(['CA', 'MX', 'DE', 'GB', 'NO', 'JP', 'AU', 'BR', 'ZA'].map(countryGroupOf)).toEqual([
      'canada', 'mexico', 'europe', 'europe', 'europe', 'asia_pacific', 'asia_pacific', 'rest_of_world', 'rest_of_world',
    ]);
    expect(countryGroupOf('US')).toBeNull();
    expect(countryGroupOf('')).toBeNull();
    expect(countryGroupOf(undefined)).toBeNull();
    expect(countryGroupOf(' fr ')).toBe('europe');
  });
});
