import { customerReportCsvQuerySchema, customerReportQuerySchema, CustomerReportRpc } from './customer-report.schema';

const USER = '5b0c1f6e-2a4d-4c8e-9f1a-3d2b7c6e5a40';

describe('customer report query', () => {
  it('covers the 30 days up to the end day when no start is given, by day', () => {
    expect(customerReportQuerySchema.parse({ to: '2026-03-10' })).toEqual({ from: '2026-02-09', to: '2026-03-10', groupBy: 'day' });
  });

  it('ends today (UTC) when no end is given', () => {
    const today = new Date().toISOString().slice(0, 10);
    expect(customerReportQuerySchema.parse({ groupBy: 'week' })).toMatchObject({ to: today, groupBy: 'week' });
  });

  it('refuses a start after the end, saying so', () => {
    const result = customerReportQuerySchema.safeParse({ from: '2026-03-11', to: '2026-03-10' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('The start date must not be after the end date');
  });

  it('refuses more than a year by day but takes three years by month', () => {
    expect(customerReportQuerySchema.safeParse({ from: '2025-01-01', to: '2026-01-02', groupBy: 'day' }).success).toBe(false);
    expect(customerReportQuerySchema.safeParse({ from: '2024-01-01', to: '2026-12-31', groupBy: 'month' }).success).toBe(true);
  });

  it('refuses an unknown grouping and a date that is not a day', () => {
    expect(customerReportQuerySchema.safeParse({ groupBy: 'year' }).error?.issues[0]?.message).toBe('groupBy must be one of: day, week, month');
    expect(customerReportQuerySchema.safeParse({ from: '10/03/2026' }).error?.issues[0]?.message).toBe('Dates are YYYY-MM-DD');
  });

  it('carries the user whose labels are reported, which only they or an admin may read', () => {
    expect(CustomerReportRpc.report.request.parse({ userId: USER, from: '2026-03-01', to: '2026-03-31', groupBy: 'month' })).toEqual({ userId: USER, from: '2026-03-01', to: '2026-03-31', groupBy: 'month' });
    expect(CustomerReportRpc.report.access).toMatchObject({ who: { selfOrAdmin: 'userId' }, scope: 'labels:read' });
  });
});

describe('customer report CSV query', () => {
  it('exports the table by period unless another is named, and refuses an unknown table', () => {
    expect(customerReportCsvQuerySchema.parse({ from: '2026-03-01', to: '2026-03-31' })).toEqual({ from: '2026-03-01', to: '2026-03-31', groupBy: 'day', table: 'periods' });
    expect(customerReportCsvQuerySchema.safeParse({ table: 'customers' }).error?.issues[0]?.message).toBe('table must be one of: periods, services, carriers');
  });
});
