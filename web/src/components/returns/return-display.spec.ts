import { canReturnOrder, returnLinkDisplay, returnStateDisplay } from './return-display';

describe('return label display', () => {
  it('says what the seller has paid for a return so far', () => {
    expect(returnStateDisplay({ state: 'awaiting_scan', priceCents: 850 })).toEqual({ text: 'Not used yet · pay on use', tone: 'pending' });
    expect(returnStateDisplay({ state: 'charged', priceCents: 850 })).toEqual({ text: 'Used · $8.50 charged', tone: 'completed' });
    expect(returnStateDisplay({ state: 'prepaid', priceCents: 1500 })).toEqual({ text: 'Prepaid · $15.00', tone: 'neutral' });
    expect(returnStateDisplay({ state: 'voided', priceCents: 1500 })).toEqual({ text: 'Voided · not charged', tone: 'neutral' });
    // Decision 125: a voided prepaid return waits for the carrier's refund, which it may refuse.
    expect(returnStateDisplay({ state: 'refund_pending', priceCents: 1500 })).toEqual({ text: 'Voided · $15.00 back once the carrier refunds it', tone: 'pending' });
    expect(returnStateDisplay({ state: 'refund_rejected', priceCents: 1500 })).toEqual({ text: 'Refund refused by the carrier · $15.00 charged', tone: 'failed' });
  });

  it("tells a live link from an expired or turned-off one", () => {
    const now = new Date('2026-11-30T12:00:00Z');
    expect(returnLinkDisplay(null, now)).toBe('No link for your buyer yet');
    expect(returnLinkDisplay({ createdAt: '2026-11-01T00:00:00Z', expiresAt: '2026-12-01T00:00:00Z', revoked: true }, now)).toBe('Link turned off');
    expect(returnLinkDisplay({ createdAt: '2026-10-01T00:00:00Z', expiresAt: '2026-10-31T00:00:00Z', revoked: false }, now)).toBe('Link expired');
    expect(returnLinkDisplay({ createdAt: '2026-11-01T00:00:00Z', expiresAt: '2026-12-01T00:00:00Z', revoked: false }, now)).toBe('Link works until 01 Dec 2026');
  });

  it('offers a return only for a bought label that was not voided', () => {
    expect(canReturnOrder({ status: 'completed', tracking_number: '9205', label_state: null })).toBe(true);
    expect(canReturnOrder({ status: 'completed', tracking_number: '9205', label_state: 'voided' })).toBe(false);
    expect(canReturnOrder({ status: 'cancelled', tracking_number: null, label_state: null })).toBe(false);
  });
});
