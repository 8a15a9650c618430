import { centsToDecimal, reportTableCsv, type ReportColumn } from './report-table';
import { customerReportCsv, periodName } from './customer-report-table';
import type { CustomerReport, ReportFigures } from './customer-report.schema';

interface Row {
  name: string;
  labels: number;
  cents: number | null;
}
const COLUMNS: ReadonlyArray<ReportColumn<Row>> = [
  { key: 'name', header: 'Customer', kind: 'text', value: (r) => r.name },
  { key: 'labels', header: 'Labels', kind: 'count', value: (r) => r.labels },
  { key: 'cents', header: 'Revenue', kind: 'cents', value: (r) => r.cents },
];

describe('report tables as CSV', () => {
  it('writes cents as dollars a spreadsheet sums, by integer arithmetic', () => {
    expect([centsToDecimal(0), centsToDecimal(5), centsToDecimal(123456), centsToDecimal(-120)]).toEqual(['0.00', '0.05', '1234.56', '-1.20']);
  });

  it('heads money columns with their currency, writes nothing for an unknown figure and ends with the total', () => {
    const csv = reportTableCsv(COLUMNS, [{ name: 'Ada', labels: 2, cents: 1700 }, { name: 'Bo', labels: 0, cents: null }], { row: { name: '', labels: 2, cents: 1700 }, name: 'Total' });
    expect(csv).toBe('Customer,Labels,Revenue (USD)\r\nAda,2,17.00\r\nBo,0,\r\nTotal,2,17.00\r\n');
  });

  it('keeps a name that would run as a formula as text, and quotes commas and quotes', () => {
    const csv = reportTableCsv(COLUMNS, [{ name: '=HYPERLINK("x")', labels: 1, cents: 1 }, { name: 'Smith, "Jo"', labels: 1, cents: 1 }]);
    expect(csv.split('\r\n').slice(1, 3)).toEqual([`"'=HYPERLINK(""x"")",1,0.01`, '"Smith, ""Jo""",1,0.01']);
  });
});

const figures = (labels: number, spentCents: number): ReportFigures => ({
  labels,
  chargedCents: spentCents,
  refundedLabels: 0,
  refundedCents: 0,
  spentCents,
  averageCents: labels ? Math.round(spentCents / labels) : null,
  savedCents: 0,
  retailKnownLabels: 0,
});

describe("the customer report's tables", () => {
  it('names days and week starts day-month-year and months by name', () => {
    expect([periodName('2026-03-09', 'day'), periodName('2026-03-09', 'week'), periodName('2026-03-01', 'month')]).toEqual(['09-03-2026', '09-03-2026', 'Mar 2026']);
  });

  it('writes the carriers table with their names, every figure and the total', () => {
    const report: CustomerReport = {
      userId: '5b0c1f6e-2a4d-4c8e-9f1a-3d2b7c6e5a40',
      from: '2026-03-01',
      to: '2026-03-31',
      groupBy: 'month',
      totals: figures(3, 2550),
      periods: [{ ...figures(3, 2550), period: '2026-03-01' }],
      services: [],
      carriers: [{ ...figures(2, 1700), carrier: 'usps' }, { ...figures(1, 850), carrier: 'ups' }],
    };
    expect(customerReportCsv(report, 'carriers').split('\r\n')).toEqual([
      'Carrier,Labels,Charged (USD),Refunded labels,Refunded (USD),Spent (USD),Average per label (USD),Saved vs retail (USD),Labels with a retail rate',
      'USPS,2,17.00,0,0.00,17.00,8.50,0.00,0',
      'UPS,1,8.50,0,0.00,8.50,8.50,0.00,0',
      'Total,3,25.50,0,0.00,25.50,8.50,0.00,0',
      '',
    ]);
    expect(customerReportCsv(report, 'periods').split('\r\n')[1]).toBe('Mar 2026,3,25.50,0,0.00,25.50,8.50,0.00,0');
  });
});
