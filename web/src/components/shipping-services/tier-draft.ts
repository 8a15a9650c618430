import { addPriceRange, INVALID_PRICE_RANGES, priceTierSchema, tiersAreContinuous } from '@labeldesk/contracts';
import type { PriceTier } from '@labeldesk/contracts';
import { centsToDollarInput, dollarInputToCents } from '../../libs/format';

/** The largest price the contract accepts for one tier (integer cents). */
const MAX_PRICE_CENTS = priceTierSchema.shape.price.maxValue ?? 1_000_000;

/** One tier as typed: weights in whole pounds, the price in dollars (the wire carries integer cents). */
export interface TierDraft {
  /** Stable across edits, so React keeps each row's inputs while rows are added and removed. */
  key: string;
  fromWeight: string;
  toWeight: string;
  price: string;
}

export type TierField = 'fromWeight' | 'toWeight' | 'price';
export type TierFieldErrors = Partial<Record<TierField, string>>;

export type TierCheck =
  | { ok: true; tiers: PriceTier[] }
  /** `fieldErrors` is index-aligned with the drafts; `rangeError` is the spec's alert when the ranges do not join up. */
  | { ok: false; fieldErrors: TierFieldErrors[]; rangeError: string | null };

/** Spec 5 "Services": From min 1 max maxWeight-1, To min 1 max maxWeight, price min 0 step 0.01. */
export const tierBounds = (maxWeight: number) => ({
  fromWeight: { min: 1, max: Math.max(1, maxWeight - 1) },
  toWeight: { min: 1, max: maxWeight },
  price: { min: 0, step: 0.01 },
});

let nextKey = 0;
const newKey = (): string => `tier-${(nextKey += 1)}`;

export const tierDraftsFrom = (tiers: readonly PriceTier[]): TierDraft[] =>
  [...tiers]
    .sort((a, b) => a.fromWeight - b.fromWeight)
    .map((tier) => ({ key: newKey(), fromWeight: String(tier.fromWeight), toWeight: String(tier.toWeight), price: centsToDollarInput(tier.price) }));

const wholePounds = (text: string): number | null => (/^\s*\d+\s*$/.test(text) ? Number(text) : null);

const checkWeight = (text: string, label: string, bounds: { min: number; max: number }): { value: number } | { error: string } => {
  const value = wholePounds(text);
  if (value === null || value < bounds.min || value > bounds.max) return { error: `${label} must be a whole number from ${bounds.min} to ${bounds.max}` };
  return { value };
};

const checkPrice = (text: string): { value: number } | { error: string } => {
  if (text.trim().startsWith('-')) return { error: 'Price must be 0 or more' };
  const cents = dollarInputToCents(text);
  if (cents === null) return { error: 'Price must be an amount like 8.50' };
  if (cents > MAX_PRICE_CENTS) return { error: `Price must be at most ${centsToDollarInput(MAX_PRICE_CENTS)}` };
  return { value: cents };
};

/**
 * What Save checks before anything is sent: each field within the spec's bounds, then the ranges continuous from
 * 1 to maxWeight with no gap or overlap (the same rule the pricing service enforces, from the shared contract).
 */
export const checkTierDrafts = (drafts: readonly TierDraft[], maxWeight: number): TierCheck => {
  const bounds = tierBounds(maxWeight);
  const tiers: PriceTier[] = [];
  const fieldErrors = drafts.map((draft): TierFieldErrors => {
    const from = checkWeight(draft.fromWeight, 'From', bounds.fromWeight);
    const to = checkWeight(draft.toWeight, 'To', bounds.toWeight);
    const price = checkPrice(draft.price);
    const errors: TierFieldErrors = {};
    if ('error' in from) errors.fromWeight = from.error;
    if ('error' in to) errors.toWeight = to.error;
    if ('error' in price) errors.price = price.error;
    if ('value' in from && 'value' in to && 'value' in price) tiers.push({ fromWeight: from.value, toWeight: to.value, price: price.value });
    return errors;
  });
  if (fieldErrors.some((errors) => Object.keys(errors).length > 0)) return { ok: false, fieldErrors, rangeError: null };
  if (!tiersAreContinuous(tiers, maxWeight)) return { ok: false, fieldErrors, rangeError: INVALID_PRICE_RANGES };
  return { ok: true, tiers: [...tiers].sort((a, b) => a.fromWeight - b.fromWeight) };
};

/**
 * Spec 5 'Add Range': ignored when the highest end already equals maxWeight; otherwise a range from the highest end
 * plus one to maxWeight at price 0. Rows whose To is not a number yet do not count towards the highest end.
 */
export const addTierDraft = (drafts: readonly TierDraft[], maxWeight: number): TierDraft[] => {
  const ends = drafts.flatMap((draft) => {
    const to = wholePounds(draft.toWeight);
    return to === null ? [] : [{ fromWeight: 1, toWeight: to, price: 0 }];
  });
  const extended = addPriceRange(ends, maxWeight);
  const added = extended.length > ends.length ? extended[extended.length - 1] : undefined;
  if (!added) return [...drafts];
  return [...drafts, { key: newKey(), fromWeight: String(added.fromWeight), toWeight: String(added.toWeight), price: centsToDollarInput(added.price) }];
};

export const removeTierDraft = (drafts: readonly TierDraft[], key: string): TierDraft[] => drafts.filter((draft) => draft.key !== key);

export const updateTierDraft = (drafts: readonly TierDraft[], key: string, field: TierField, value: string): TierDraft[] =>
  drafts.map((draft) => (draft.key === key ? { ...draft, [field]: value } : draft));

/** Whether the drafts say something other than the saved tiers (a Save would change anything). */
export const tierDraftsChanged = (drafts: readonly TierDraft[], saved: readonly PriceTier[]): boolean => {
  const current = tierDraftsFrom(saved);
  if (current.length !== drafts.length) return true;
  return drafts.some((draft, index) => {
    const tier = current[index];
    return (
      !tier ||
      wholePounds(draft.fromWeight) !== Number(tier.fromWeight) ||
      wholePounds(draft.toWeight) !== Number(tier.toWeight) ||
      dollarInputToCents(draft.price) !== dollarInputToCents(tier.price)
    );
  });
};

/** Whether some range already ends at maxWeight or beyond, so Add Range has nothing left to add; unreadable ends count as 0. */
export const tierDraftsReach = (drafts: readonly TierDraft[], maxWeight: number): boolean =>
  drafts.reduce((max, draft) => Math.max(max, Number.parseInt(draft.toWeight, 10) || 0), 0) >= maxWeight;
