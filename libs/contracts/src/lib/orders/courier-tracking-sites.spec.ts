import { COURIERS } from './couriers.schema';
import { courierTrackingUrl } from './courier-tracking-sites';

describe('courierTrackingUrl', () => {
  it("sends the buyer to each courier's own tracking page with the number", () => {
    expect(courierTrackingUrl('usps', '9205599999999900010014')).toBe('https://tools.usps.com/go/TrackConfirmAction?tLabels=9205599999999900010014');
    expect(courierTrackingUrl('ups', '1Z999AA10123456784')).toBe('https://www.ups.com/track?tracknum=1Z999AA10123456784');
    for (const courier of COURIERS) expect(courierTrackingUrl(courier, 'ABC12345')).toMatch(/^https:\/\/[^ ]+ABC12345$/);
  });

  it('answers null for a courier this release does not know, or none', () => {
    expect(courierTrackingUrl('ontrac', 'ABC12345')).toBeNull();
    expect(courierTrackingUrl(null, 'ABC12345')).toBeNull();
  });

  it('writes a number that is not one as text in the address, never as more of the address', () => {
    expect(courierTrackingUrl('fedex', '1&x=2')).toBe('https://www.fedex.com/fedextrack/?trknbr=1%26x%3D2');
  });
});
