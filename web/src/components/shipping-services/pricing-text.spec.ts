import { marginText, pricingDiffers, pricingModeLabel, pricingSummary } from './pricing-text';

const costMarkup = (markupPercent: number, markupCents: number) => ({ pricingMode: 'cost_markup' as const, markupPercent, markupCents });
const tiers = (markupPercent = 0, markupCents = 0) => ({ pricingMode: 'tiers' as const, markupPercent, markupCents });

describe('pricing texts', () => {
  it('names the two modes as the admin reads them', () => {
    expect(pricingModeLabel('tiers')).toBe('Weight tiers');
    expect(pricingModeLabel('cost_markup')).toBe('Carrier cost + markup');
  });

  it('shows a margin of percent and fixed cents as +12.5 % + $0.50', () => {
    expect(marginText(costMarkup(12.5, 50))).toBe('+12.5 % + $0.50');
  });

  it('shows only the parts of a margin that add something', () => {
    expect(marginText(costMarkup(10, 0))).toBe('+10 %');
    expect(marginText(costMarkup(0, 125))).toBe('+$1.25');
    expect(marginText(costMarkup(0, 0))).toBe('No markup (at cost)');
  });

  it('keeps two decimals of a percent and drops trailing zeros', () => {
    expect(marginText(costMarkup(7.25, 0))).toBe('+7.25 %');
    expect(marginText(costMarkup(0.1 + 0.2, 0))).toBe('+0.3 %');
  });

  it('sums a service up by its mode, with the margin for cost + markup only', () => {
    expect(pricingSummary(costMarkup(12.5, 50))).toBe('Carrier cost + markup, +12.5 % + $0.50');
    expect(pricingSummary(tiers(12.5, 50))).toBe('Weight tiers');
  });
});

describe('pricingDiffers', () => {
  it('says a user copy in another mode differs from the default', () => {
    expect(pricingDiffers(costMarkup(10, 0), tiers())).toBe(true);
    expect(pricingDiffers(tiers(), costMarkup(10, 0))).toBe(true);
  });

  it('says a cost + markup copy with another markup differs', () => {
    expect(pricingDiffers(costMarkup(10, 50), costMarkup(10, 0))).toBe(true);
    expect(pricingDiffers(costMarkup(12, 0), costMarkup(10, 0))).toBe(true);
    expect(pricingDiffers(costMarkup(10, 50), costMarkup(10, 50))).toBe(false);
  });

  it('does not count the unused markup of two tier-priced services', () => {
    expect(pricingDiffers(tiers(10, 50), tiers(0, 0))).toBe(false);
  });
});
