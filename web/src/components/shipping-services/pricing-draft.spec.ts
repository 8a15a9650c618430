import { checkPricingDraft, pricingDraftOf } from './pricing-draft';
import type { PricingDraft } from './pricing-draft';

const saved = { pricingMode: 'tiers' as const, markupPercent: 5, markupCents: 25 };
const costDraft = (markupPercent: string, markupDollars: string): PricingDraft => ({ pricingMode: 'cost_markup', markupPercent, markupDollars });

describe('pricingDraftOf', () => {
  it('starts from the saved mode, the percent as typed and the fixed markup in dollars', () => {
    expect(pricingDraftOf({ pricingMode: 'cost_markup', markupPercent: 12.5, markupCents: 50 })).toEqual({ pricingMode: 'cost_markup', markupPercent: '12.5', markupDollars: '0.50' });
  });
});

describe('checkPricingDraft', () => {
  it('reads 12.5 and 0.50 as 12.5 % and 50 cents', () => {
    expect(checkPricingDraft(costDraft('12.5', '0.50'), saved)).toEqual({ ok: true, body: { pricingMode: 'cost_markup', markupPercent: 12.5, markupCents: 50 } });
  });

  it('takes a percent sign and a dollar sign with grouping', () => {
    expect(checkPricingDraft(costDraft('12.5 %', '$1,000'), saved)).toEqual({ ok: true, body: { pricingMode: 'cost_markup', markupPercent: 12.5, markupCents: 100_000 } });
  });

  it('turns dollars into cents from the digits, so 19.99 is exactly 1999', () => {
    expect(checkPricingDraft(costDraft('0', '19.99'), saved)).toEqual({ ok: true, body: { pricingMode: 'cost_markup', markupPercent: 0, markupCents: 1999 } });
  });

  it('refuses a percent with more than two decimals', () => {
    expect(checkPricingDraft(costDraft('0.505', '0'), saved)).toEqual({ ok: false, errors: { markupPercent: 'Markup percent takes at most two decimals' } });
  });

  it('refuses a fixed markup in fractions of a cent', () => {
    expect(checkPricingDraft(costDraft('10', '0.505'), saved)).toEqual({ ok: false, errors: { markupDollars: 'Markup must be whole cents' } });
  });

  it('refuses a percent outside 0 to 500 with the server message', () => {
    expect(checkPricingDraft(costDraft('500.01', '0'), saved)).toEqual({ ok: false, errors: { markupPercent: 'Markup percent must be between 0 and 500' } });
    expect(checkPricingDraft(costDraft('-1', '0'), saved)).toEqual({ ok: false, errors: { markupPercent: 'Markup percent must be between 0 and 500' } });
    expect(checkPricingDraft(costDraft('500', '0'), saved).ok).toBe(true);
  });

  it('refuses a fixed markup outside $0.00 to $1,000.00 with the server message', () => {
    expect(checkPricingDraft(costDraft('0', '1000.01'), saved)).toEqual({ ok: false, errors: { markupDollars: 'Markup must be between $0.00 and $1,000.00' } });
    expect(checkPricingDraft(costDraft('0', '-0.50'), saved)).toEqual({ ok: false, errors: { markupDollars: 'Markup must be between $0.00 and $1,000.00' } });
  });

  it('says which fields are no number, both at once', () => {
    expect(checkPricingDraft(costDraft('ten', ''), saved)).toEqual({
      ok: false,
      errors: { markupPercent: 'Markup percent must be a number', markupDollars: 'Markup must be an amount in dollars, like 0.50' },
    });
  });

  it('sends the saved markup back unchanged when switching to weight tiers, whatever was typed', () => {
    expect(checkPricingDraft({ pricingMode: 'tiers', markupPercent: 'ten', markupDollars: '0.505' }, saved)).toEqual({
      ok: true,
      body: { pricingMode: 'tiers', markupPercent: 5, markupCents: 25 },
    });
  });
});
