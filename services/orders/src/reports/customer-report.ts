import type { CustomerReport, CustomerReportQuery, ReportFigures, ReportGrouping } from '@labeldesk/contracts';

/**
 * The customer's labels of one UTC day, one service and one courier, refunded or not, as the database sums them: the
 * report folds these into periods, services and couriers (a range's days × services × couriers rows at most, never
 * one row per label).
 */
export interface LabelDayGroup {
  /** `YYYY-MM-DD`, the UTC day the label was bought. */
  day: string;
  service: string;
  courier: string;
  /** The label's money came back (voided at once, or refunded by the carrier). */
  refunded: boolean;
  labels: number;
  /** What those labels were charged. */
  chargedCents: number;
  /** How many of them have a retail rate, and retail − price summed over those. */
  retailKnown: number;
  savedCents: number;
}

const DAY_MS = 86_400_000;
const dayMs = (day: string): number => Date.parse(`${day}T00:00:00Z`);
const dayOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** The first day of the period holding `day`: itself, its week's Monday (ISO weeks), or its month's 1st. */
export const periodStart = (day: string, groupBy: ReportGrouping): string => {
  if (groupBy === 'day') return day;
  if (groupBy === 'month') return `${day.slice(0, 7)}-01`;
  const ms = dayMs(day);
  const sinceMonday = (new Date(ms).getUTCDay() + 6) % 7;
  return dayOf(ms - sinceMonday * DAY_MS);
};

/** Every period touching the range, in order, named by its first day (the first may start before `from`). */
export const periodsOf = (from: string, to: string, groupBy: ReportGrouping): string[] => {
  const periods: string[] = [];
  for (let ms = dayMs(from); ms <= dayMs(to); ms += DAY_MS) {
    const period = periodStart(dayOf(ms), groupBy);
    if (periods.at(-1) !== period) periods.push(period);
  }
  return periods;
};

interface Sums {
  labels: number;
  chargedCents: number;
  refundedLabels: number;
  refundedCents: number;
  retailKnownLabels: number;
  savedCents: number;
}

const noSums = (): Sums => ({ labels: 0, chargedCents: 0, refundedLabels: 0, refundedCents: 0, retailKnownLabels: 0, savedCents: 0 });

const add = (sums: Sums, group: LabelDayGroup): void => {
  sums.labels += group.labels;
  sums.chargedCents += group.chargedCents;
  if (group.refunded) {
    sums.refundedLabels += group.labels;
    sums.refundedCents += group.chargedCents;
    return;
  }
  // A refunded label saved nothing: only the labels kept count against retail.
  sums.retailKnownLabels += group.retailKnown;
  sums.savedCents += group.savedCents;
};

/** Spent is charged − refunded; the average is over the labels kept, to the nearest cent (half a cent up). */
export const figuresOf = (sums: Sums): ReportFigures => {
  const spentCents = sums.chargedCents - sums.refundedCents;
  const kept = sums.labels - sums.refundedLabels;
  return { ...sums, spentCents, averageCents: kept > 0 ? Math.floor((2 * spentCents + kept) / (2 * kept)) : null };
};

/** Sums per key, kept in the order keys first came. */
const sumsBy = (groups: readonly LabelDayGroup[], keyOf: (group: LabelDayGroup) => string): Map<string, Sums> => {
  const byKey = new Map<string, Sums>();
  for (const group of groups) {
    const key = keyOf(group);
    const sums = byKey.get(key) ?? noSums();
    add(sums, group);
    byKey.set(key, sums);
  }
  return byKey;
};

/** The most labels first, then the name, so equal rows keep one order from one read to the next. */
const ranked = <K extends string>(byKey: Map<string, Sums>, name: K): Array<ReportFigures & Record<K, string>> =>
  [...byKey]
    .sort(([a, x], [b, y]) => y.labels - x.labels || a.localeCompare(b))
    .map(([key, sums]) => ({ ...figuresOf(sums), [name]: key }) as ReportFigures & Record<K, string>);

/**
 * The customer's report over the range: every period (empty ones at zero), each service and each courier, and the
 * totals. A label counts in the period it was bought, whatever happened to it later (decision 092).
 */
export const customerReportOf = (userId: string, query: CustomerReportQuery, groups: readonly LabelDayGroup[]): CustomerReport => {
  const byPeriod = sumsBy(groups, (group) => periodStart(group.day, query.groupBy));
  const totals = noSums();
  for (const group of groups) add(totals, group);
  return {
    userId,
    from: query.from,
    to: query.to,
    groupBy: query.groupBy,
    totals: figuresOf(totals),
    periods: periodsOf(query.from, query.to, query.groupBy).map((period) => ({ ...figuresOf(byPeriod.get(period) ?? noSums()), period })),
    services: ranked(sumsBy(groups, (group) => group.service), 'service'),
    carriers: ranked(sumsBy(groups, (group) => group.courier), 'carrier'),
  };
};
