import { adminReportCsvQuerySchema, adminReportQuerySchema, adminReportSpan } from './admin-report.schema';

describe('admin report query', () => {
  it('covers the last 30 UTC days, today included, when no day is given', () => {
    expect(adminReportSpan({}, new Date('2026-11-29T23:59:00Z'))).toEqual({ from: '2026-10-31', to: '2026-11-29' });
    expect(adminReportSpan({ to: '2026-03-01' }, new Date('2026-11-29T00:00:00Z'))).toEqual({ from: '2026-01-31', to: '2026-03-01' });
    expect(adminReportSpan({ from: '2026-11-01' }, new Date('2026-11-29T12:00:00Z'))).toEqual({ from: '2026-11-01', to: '2026-11-29' });
  });

  it('reads the days and the number of top customers from the address, 10 by default', () => {
    expect(adminReportQuerySchema.parse({ from: '2026-01-01', to: '2026-01-31' })).toEqual({ from: '2026-01-01', to: '2026-01-31', top: 10 });
    expect(adminReportQuerySchema.parse({ from: '2026-01-01', to: '2026-01-01', top: '3' })).toEqual({ from: '2026-01-01', to: '2026-01-01', top: 3 });
  });

  it('refuses a start after the end, a span over 366 days, a bad date and more than 100 customers, saying why', () => {
    const message = (query: Record<string, string>) => adminReportQuerySchema.safeParse(query).error?.issues[0]?.message;
    expect(message({ from: '2026-02-01', to: '2026-01-31' })).toBe('The start date must not be after the end date');
    expect(message({ from: '2025-01-01', to: '2026-01-02' })).toBe('A report covers at most 366 days');
    expect(adminReportQuerySchema.safeParse({ from: '2024-01-01', to: '2024-12-31' }).success).toBe(true);
    expect(message({ from: '2026-13-01' })).toBe('Dates are YYYY-MM-DD');
    expect(message({ top: '101' })).toBe('top must be at most 100');
  });

  it('asks a CSV export for one of its three tables', () => {
    expect(adminReportCsvQuerySchema.parse({ from: '2026-01-01', to: '2026-01-02', table: 'customers' })).toEqual({ from: '2026-01-01', to: '2026-01-02', top: 10, table: 'customers' });
    expect(adminReportCsvQuerySchema.safeParse({ table: 'users' }).error?.issues[0]?.message).toBe('table must be one of: days, carriers, customers');
  });
});
