import { courierOfUid } from './courier-of-uid';

describe('courierOfUid', () => {
  it('reads the courier a uid begins with', () => {
    expect(courierOfUid('ups_ground')).toBe('ups');
    expect(courierOfUid('fedex_2_day')).toBe('fedex');
    expect(courierOfUid('usps_priority')).toBe('usps');
  });

  it('takes the longest courier id a uid begins with', () => {
    expect(courierOfUid('dhl_express_worldwide')).toBe('dhl_express');
  });

  it('reads a uid that begins with no courier as USPS mail', () => {
    expect(courierOfUid('priority_mail')).toBe('usps');
    expect(courierOfUid('')).toBe('usps');
  });
});
