import { LABEL_STATES, type LabelState } from '@labeldesk/contracts';
import { canMove, FINAL_STATES, isUsed, moneyMessage, TRANSITIONS, voidRefusal, type VoidCandidate } from './label-state';

const NOW = new Date('2026-11-26T12:00:00Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 86_400_000);
const label = (change: Partial<VoidCandidate> = {}): VoidCandidate => ({ purchasedAt: daysAgo(1), voidState: null, voidReason: null, trackingStatus: null, courier: 'usps', ...change });

describe('label states', () => {
  it.each<[LabelState, LabelState[]]>([
    ['purchased', ['void_requested']],
    ['void_requested', ['voided', 'refund_pending', 'purchased']],
    ['refund_pending', ['refunded', 'refund_rejected', 'refund_pending']],
    ['voided', []],
    ['refunded', []],
    ['refund_rejected', []],
  ])('lets %s move only to %j', (from, allowed) => {
    for (const to of LABEL_STATES) expect(canMove(from, to)).toBe(allowed.includes(to));
  });

  it('never lets a settled label move again, so money comes back at most once', () => {
    for (const state of FINAL_STATES) expect(TRANSITIONS[state]).toEqual([]);
    expect([...FINAL_STATES].sort()).toEqual(['refund_rejected', 'refunded', 'voided']);
  });

  it('reaches voided only through a void request, and refunded only through a pending refund', () => {
    const into = (to: LabelState) => LABEL_STATES.filter((from) => canMove(from, to));
    expect(into('voided')).toEqual(['void_requested']);
    expect(into('refunded')).toEqual(['refund_pending']);
    expect(into('refund_rejected')).toEqual(['refund_pending']);
  });
});

describe('which labels can be voided', () => {
  it('voids an unused label inside the window', () => {
    expect(voidRefusal(label(), NOW, 28)).toBeNull();
    expect(voidRefusal(label({ trackingStatus: 'pre_transit' }), NOW, 28)).toBeNull();
    expect(voidRefusal(label({ trackingStatus: 'unknown', purchasedAt: daysAgo(27.9) }), NOW, 28)).toBeNull();
  });

  it.each(['in_transit', 'out_for_delivery', 'delivered', 'available_for_pickup', 'return_to_sender', 'failure', 'error'] as const)(
    'refuses a label whose last scan is %s: it was used',
    (status) => {
      expect(voidRefusal(label({ trackingStatus: status }), NOW, 28)).toEqual({ code: 'not_voidable', message: expect.stringContaining('scanned') });
      expect(isUsed(status)).toBe(true);
    },
  );

  it('refuses a label past the window, saying the window and the purchase day', () => {
    expect(voidRefusal(label({ purchasedAt: daysAgo(28.01) }), NOW, 28)).toEqual({
      code: 'not_voidable',
      message: `Labels can be voided within 28 days of purchase; this one was bought on ${daysAgo(28.01).toISOString().slice(0, 10)}.`,
    });
    expect(voidRefusal(label({ purchasedAt: daysAgo(6) }), NOW, 5)?.code).toBe('not_voidable');
  });

  it.each(['ups', 'fedex'] as const)('gives a %s label its courier\'s 90-day window, not the USPS window', (courier) => {
    expect(voidRefusal(label({ courier, purchasedAt: daysAgo(60) }), NOW, 28)).toBeNull();
    expect(voidRefusal(label({ courier, purchasedAt: daysAgo(90.01) }), NOW, 28)).toEqual({
      code: 'not_voidable',
      message: `${courier === 'ups' ? 'UPS' : 'FedEx'} labels can be voided within 90 days of purchase; this one was bought on ${daysAgo(90.01).toISOString().slice(0, 10)}.`,
    });
  });

  it.each([['usps'], ['dhl_express'], [null]] as const)('keeps the configured window for a %s label', (courier) => {
    expect(voidRefusal(label({ courier, purchasedAt: daysAgo(28.01) }), NOW, 28)?.message).toMatch(/^Labels can be voided within 28 days/);
  });

  it.each([
    ['void_requested', 'A void of this label is already in progress.'],
    ['voided', 'This label was already voided.'],
    ['refund_pending', 'A refund of this label is already pending with the carrier.'],
    ['refunded', 'This label was already refunded.'],
  ] as const)('refuses a second void of a label that is %s', (state, message) => {
    expect(voidRefusal(label({ voidState: state }), NOW, 28)).toEqual({ code: 'already', message });
  });

  it("refuses a label whose refund was rejected, with the carrier's reason", () => {
    expect(voidRefusal(label({ voidState: 'refund_rejected', voidReason: 'USPS recorded a scan of this package' }), NOW, 28)).toEqual({
      code: 'already',
      message: 'The carrier rejected the refund of this label: USPS recorded a scan of this package',
    });
  });

  it('says the earlier void before anything else, even for a used label past the window', () => {
    expect(voidRefusal(label({ voidState: 'voided', trackingStatus: 'delivered', purchasedAt: daysAgo(90) }), NOW, 28)?.code).toBe('already');
  });
});

describe('what the customer is told about the money', () => {
  it('says the amount and when it comes back', () => {
    expect(moneyMessage('voided', 850)).toBe('Label voided: $8.50 is back on your balance.');
    expect(moneyMessage('voided', 0)).toBe('Label voided.');
    expect(moneyMessage('refund_pending', 1234)).toContain('$12.34 will be back on your balance when it approves');
    expect(moneyMessage('void_requested', 500)).toContain('$5.00 comes back');
  });
});
