import type { Rate } from '@labeldesk/contracts';
import { comparisonState } from './comparison-state';

const RATES: Rate[] = [{ offeringUid: 'usps_priority', carrier: 'usps', service: 'USPS Priority Mail', priceCents: 905, deliveryDays: 2, tags: ['cheapest'] }];
const idle = { data: undefined, isError: false, isFetching: false, waiting: false };

describe('what the rate comparison shows', () => {
  it('asks for the rest of the parcel while it is incomplete, whatever an earlier parcel was rated', () => {
    expect(comparisonState(false, { ...idle, data: RATES })).toEqual({ step: 'incomplete' });
  });

  it('shows placeholders until the first rates of a complete parcel come', () => {
    expect(comparisonState(true, { ...idle, waiting: true })).toEqual({ step: 'loading' });
    expect(comparisonState(true, { ...idle, isFetching: true })).toEqual({ step: 'loading' });
  });

  it('says the comparison failed rather than showing no rates', () => {
    expect(comparisonState(true, { ...idle, isError: true })).toEqual({ step: 'error' });
  });

  it('keeps the rates on screen, marked as updating, while a changed parcel is waited for or asked', () => {
    expect(comparisonState(true, { ...idle, data: RATES })).toEqual({ step: 'rates', rates: RATES, updating: false });
    expect(comparisonState(true, { ...idle, data: RATES, waiting: true })).toEqual({ step: 'rates', rates: RATES, updating: true });
    expect(comparisonState(true, { ...idle, data: [], isFetching: true })).toEqual({ step: 'rates', rates: [], updating: true });
  });
});
