import { carrierNames, formatKnownCents, marginColor, marginShare, withoutCostNote } from './label-costs';

describe('label costs as the admin pages show them', () => {
  it('names the carriers that sold a row, and shows a dash when none was recorded', () => {
    expect(carrierNames(['easypost', 'usps'])).toBe('EasyPost, USPS');
    expect(carrierNames(['sandbox'])).toBe('Sandbox');
    expect(carrierNames([])).toBe('—');
  });

  it('formats a known amount as the app formats money, and an unknown one as a dash rather than $0.00', () => {
    expect(formatKnownCents(123456)).toBe('$1,234.56');
    expect(formatKnownCents(-112)).toBe('-$1.12');
    expect(formatKnownCents(0)).toBe('$0.00');
    expect(formatKnownCents(null)).toBe('—');
  });

  it('gives the margin as a share of the revenue to one decimal, and none for no revenue', () => {
    expect(marginShare(250, 1200)).toBe('20.8%');
    expect(marginShare(-100, 900)).toBe('-11.1%');
    expect(marginShare(0, 500)).toBe('0.0%');
    expect(marginShare(0, 0)).toBeNull();
  });

  it('counts the labels without a recorded cost in words, and says nothing when there are none', () => {
    expect(withoutCostNote(0)).toBeNull();
    expect(withoutCostNote(1)).toBe('1 label without a recorded cost');
    expect(withoutCostNote(3)).toBe('3 labels without a recorded cost');
  });

  it('colours only a loss', () => {
    expect(marginColor(-1)).toBe('status.failed.fg');
    expect(marginColor(0)).toBeUndefined();
    expect(marginColor(null)).toBeUndefined();
  });
});
