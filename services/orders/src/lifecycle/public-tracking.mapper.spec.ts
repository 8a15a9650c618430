import type { LabelTracking } from '@labeldesk/contracts';
import { cityAndStateOf, publicTrackingOf, withoutName } from './public-tracking.mapper';

describe('cityAndStateOf', () => {
  it.each([
    ['Boston, MA 02134', 'Boston, MA'],
    ['Boston, MA 02134-1234', 'Boston, MA'],
    ['SAN FRANCISCO, CA', 'SAN FRANCISCO, CA'],
    ['Memphis', 'Memphis'],
    ['ST LOUIS', 'ST LOUIS'],
    ['TN 38118', 'TN'],
  ])('keeps the city and state of %p', (location, shown) => {
    expect(cityAndStateOf(location)).toBe(shown);
  });

  it('drops a part with digits in it, which may be a street, and a ZIP alone', () => {
    expect(cityAndStateOf('123 Main St, Springfield, IL 62704')).toBe('IL');
    expect(cityAndStateOf('02134')).toBeNull();
  });

  it('answers null when the carrier named no place', () => {
    expect(cityAndStateOf(null)).toBeNull();
    expect(cityAndStateOf('')).toBeNull();
  });
});

describe('withoutName', () => {
  it("replaces the receiver's name in a scan's words, in any case", () => {
    expect(withoutName('Delivered, signed for by JANE DOE', 'Jane Doe')).toBe('Delivered, signed for by the receiver');
  });

  it('leaves words without the name as they are', () => {
    expect(withoutName('Out for delivery', 'Jane Doe')).toBe('Out for delivery');
  });
});

describe('publicTrackingOf', () => {
  const tracking: LabelTracking = {
    trackingNumber: '9400111899223344556677',
    carrier: 'easypost',
    courier: 'usps',
    status: 'delivered',
    used: true,
    events: [{ status: 'delivered', message: 'Delivered to Jane Doe', occurredAt: '2026-11-29T10:00:00.000Z', location: 'Boston, MA 02134' }],
    checkedAt: '2026-11-29T10:05:00.000Z',
  };

  it("shows the seller, courier, service, number and scans, never the receiver, the ZIP or the label carrier", () => {
    const shown = publicTrackingOf({ serviceName: 'USPS Ground Advantage', receiverName: 'Jane Doe' }, 'Acme Goods', tracking);
    expect(shown).toEqual({
      sellerName: 'Acme Goods',
      courier: 'usps',
      serviceName: 'USPS Ground Advantage',
      trackingNumber: '9400111899223344556677',
      status: 'delivered',
      events: [{ status: 'delivered', message: 'Delivered to the receiver', occurredAt: '2026-11-29T10:00:00.000Z', place: 'Boston, MA' }],
      checkedAt: '2026-11-29T10:05:00.000Z',
    });
    expect(JSON.stringify(shown)).not.toMatch(/Jane|02134|easypost/);
  });
});
