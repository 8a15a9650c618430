import { ApiError } from '../../libs/http-client';
import { livePriceOnFailure, PRICED_FROM_RATE } from './price-quote';

describe('the live price when the quote fails', () => {
  it('is 0 for a failed quote, as the spec says', () => {
    expect(livePriceOnFailure(new ApiError(400, 'Service "X" is not available to you', 'PRICING_SERVICE_UNAVAILABLE', true))).toBe(0);
    expect(livePriceOnFailure(new Error('network'))).toBe(0);
  });

  it("says a service priced from the carrier's rate is that, never $0.00", () => {
    expect(livePriceOnFailure(new ApiError(422, 'UPS Ground is priced from the carrier\'s rate for each parcel', 'PRICING_COST_NEEDED', true))).toBe(PRICED_FROM_RATE);
  });

  it('lets an aborted quote stay aborted', () => {
    expect(() => livePriceOnFailure(new DOMException('aborted', 'AbortError'))).toThrow('aborted');
  });
});
