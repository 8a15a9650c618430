import { bulkOptionsSchema } from './bulk-order.schema';
import { chooseRate, effectiveRateRule, rateRuleText, rowRateRuleOf, type RuleRate } from './bulk-rate-rule.schema';

const rate = (offeringUid: string, priceCents: number, deliveryDays: number | null): RuleRate => ({ offeringUid, priceCents, deliveryDays });
const RATES = [rate('usps_ground_advantage', 610, 5), rate('usps_priority', 905, 2), rate('ups_next_day_air', 4_210, 1), rate('ups_ground', 1_020, 3)];

describe('bulk rate rules', () => {
  it('reads a row\'s service column "Cheapest" or "Cheapest within N days" in any case and spacing, and a service name as no rule', () => {
    expect(rowRateRuleOf('Cheapest')).toEqual({ kind: 'cheapest' });
    expect(rowRateRuleOf('  CHEAPEST  within 3   days ')).toEqual({ kind: 'cheapest_within', days: 3 });
    expect(rowRateRuleOf('cheapest within 1 day')).toEqual({ kind: 'cheapest_within', days: 1 });
    expect(rowRateRuleOf('Cheapest within 2 business days')).toEqual({ kind: 'cheapest_within', days: 2 });
    expect(rowRateRuleOf('USPS Priority Mail')).toBeNull();
    expect(rowRateRuleOf('Cheapest within 0 days')).toBeNull();
    expect(rowRateRuleOf('Cheapest within 11 days')).toBeNull();
  });

  it('writes the words it reads', () => {
    for (const rule of [{ kind: 'cheapest' as const }, { kind: 'cheapest_within' as const, days: 1 }, { kind: 'cheapest_within' as const, days: 7 }]) {
      expect(rowRateRuleOf(rateRuleText(rule))).toEqual(rule);
    }
  });

  it("lets a row's own rule win over the batch's, and the batch's rule replace a row's service", () => {
    expect(effectiveRateRule('Cheapest within 2 days', { kind: 'cheapest' })).toEqual({ kind: 'cheapest_within', days: 2 });
    expect(effectiveRateRule('USPS Priority Mail', { kind: 'cheapest' })).toEqual({ kind: 'cheapest' });
    expect(effectiveRateRule('USPS Priority Mail', { kind: 'service' })).toBeNull();
    expect(effectiveRateRule('USPS Priority Mail', undefined)).toBeNull();
    expect(effectiveRateRule('Cheapest', undefined)).toEqual({ kind: 'cheapest' });
  });

  it('picks the lowest price, and saves the dearest rate less it', () => {
    expect(chooseRate(RATES, { kind: 'cheapest' })).toEqual({ ok: true, rate: RATES[0], dearestCents: 4_210, savedCents: 3_600 });
  });

  it('picks the lowest price arriving within the days, never a rate that states no days', () => {
    expect(chooseRate(RATES, { kind: 'cheapest_within', days: 3 })).toMatchObject({ ok: true, rate: { offeringUid: 'usps_priority' }, savedCents: 3_305 });
    expect(chooseRate(RATES, { kind: 'cheapest_within', days: 1 })).toMatchObject({ ok: true, rate: { offeringUid: 'ups_next_day_air' }, savedCents: 0 });
    expect(chooseRate([rate('dateless', 100, null), rate('slow', 500, 4)], { kind: 'cheapest_within', days: 4 })).toMatchObject({ rate: { offeringUid: 'slow' } });
  });

  it('breaks a tie of prices by the faster, then by the service, so the page and the server pick the same', () => {
    expect(chooseRate([rate('b', 500, 3), rate('a', 500, 3), rate('c', 500, 2)], { kind: 'cheapest' })).toMatchObject({ rate: { offeringUid: 'c' } });
    expect(chooseRate([rate('b', 500, 3), rate('a', 500, 3)], { kind: 'cheapest' })).toMatchObject({ rate: { offeringUid: 'a' } });
  });

  it('says why nothing was picked: no rate at all, or none in time with the fastest offered', () => {
    expect(chooseRate([], { kind: 'cheapest' })).toEqual({ ok: false, reason: 'no service is offered for this parcel' });
    expect(chooseRate([rate('a', 500, 2), rate('b', 900, 3)], { kind: 'cheapest_within', days: 1 })).toEqual({ ok: false, reason: 'no service arrives within 1 day (the fastest offered takes 2 days)' });
    expect(chooseRate([rate('a', 500, null)], { kind: 'cheapest_within', days: 2 })).toEqual({ ok: false, reason: 'no service arrives within 2 days' });
  });

  it('saves a whole, non-negative number of cents whatever the rates', () => {
    let seed = 11;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    for (let round = 0; round < 300; round++) {
      const rates = Array.from({ length: 1 + Math.floor(next() * 6) }, (_, i) => rate(`s${i}`, 100 + Math.floor(next() * 5_000), next() < 0.2 ? null : 1 + Math.floor(next() * 6)));
      const choice = chooseRate(rates, { kind: 'cheapest_within', days: 1 + Math.floor(next() * 5) });
      if (!choice.ok) continue;
      expect(Number.isInteger(choice.savedCents)).toBe(true);
      expect(choice.savedCents).toBe(Math.max(...rates.map((r) => r.priceCents)) - choice.rate.priceCents);
      expect(choice.savedCents).toBeGreaterThanOrEqual(0);
    }
  });

  it('takes a batch rule in the options, refusing days outside 1–10 with words, and none as the rows\' own services', () => {
    expect(bulkOptionsSchema.parse({ rateRule: { kind: 'cheapest_within', days: 3 } }).rateRule).toEqual({ kind: 'cheapest_within', days: 3 });
    expect(bulkOptionsSchema.parse({}).rateRule).toBeUndefined();
    const refused = bulkOptionsSchema.safeParse({ rateRule: { kind: 'cheapest_within', days: 11 } });
    expect(refused.success ? null : refused.error.issues[0]?.message).toBe('Days must be a whole number from 1 to 10');
    expect(bulkOptionsSchema.safeParse({ rateRule: { kind: 'fastest' } }).success).toBe(false);
  });
});
