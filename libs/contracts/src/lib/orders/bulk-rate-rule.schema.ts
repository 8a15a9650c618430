import { z } from 'zod';

/**
 * Bulk rate rules (issue 45, decision 086): how a batch's rows choose their service. `service`: each row's own service
 * (the file's, as before rules). `cheapest`: the lowest price offered for the row's parcel. `cheapest_within`: the
 * lowest price among the rates arriving within `days` business days.
 */
export const RATE_RULE_MAX_DAYS = 10;
export const rateRuleSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('service') }),
    z.object({ kind: z.literal('cheapest') }),
    z.object({
      kind: z.literal('cheapest_within'),
      days: z
        .number({ error: 'Days must be a whole number from 1 to 10' })
        .int({ error: 'Days must be a whole number from 1 to 10' })
        .min(1, { error: 'Days must be a whole number from 1 to 10' })
        .max(RATE_RULE_MAX_DAYS, { error: 'Days must be a whole number from 1 to 10' }),
    }),
  ],
  { error: 'The rate rule must be service, cheapest or cheapest_within' },
);
export type RateRule = z.infer<typeof rateRuleSchema>;
/** A rule that chooses among rates (not the row's own service). */
export type ChoosingRateRule = Exclude<RateRule, { kind: 'service' }>;

/** The words a row's service column takes for a rule, and that the page shows: "Cheapest", "Cheapest within 3 days". */
export const rateRuleText = (rule: ChoosingRateRule): string =>
  rule.kind === 'cheapest' ? 'Cheapest' : `Cheapest within ${rule.days} ${rule.days === 1 ? 'day' : 'days'}`;

const CHEAPEST_WITHIN = /^cheapest\s+within\s+(\d{1,2})\s+(?:business\s+)?days?$/;

/**
 * The rule a row's service column names, or null when it names a service. Case and spacing are the file's own; a
 * number of days outside 1–10 is no rule (the row is then refused as an unknown service, naming what it said).
 */
export const rowRateRuleOf = (serviceName: string): ChoosingRateRule | null => {
  const words = serviceName.trim().toLowerCase().replace(/\s+/g, ' ');
  if (words === 'cheapest') return { kind: 'cheapest' };
  const within = CHEAPEST_WITHIN.exec(words);
  if (!within) return null;
  const days = Number(within[1]);
  return days >= 1 && days <= RATE_RULE_MAX_DAYS ? { kind: 'cheapest_within', days } : null;
};

/** The rule a row is bought under: its own column's rule first, then the batch's; null for the row's own service. */
export const effectiveRateRule = (serviceName: string, batchRule: RateRule | undefined): ChoosingRateRule | null =>
  rowRateRuleOf(serviceName) ?? (batchRule && batchRule.kind !== 'service' ? batchRule : null);

/** What a rule reads of an offered rate. */
export interface RuleRate {
  offeringUid: string;
  priceCents: number;
  deliveryDays: number | null;
}

/** A rule's choice for one parcel: the rate, and what it saves against the dearest rate offered for that parcel. */
export type RuleChoice<R extends RuleRate> = { ok: true; rate: R; dearestCents: number; savedCents: number } | { ok: false; reason: string };

const cheaperThenFaster = (a: RuleRate, b: RuleRate) =>
  a.priceCents - b.priceCents || (a.deliveryDays ?? Infinity) - (b.deliveryDays ?? Infinity) || a.offeringUid.localeCompare(b.offeringUid);

/**
 * The rate a rule picks among a parcel's offered rates: the lowest price (the faster, then the uid, of equal ones, so
 * the page and the server pick the same), within the days when the rule says so. A rate stating no days never counts
 * as arriving in time. The reason says why nothing was picked, in words for the seller.
 */
export const chooseRate = <R extends RuleRate>(rates: readonly R[], rule: ChoosingRateRule): RuleChoice<R> => {
  if (rates.length === 0) return { ok: false, reason: 'no service is offered for this parcel' };
  const eligible = rule.kind === 'cheapest' ? rates : rates.filter((rate) => rate.deliveryDays !== null && rate.deliveryDays <= rule.days);
  const rate = [...eligible].sort(cheaperThenFaster)[0];
  if (!rate) {
    const fastest = Math.min(...rates.map((r) => r.deliveryDays ?? Infinity));
    const days = rule.kind === 'cheapest_within' ? rule.days : 0;
    return {
      ok: false,
      reason: `no service arrives within ${days} ${days === 1 ? 'day' : 'days'}${Number.isFinite(fastest) ? ` (the fastest offered takes ${fastest} ${fastest === 1 ? 'day' : 'days'})` : ''}`,
    };
  }
  const dearestCents = Math.max(...rates.map((r) => r.priceCents));
  return { ok: true, rate, dearestCents, savedCents: dearestCents - rate.priceCents };
};
