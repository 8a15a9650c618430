import { carrierAlertSchema, CARRIER_ALERT_REASONS } from './carrier-alerts.contract';

const alert = { carrier: 'usps', carrierName: 'USPS', message: 'The purchase of the label of order 1: unreadable', since: '2026-11-27T18:00:00.000Z', lastSeen: '2026-11-27T18:05:00.000Z' };

describe('carrierAlertSchema', () => {
  it.each(CARRIER_ALERT_REASONS)('takes the reason %s', (reason) => {
    expect(carrierAlertSchema.parse({ ...alert, reason })).toEqual({ ...alert, reason });
  });

  it('knows an answer the carrier gave that we could not read and a price under its cost, beside no funds and not answering', () => {
    expect(CARRIER_ALERT_REASONS).toEqual(['upstream_funds', 'unavailable', 'unreadable_answer', 'price_below_cost']);
  });

  it('refuses a reason it does not know', () => {
    expect(carrierAlertSchema.safeParse({ ...alert, reason: 'dismissed' }).success).toBe(false);
  });
});
