import { LABEL_STATES, TRACKING_STATUS_VALUES } from '@labeldesk/contracts';
import type { OrderListItem } from '@labeldesk/contracts';
import {
  isLabelWithdrawn,
  orderRowTone,
  withdrawnLabelText,
  batchVoidExplanation,
  bulkVoidResultDisplay,
  bulkVoidTotals,
  canTrackOrder,
  canVoidLabel,
  canVoidOrder,
  carrierDisplayName,
  hasScans,
  labelStateDisplay,
  labelStateText,
  newestFirst,
  singleVoidExplanation,
  totalPrice,
  trackingStatusDisplay,
  voidAllAmount,
} from './label-lifecycle-display';

type OrderFields = Pick<OrderListItem, 'status' | 'tracking_number' | 'label_state' | 'tracking_status'>;
const order = (fields: Partial<OrderFields> = {}): OrderFields => ({
  status: 'completed',
  tracking_number: '9400111899223344556677',
  label_state: 'purchased',
  tracking_status: null,
  ...fields,
});

describe('label state in words', () => {
  it('shows nothing for a label that is simply purchased or not bought yet', () => {
    expect(labelStateDisplay('purchased')).toBeNull();
    expect(labelStateDisplay(null)).toBeNull();
  });

  it.each([
    ['void_requested', 'Void requested', 'processing'],
    ['voided', 'Voided', 'neutral'],
    ['refund_pending', 'Refund pending', 'processing'],
    ['refunded', 'Refunded', 'neutral'],
    ['refund_rejected', 'Refund rejected', 'failed'],
  ] as const)('names %s "%s" in the %s colour', (state, text, tone) => {
    expect(labelStateDisplay(state)).toEqual({ text, tone });
  });

  it('has words for every state, purchased included, for the batch table', () => {
    for (const state of LABEL_STATES) expect(labelStateText(state)).toMatch(/^[A-Z][a-z ]+$/);
    expect(labelStateText('purchased')).toBe('Purchased');
  });
});

describe('tracking status in words', () => {
  it.each([
    ['pre_transit', 'Pre-transit', 'neutral'],
    ['in_transit', 'In transit', 'processing'],
    ['out_for_delivery', 'Out for delivery', 'processing'],
    ['delivered', 'Delivered', 'completed'],
    ['return_to_sender', 'Return to sender', 'stuck'],
    ['failure', 'Delivery failed', 'failed'],
  ] as const)('names %s "%s" in the %s colour', (status, text, tone) => {
    expect(trackingStatusDisplay(status)).toEqual({ text, tone });
  });

  it('never shows the raw vocabulary (no underscores) for any status', () => {
    for (const status of TRACKING_STATUS_VALUES) expect(trackingStatusDisplay(status).text).not.toContain('_');
  });
});

describe('who may void', () => {
  it('allows a purchased label nobody has scanned yet', () => {
    expect(canVoidLabel({ state: 'purchased', trackingStatus: null })).toBe(true);
    expect(canVoidLabel({ state: 'purchased', trackingStatus: 'pre_transit' })).toBe(true);
    expect(canVoidLabel({ state: 'purchased', trackingStatus: 'unknown' })).toBe(true);
  });

  it.each(['in_transit', 'out_for_delivery', 'delivered', 'return_to_sender', 'failure', 'available_for_pickup'] as const)(
    'refuses a label the carrier has already scanned (%s)',
    (trackingStatus) => {
      expect(canVoidLabel({ state: 'purchased', trackingStatus })).toBe(false);
    },
  );

  it.each(['void_requested', 'voided', 'refund_pending', 'refunded', 'refund_rejected'] as const)('refuses a label already on its way back (%s)', (state) => {
    expect(canVoidLabel({ state, trackingStatus: null })).toBe(false);
  });

  it('offers Void on a completed order whose label is purchased and unscanned', () => {
    expect(canVoidOrder(order())).toBe(true);
    expect(canVoidOrder(order({ tracking_status: 'pre_transit' }))).toBe(true);
  });

  it('never offers Void on a pending or cancelled order, or one without a label', () => {
    expect(canVoidOrder(order({ status: 'pending' }))).toBe(false);
    expect(canVoidOrder(order({ status: 'cancelled' }))).toBe(false);
    expect(canVoidOrder(order({ label_state: null }))).toBe(false);
    expect(canVoidOrder(order({ tracking_number: null }))).toBe(false);
    expect(canVoidOrder(order({ tracking_status: 'in_transit' }))).toBe(false);
    expect(canVoidOrder(order({ label_state: 'voided' }))).toBe(false);
  });

  it('offers Track on completed orders with a tracking number, voided ones too', () => {
    expect(canTrackOrder(order({ label_state: 'voided' }))).toBe(true);
    expect(canTrackOrder(order({ tracking_number: null }))).toBe(false);
    expect(canTrackOrder(order({ status: 'pending' }))).toBe(false);
  });
});

describe('confirmation amounts', () => {
  it('names the price, both outcomes and the warning for one label', () => {
    expect(singleVoidExplanation(850, 'usps')).toBe(
      "$8.50 comes back to your balance at once if USPS has not yet received the day's manifest; otherwise USPS watches the label for scans " +
        'and refunds it in about 2–4 weeks (shown as Refund pending meanwhile). A voided label must not be used.',
    );
  });

  it('names the courier carrying the parcel, whichever label carrier sold it', () => {
    expect([carrierDisplayName('usps'), carrierDisplayName('ups'), carrierDisplayName('fedex'), carrierDisplayName('dhl_express')]).toEqual(['USPS', 'UPS', 'FedEx', 'DHL Express']);
    expect(singleVoidExplanation(1_250, 'ups')).toContain('at once if UPS has not yet received');
  });

  it('calls an unknown courier "the carrier"', () => {
    expect(carrierDisplayName(null)).toBe('the carrier');
    expect(carrierDisplayName('easypost')).toBe('the carrier');
    expect(carrierDisplayName('dhl')).toBe('the carrier');
    expect(singleVoidExplanation(100, 'dhl')).toContain('if the carrier has not yet received');
  });

  it('adds up the selected labels in cents', () => {
    expect(totalPrice([{ trackingNumber: 'A1234567', price: 850 }, { trackingNumber: 'B1234567', price: 1_199 }])).toBe(2_049);
    expect(totalPrice([])).toBe(0);
  });

  it('counts only the voidable labels when the whole batch is on screen', () => {
    const amount = voidAllAmount({
      loaded: [
        { price: 850, state: 'purchased', trackingStatus: null },
        { price: 900, state: 'purchased', trackingStatus: 'in_transit' },
        { price: 700, state: 'voided', trackingStatus: null },
        { price: 1_000, state: 'purchased', trackingStatus: 'pre_transit' },
      ],
      totalCount: 4,
      batchCostCents: 3_450,
    });
    expect(amount).toEqual({ cents: 1_850, exact: true });
  });

  it('falls back to "up to" the batch charge when only a page of the batch is loaded', () => {
    const amount = voidAllAmount({ loaded: [{ price: 850, state: 'purchased', trackingStatus: null }], totalCount: 250, batchCostCents: 212_500 });
    expect(amount).toEqual({ cents: 212_500, exact: false });
    expect(batchVoidExplanation({ count: null, ...amount })).toMatch(/^Up to \$2,125\.00 comes back for the labels that can still be voided: /);
  });

  it('names the count and the exact total of a selection', () => {
    expect(batchVoidExplanation({ count: 2, cents: 2_049, exact: true })).toMatch(/^\$20\.49 comes back for the 2 labels: at once for each label USPS/);
    expect(batchVoidExplanation({ count: 1, cents: 850, exact: true })).toContain('for the 1 label:');
  });
});

describe('tracking timeline', () => {
  const event = (status: 'pre_transit' | 'in_transit' | 'delivered', occurredAt: string) => ({ status, occurredAt, message: status, location: null });

  it('lists events newest first, as carriers do', () => {
    const events = [event('pre_transit', '2026-11-20T10:00:00Z'), event('in_transit', '2026-11-21T08:00:00Z'), event('delivered', '2026-11-22T15:30:00Z')];
    expect(newestFirst(events).map((e) => e.status)).toEqual(['delivered', 'in_transit', 'pre_transit']);
    expect(events[0]?.status).toBe('pre_transit');
  });

  it('puts the later of two events with the same time first (the API sends them oldest first)', () => {
    const events = [event('pre_transit', '2026-11-20T10:00:00Z'), event('in_transit', '2026-11-20T10:00:00Z')];
    expect(newestFirst(events).map((e) => e.status)).toEqual(['in_transit', 'pre_transit']);
  });

  it('counts a label with only pre-transit events as not scanned yet', () => {
    expect(hasScans([])).toBe(false);
    expect(hasScans([event('pre_transit', '2026-11-20T10:00:00Z')])).toBe(false);
    expect(hasScans([event('pre_transit', '2026-11-20T10:00:00Z'), event('in_transit', '2026-11-21T08:00:00Z')])).toBe(true);
  });
});

describe('batch void results', () => {
  it('says each outcome in words', () => {
    expect(bulkVoidResultDisplay('voided')).toEqual({ text: 'Voided', tone: 'neutral' });
    expect(bulkVoidResultDisplay('refund_pending')).toEqual({ text: 'Refund pending', tone: 'processing' });
    expect(bulkVoidResultDisplay('refused')).toEqual({ text: 'Refused', tone: 'failed' });
  });

  it('sums up the counts and separates money back now from money pending', () => {
    expect(bulkVoidTotals({ voided: 2, refundPending: 1, refused: 1, amountBack: 1_700, amountPending: 850 })).toEqual({
      counts: '2 voided · 1 refund pending · 1 refused',
      money: "$17.00 back on your balance now · $8.50 pending the carrier's refund",
    });
  });
});

describe('an order row whose label was withdrawn', () => {
  it('is tinted by the label state, not green Completed, once a void or refund is asked for or done', () => {
    expect(orderRowTone({ status: 'completed', label_state: 'voided' })).toBe('neutral');
    expect(orderRowTone({ status: 'completed', label_state: 'refunded' })).toBe('neutral');
    expect(orderRowTone({ status: 'completed', label_state: 'void_requested' })).toBe('processing');
    expect(orderRowTone({ status: 'completed', label_state: 'refund_pending' })).toBe('processing');
  });

  it('keeps its status tint while the label is live, or used (a rejected refund), or there is none', () => {
    expect(orderRowTone({ status: 'completed', label_state: 'purchased' })).toBe('completed');
    expect(orderRowTone({ status: 'completed', label_state: 'refund_rejected' })).toBe('completed');
    expect(orderRowTone({ status: 'completed', label_state: null })).toBe('completed');
    expect(orderRowTone({ status: 'cancelled', label_state: null })).toBe('cancelled');
  });

  it('says not to ship with it where Download was', () => {
    expect(withdrawnLabelText('voided')).toBe('Label voided: do not ship with it');
    expect(withdrawnLabelText('refunded')).toBe('Label refunded: do not ship with it');
    expect(withdrawnLabelText('refund_pending')).toBe('Refund pending: do not ship with it');
    expect(isLabelWithdrawn('refund_rejected')).toBe(false);
    expect(isLabelWithdrawn(null)).toBe(false);
  });
});
