import { pricingBodySchema } from '@labeldesk/contracts';
import type { PricingBody, PricingMode } from '@labeldesk/contracts';
import { centsToDollarInput } from '../../libs/format';
import { percentText } from './pricing-text';
import type { ServicePricing } from './pricing-text';

/** The pricing dialog's fields as typed: the percent as a number of percent, the fixed markup in dollars. */
export interface PricingDraft {
  pricingMode: PricingMode;
  markupPercent: string;
  markupDollars: string;
}

export type PricingDraftErrors = Partial<Record<'markupPercent' | 'markupDollars', string>>;

export type PricingDraftCheck = { ok: true; body: PricingBody } | { ok: false; errors: PricingDraftErrors };

export const pricingDraftOf = (saved: ServicePricing): PricingDraft => ({
  pricingMode: saved.pricingMode,
  markupPercent: percentText(saved.markupPercent),
  markupDollars: centsToDollarInput(saved.markupCents),
});

// A plain decimal, as a person types it: `12`, `12.5`, `.5`, `-3` (the range check says what is wrong with a negative).
const DECIMAL = /^-?(\d+\.?\d*|\.\d+)$/;

const decimalsOf = (text: string): number => (text.split('.')[1] ?? '').length;

/** `12.5`, `12.5%` or `12.5 %` → 12.5; null when it is no number. */
const readPercent = (text: string): number | null => {
  const bare = text.trim().replace(/\s*%$/, '');
  return DECIMAL.test(bare) ? Number(bare) : null;
};

/** `0.5`, `$0.50` or `1,000` → the text of a dollar amount without its sign and grouping; null when it is no number. */
const readDollars = (text: string): string | null => {
  const bare = text.trim().replace(/^\$\s*/, '').replace(/,/g, '');
  return DECIMAL.test(bare) ? bare : null;
};

/** Dollars to cents from the digits: `19.99` is exactly 1999, where `19.99 * 100` is 1998.9999999999998. */
const dollarsToCents = (dollars: string): number => {
  const negative = dollars.startsWith('-');
  const [whole = '', fraction = ''] = dollars.replace('-', '').split('.');
  const cents = Number(whole || '0') * 100 + Number(fraction.padEnd(2, '0') || '0');
  return negative ? -cents : cents;
};

/**
 * The body the server takes, or what is wrong with each field, with the server's own messages (the contract's schema
 * checks the ranges). On weight tiers the markup is not used, so the saved one is sent back unchanged whatever was typed.
 */
export const checkPricingDraft = (draft: PricingDraft, saved: ServicePricing): PricingDraftCheck => {
  if (draft.pricingMode === 'tiers') {
    return { ok: true, body: { pricingMode: 'tiers', markupPercent: saved.markupPercent, markupCents: saved.markupCents } };
  }
  const errors: PricingDraftErrors = {};
  const percent = readPercent(draft.markupPercent);
  const dollars = readDollars(draft.markupDollars);
  if (percent === null) errors.markupPercent = 'Markup percent must be a number';
  if (dollars === null) errors.markupDollars = 'Markup must be an amount in dollars, like 0.50';
  else if (decimalsOf(dollars) > 2) errors.markupDollars = 'Markup must be whole cents';
  const cents = dollars === null || errors.markupDollars ? 0 : dollarsToCents(dollars);

  const parsed = pricingBodySchema.safeParse({ pricingMode: draft.pricingMode, markupPercent: percent ?? 0, markupCents: cents });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] === 'markupPercent' ? 'markupPercent' : 'markupDollars';
      errors[field] ??= issue.message;
    }
  }
  if (parsed.success && Object.keys(errors).length === 0) return { ok: true, body: parsed.data };
  return { ok: false, errors };
};
