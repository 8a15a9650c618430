import type { PricingMode, Service } from '@labeldesk/contracts';
import { formatCents } from '../../libs/format';

/** The part of a shipping service that says how it is priced. */
export type ServicePricing = Pick<Service, 'pricingMode' | 'markupPercent' | 'markupCents'>;

const MODE_LABELS: Readonly<Record<PricingMode, string>> = { tiers: 'Weight tiers', cost_markup: 'Carrier cost + markup' };

export const pricingModeLabel = (mode: PricingMode): string => MODE_LABELS[mode];

/** `12.5` → `12.5`, `10` → `10`, `7.25` → `7.25`: a percent as an admin typed it, never `12.500000001`. */
export const percentText = (percent: number): string => String(Math.round(percent * 100) / 100);

/** What cost + markup adds to the carrier's cost: `+12.5 % + $0.50`, `+10 %`, `+$0.50`, or `No markup (at cost)`. */
export const marginText = ({ markupPercent, markupCents }: Pick<Service, 'markupPercent' | 'markupCents'>): string => {
  const parts = [...(markupPercent > 0 ? [`${percentText(markupPercent)} %`] : []), ...(markupCents > 0 ? [formatCents(markupCents)] : [])];
  return parts.length === 0 ? 'No markup (at cost)' : `+${parts.join(' + ')}`;
};

/** How a service is priced in one line: the mode, and for cost + markup its margin. */
export const pricingSummary = (pricing: ServicePricing): string =>
  pricing.pricingMode === 'cost_markup' ? `${pricingModeLabel('cost_markup')}, ${marginText(pricing)}` : pricingModeLabel('tiers');

/**
 * Whether a user's copy is priced otherwise than the default: another mode, or cost + markup with another markup. Two
 * services on tiers do not differ here whatever markup they keep: the markup is not used.
 */
export const pricingDiffers = (mine: ServicePricing, fallback: ServicePricing): boolean => {
  if (mine.pricingMode !== fallback.pricingMode) return true;
  return mine.pricingMode === 'cost_markup' && (mine.markupPercent !== fallback.markupPercent || mine.markupCents !== fallback.markupCents);
};
