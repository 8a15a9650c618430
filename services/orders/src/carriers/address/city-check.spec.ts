import { cityWarning, comparableCity } from './city-check';

describe('the city of a ZIP', () => {
  it('says nothing when the city is the one the ZIP is known by, whatever its case, accents or abbreviations', async () => {
    expect(await cityWarning({ city: 'austin', state: 'TX', zip: '78701' })).toBeNull();
    expect(await cityWarning({ city: 'Austin', state: 'TX', zip: '78701-1234' })).toBeNull();
    expect(comparableCity('Saint Louis')).toBe(comparableCity('St. Louis'));
    expect(comparableCity('Fort Worth')).toBe('FTWORTH');
    expect(comparableCity('San José')).toBe('SANJOSE');
  });

  it('warns, naming both cities, when the ZIP is usually known by another city', async () => {
    expect(await cityWarning({ city: 'Seattle', state: 'WA', zip: '98004' })).toBe('ZIP 98004 is usually BELLEVUE, WA, not SEATTLE: check the city (USPS accepts some other names).');
  });

  it('says nothing for a ZIP the table does not know or knows in another state (the state rule speaks then)', async () => {
    expect(await cityWarning({ city: 'Frisco', state: 'TX', zip: '75036' })).toBeNull();
    expect(await cityWarning({ city: 'Seattle', state: 'WA', zip: '78701' })).toBeNull();
  });
});
