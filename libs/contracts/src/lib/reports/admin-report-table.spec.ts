import type { AdminReport, AdminReportFigures } from './admin-report.schema';
import { adminReportCsv } from './admin-report-table';

const figures = (over: Partial<AdminReportFigures> = {}): AdminReportFigures => ({
  labels: 2,
  revenueCents: 1700,
  costCents: 1805,
  marginCents: -105,
  withoutCost: { labels: 0, revenueCents: 0 },
  givenBack: { labels: 1, cents: 850 },
  ...over,
});

const report: AdminReport = {
  from: '2026-11-01',
  to: '2026-11-02',
  totals: figures(),
  byDay: [
    { day: '2026-11-01', ...figures() },
    { day: '2026-11-02', ...figures({ labels: 0, revenueCents: 0, costCents: 0, marginCents: 0, givenBack: { labels: 0, cents: 0 } }) },
  ],
  byCarrier: [{ carrier: 'easypost', courier: 'ups', ...figures({ withoutCost: { labels: 1, revenueCents: 5 } }) }],
  topCustomers: [
    { userId: '00000000-0000-4000-8000-000000000001', name: '=HYPERLINK("x")', email: 'a@example.com', ...figures() },
    { userId: '00000000-0000-4000-8000-000000000002', name: null, email: null, ...figures() },
  ],
};

const lines = (csv: string) => csv.split('\r\n').filter(Boolean);

describe('admin report tables as CSV', () => {
  it('writes one row per day with amounts as dollar numbers, a loss with its minus sign', () => {
    expect(lines(adminReportCsv(report, 'days'))).toEqual([
      'Day (UTC),Labels,Revenue (USD),Carrier cost (USD),Margin (USD),Labels without cost,Given back (USD)',
      '01-11-2026,2,17.00,18.05,-1.05,0,8.50',
      '02-11-2026,0,0.00,0.00,0.00,0,0.00',
      'Total,2,17.00,18.05,-1.05,0,8.50',
    ]);
  });

  it('names the courier and the label carrier that sold its labels on each carrier row', () => {
    expect(lines(adminReportCsv(report, 'carriers'))[1]).toBe('UPS via EasyPost,2,17.00,18.05,-1.05,1,8.50');
  });

  it("keeps a customer's formula-like name as text, names a deleted account and adds no total under the top customers", () => {
    const [, first, second, third] = lines(adminReportCsv(report, 'customers'));
    expect(third).toBeUndefined();
    expect(first).toBe(`"'=HYPERLINK(""x"")",a@example.com,2,17.00,18.05,-1.05`);
    expect(second).toBe('Deleted account,,2,17.00,18.05,-1.05');
  });
});
