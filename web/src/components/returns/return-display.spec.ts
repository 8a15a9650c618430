import { canReturnOrder, canVoidReturn, returnLinkDisplay, returnStateDisplay, returnVoidedMessage, returnVoidExplanation } from './return-display';

describe('return label display', () => {
  it('says what the seller has paid for a return so far', () => {
    expect(returnStateDisplay({ state: 'awaiting_scan', priceCents: 850, payment: 'on_use' })).toEqual({ text: 'Not used yet · pay on use', tone: 'pending' });
    expect(returnStateDisplay({ state: 'charged', priceCents: 850, payment: 'on_use' })).toEqual({ text: 'Used · $8.50 charged', tone: 'completed' });
    expect(returnStateDisplay({ state: 'prepaid', priceCents: 1500, payment: 'prepaid' })).toEqual({ text: 'Prepaid · $15.00', tone: 'neutral' });
    expect(returnStateDisplay({ state: 'voided', priceCents: 1500, payment: 'on_use' })).toEqual({ text: 'Voided · not charged', tone: 'neutral' });
    expect(returnStateDisplay({ state: 'voided', priceCents: 1500, payment: 'prepaid' })).toEqual({ text: 'Voided · $15.00 back on your balance', tone: 'neutral' });
    // Decision 125: a voided prepaid return waits for the carrier's refund, which it may refuse.
    expect(returnStateDisplay({ state: 'refund_pending', priceCents: 1500, payment: 'prepaid' })).toEqual({ text: 'Voided · $15.00 back once the carrier refunds it', tone: 'pending' });
    expect(returnStateDisplay({ state: 'refund_rejected', priceCents: 1500, payment: 'prepaid' })).toEqual({ text: 'Refund refused by the carrier · $15.00 charged', tone: 'failed' });
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

  it('offers a void for an unused return only, and says before it what comes back and when (decision 128)', () => {
    expect(['prepaid', 'awaiting_scan', 'charged', 'voided', 'refund_pending', 'refund_rejected'].filter((state) => canVoidReturn({ state: state as never, scannedAt: null }))).toEqual(['prepaid', 'awaiting_scan']);
    expect(canVoidReturn({ state: 'awaiting_scan', scannedAt: '2026-11-30T12:00:00Z' })).toBe(false);
    expect(returnVoidExplanation({ payment: 'on_use', priceCents: 850, carrier: 'sandbox' })).toBe('Nothing was charged for this pay-on-use label, so nothing comes back. Your buyer can no longer use it.');
    expect(returnVoidExplanation({ payment: 'prepaid', priceCents: 1500, carrier: 'easypost' })).toBe(
      'A refund of $15.00 is requested from EasyPost: it is credited to your balance when the carrier refunds it (shown as Refund pending meanwhile), and not if the carrier refuses. Your buyer can no longer use it.',
    );
    expect(returnVoidExplanation({ payment: 'prepaid', priceCents: 1500, carrier: 'usps' })).toBe(
      '$15.00 comes back to your balance at once when USPS cancels it; if USPS only takes a refund request, once it refunds it (shown as Refund pending meanwhile). Your buyer can no longer use it.',
    );
  });

  it('says what the void did from the state the server answered', () => {
    const base = { payment: 'prepaid' as const, priceCents: 1500, refundReason: null };
    expect(returnVoidedMessage({ ...base, state: 'voided' })).toBe('Return label voided: $15.00 is back on your balance');
    expect(returnVoidedMessage({ ...base, payment: 'on_use', state: 'voided' })).toBe('Return label voided: nothing was charged');
    expect(returnVoidedMessage({ ...base, state: 'refund_pending' })).toBe('Refund requested: $15.00 is credited when the carrier refunds it');
    expect(returnVoidedMessage({ ...base, state: 'refund_rejected', refundReason: 'Label was used.' })).toBe('The carrier refused the refund: Label was used.');
  });
});
