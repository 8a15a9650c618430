import { adminReportOf, figuresOf, utcDays, type AdminReportSums } from './admin-report.mapper';

const sums = (over: Partial<AdminReportSums> = {}): AdminReportSums => ({
  labels: '3',
  revenue: '2550',
  cost: '1590',
  known_revenue: '1700',
  unknown_labels: '1',
  unknown_revenue: '850',
  given_back_labels: '1',
  given_back_cents: '850',
  ...over,
});

describe('admin report figures', () => {
  it('takes the margin over the labels with a recorded cost only, in exact cents, and counts the others apart', () => {
    expect(figuresOf(sums())).toEqual({
      labels: 3,
      revenueCents: 2550,
      costCents: 1590,
      marginCents: 110,
      withoutCost: { labels: 1, revenueCents: 850 },
      givenBack: { labels: 1, cents: 850 },
    });
  });

  it('answers a negative margin for labels sold under their cost', () => {
    expect(figuresOf(sums({ labels: 1, revenue: 900, cost: 1000, known_revenue: 900, unknown_labels: 0, unknown_revenue: 0 })).marginCents).toBe(-100);
  });

  it('answers a zero margin, not the revenue, when no label has a recorded cost', () => {
    const figures = figuresOf(sums({ labels: 2, revenue: 1700, cost: 0, known_revenue: 0, unknown_labels: 2, unknown_revenue: 1700 }));
    expect([figures.revenueCents, figures.costCents, figures.marginCents, figures.withoutCost]).toEqual([1700, 0, 0, { labels: 2, revenueCents: 1700 }]);
  });

  it('lists every UTC day of the span, across a month end and a leap day', () => {
    expect(utcDays('2028-02-28', '2028-03-01')).toEqual(['2028-02-28', '2028-02-29', '2028-03-01']);
    expect(utcDays('2026-11-29', '2026-11-29')).toEqual(['2026-11-29']);
  });
});

describe('admin report', () => {
  const request = { from: '2026-11-01', to: '2026-11-03', top: 10 };

  it('fills the days without labels with zeros, so every day of the span has a row', () => {
    const report = adminReportOf(request, { totals: sums(), days: [{ day: '2026-11-02', ...sums() }], carriers: [], customers: [] });
    expect(report.byDay.map((row) => [row.day, row.labels, row.revenueCents])).toEqual([
      ['2026-11-01', 0, 0],
      ['2026-11-02', 3, 2550],
      ['2026-11-03', 0, 0],
    ]);
    expect(report.totals.marginCents).toBe(110);
  });

  it('orders carriers by revenue, then by name, and keeps the customers in the order the query ranked them', () => {
    const report = adminReportOf(request, {
      totals: undefined,
      days: [],
      carriers: [
        { carrier: 'sandbox', courier: 'usps', ...sums({ revenue: '100' }) },
        { carrier: 'easypost', courier: 'ups', ...sums({ revenue: '900' }) },
        { carrier: 'easypost', courier: 'fedex', ...sums({ revenue: '100' }) },
      ],
      customers: [
        { user_id: '00000000-0000-4000-8000-000000000002', ...sums({ revenue: '900' }) },
        { user_id: '00000000-0000-4000-8000-000000000001', ...sums({ revenue: '100' }) },
      ],
    });
    expect(report.byCarrier.map((row) => `${row.carrier}/${row.courier}`)).toEqual(['easypost/ups', 'easypost/fedex', 'sandbox/usps']);
    expect(report.topCustomers.map((row) => row.userId.slice(-1))).toEqual(['2', '1']);
    expect(report.totals).toEqual({ labels: 0, revenueCents: 0, costCents: 0, marginCents: 0, withoutCost: { labels: 0, revenueCents: 0 }, givenBack: { labels: 0, cents: 0 } });
  });
});
