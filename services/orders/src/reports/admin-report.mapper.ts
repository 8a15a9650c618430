import type { AdminReportFigures, AdminReportFiguresAnswer, AdminReportRequest } from '@labeldesk/contracts';

/** One group's sums as PostgreSQL answers them (counts and sums of integers come back as text). */
export interface AdminReportSums {
  labels: string | number;
  revenue: string | number;
  cost: string | number;
  known_revenue: string | number;
  unknown_labels: string | number;
  unknown_revenue: string | number;
  given_back_labels: string | number;
  given_back_cents: string | number;
}

export const NO_LABELS: AdminReportFigures = { labels: 0, revenueCents: 0, costCents: 0, marginCents: 0, withoutCost: { labels: 0, revenueCents: 0 }, givenBack: { labels: 0, cents: 0 } };

/** A group's figures: the margin is taken over the labels with a recorded cost only. */
export const figuresOf = (sums: AdminReportSums): AdminReportFigures => {
  const n = (value: string | number) => Number(value);
  return {
    labels: n(sums.labels),
    revenueCents: n(sums.revenue),
    costCents: n(sums.cost),
    marginCents: n(sums.known_revenue) - n(sums.cost),
    withoutCost: { labels: n(sums.unknown_labels), revenueCents: n(sums.unknown_revenue) },
    givenBack: { labels: n(sums.given_back_labels), cents: n(sums.given_back_cents) },
  };
};

/** Every UTC day from `from` to `to`, both included. */
export const utcDays = (from: string, to: string): string[] => {
  const days: string[] = [];
  for (let at = Date.parse(`${from}T00:00:00Z`), end = Date.parse(`${to}T00:00:00Z`); at <= end; at += 86_400_000) days.push(new Date(at).toISOString().slice(0, 10));
  return days;
};

export type DaySums = AdminReportSums & { day: string };
export type CarrierSums = AdminReportSums & { carrier: string; courier: string };
export type CustomerSums = AdminReportSums & { user_id: string };

/**
 * The report from its groups' sums: every day of the span (a day without labels is zeros, so a chart's axis has no
 * holes), carriers by revenue (then by name, so equal ones keep one order), customers as the query ranked them.
 */
export const adminReportOf = (
  request: AdminReportRequest,
  groups: { totals: AdminReportSums | undefined; days: readonly DaySums[]; carriers: readonly CarrierSums[]; customers: readonly CustomerSums[] },
): AdminReportFiguresAnswer => {
  const byDay = new Map(groups.days.map((row) => [row.day, figuresOf(row)]));
  return {
    from: request.from,
    to: request.to,
    totals: groups.totals ? figuresOf(groups.totals) : NO_LABELS,
    byDay: utcDays(request.from, request.to).map((day) => ({ day, ...(byDay.get(day) ?? NO_LABELS) })),
    byCarrier: groups.carriers
      .map((row) => ({ carrier: row.carrier, courier: row.courier, ...figuresOf(row) }))
      .sort((a, b) => b.revenueCents - a.revenueCents || `${a.carrier} ${a.courier}`.localeCompare(`${b.carrier} ${b.courier}`)),
    topCustomers: groups.customers.map((row) => ({ userId: row.user_id, ...figuresOf(row) })),
  };
};
