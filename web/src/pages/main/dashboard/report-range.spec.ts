import { reportRangeOf } from './report-range';

describe('the Dashboard report range', () => {
  // Wednesday 11 March 2026, late in the day in UTC.
  const now = new Date('2026-03-11T23:30:00Z');

  it('shows the last 30 days up to today by day', () => {
    expect(reportRangeOf('day', now)).toEqual({ from: '2026-02-10', to: '2026-03-11', groupBy: 'day' });
  });

  it('shows 12 whole weeks from a Monday by week, this one included', () => {
    expect(reportRangeOf('week', now)).toEqual({ from: '2025-12-22', to: '2026-03-11', groupBy: 'week' });
  });

  it('shows 12 months from the 1st by month, across the new year', () => {
    expect(reportRangeOf('month', now)).toEqual({ from: '2025-04-01', to: '2026-03-11', groupBy: 'month' });
  });
});
