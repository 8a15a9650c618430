import { deliveryDateAfter } from './sandbox-rates';

describe('the delivery date of a sandbox rate', () => {
  it('counts business days from a weekday\'s Central day', () => {
    // Tuesday 14 July 2026, noon Central.
    const tuesday = new Date('2026-07-14T17:00:00Z');
    expect(deliveryDateAfter(tuesday, 1)).toBe('2026-07-15');
    expect(deliveryDateAfter(tuesday, 3)).toBe('2026-07-17');
    expect(deliveryDateAfter(tuesday, 5)).toBe('2026-07-21');
  });

  it('skips the weekend, and a parcel handed over on a Saturday or Sunday leaves on Monday', () => {
    expect(deliveryDateAfter(new Date('2026-07-17T17:00:00Z'), 1)).toBe('2026-07-20');
    expect(deliveryDateAfter(new Date('2026-07-18T17:00:00Z'), 1)).toBe('2026-07-21');
    expect(deliveryDateAfter(new Date('2026-07-19T17:00:00Z'), 2)).toBe('2026-07-22');
  });

  it('takes the day in Central time: Friday 10pm in Chicago is still Friday though UTC is on Saturday', () => {
    expect(deliveryDateAfter(new Date('2026-07-18T03:00:00Z'), 1)).toBe('2026-07-20');
  });
});
