import type { AdminReport, AdminReportFigures } from '@labeldesk/contracts';
import { reportNote } from './admin-report-note';

const report = (totals: Partial<AdminReportFigures>): AdminReport => ({
  from: '2026-10-31',
  to: '2026-11-29',
  totals: { labels: 3, revenueCents: 2550, costCents: 1500, marginCents: 1050, withoutCost: { labels: 0, revenueCents: 0 }, givenBack: { labels: 0, cents: 0 }, ...totals },
  byDay: [],
  byCarrier: [],
  topCustomers: [],
});

describe('admin report note', () => {
  it('says the span in day-month-year and what revenue counts, and nothing of given-back or cost-less labels when there are none', () => {
    expect(reportNote(report({}))).toBe('Labels bought 31-10-2026 to 29-11-2026 (UTC). Revenue is what customers paid for the labels they kept.');
  });

  it('names the labels given back and those without a recorded cost, with their money, in words that agree with the count', () => {
    expect(reportNote(report({ givenBack: { labels: 2, cents: 1700 }, withoutCost: { labels: 1, revenueCents: 850 } }))).toBe(
      'Labels bought 31-10-2026 to 29-11-2026 (UTC). Revenue is what customers paid for the labels they kept; 2 labels voided or refunded ($17.00) count as neither revenue nor cost. 1 label ($8.50) has no recorded carrier cost and is left out of the margin.',
    );
    expect(reportNote(report({ withoutCost: { labels: 1200, revenueCents: 1_020_000 } }))).toContain('1,200 labels ($10,200.00) have no recorded carrier cost and are left out of the margin.');
  });
});
