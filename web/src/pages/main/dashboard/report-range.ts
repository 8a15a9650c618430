import type { ReportGrouping } from '@labeldesk/contracts';

const DAY_MS = 86_400_000;
const dayOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/**
 * The days each grouping shows, up to today (UTC): the last 30 days, the last 12 weeks (Monday first, this one
 * included), the last 12 months (this one included).
 */
export const reportRangeOf = (groupBy: ReportGrouping, now: Date = new Date()): { from: string; to: string; groupBy: ReportGrouping } => {
  const to = dayOf(now.getTime());
  const today = Date.parse(`${to}T00:00:00Z`);
  if (groupBy === 'day') return { from: dayOf(today - 29 * DAY_MS), to, groupBy };
  if (groupBy === 'week') {
    const monday = today - ((new Date(today).getUTCDay() + 6) % 7) * DAY_MS;
    return { from: dayOf(monday - 11 * 7 * DAY_MS), to, groupBy };
  }
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11, 1));
  return { from: dayOf(first.getTime()), to, groupBy };
};
