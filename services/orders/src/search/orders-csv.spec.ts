import { batchesCsv, BATCHES_CSV_COLUMNS } from './batches-csv';
import type { FoundBatchRow } from './batch-search.repository';
import type { FoundOrderRow } from './order-search.repository';
import { ORDERS_CSV_COLUMNS, ordersCsv } from './orders-csv';

const order = (change: Partial<FoundOrderRow> = {}): FoundOrderRow => ({
  id: '00000000-0000-4000-8000-0000000000aa',
  service_name: 'USPS Ground Advantage',
  courier: 'usps',
  sender_name: 'Shop',
  receiver_name: 'Ann Lee',
  receiver_city: 'Boston',
  receiver_state: 'MA',
  receiver_zip: '02134',
  reference1: '2',
  reference2: 'SKU-1',
  tracking_number: '9400100000000000000001',
  created_at: new Date('2025-06-01T14:03:09.120Z'),
  cursor_at: '2025-06-01T14:03:09.120000Z',
  pdf_name: 'label.pdf',
  status: 'completed',
  price_cents: 1234,
  failure_reason: null,
  void_state: null,
  tracking_status: null,
  mode: 'live',
  ...change,
});

/** Each line's cells (the cells these tests split have no comma inside quotes). */
const parse = (csv: string): string[][] =>
  csv
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter((line) => line !== '')
    .map((line) => line.split(','));

describe('the Orders CSV', () => {
  it('starts with a byte order mark and the header, then one line per order as the page shows it', () => {
    const csv = ordersCsv([order()], true);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(parse(csv)).toEqual([
      [...ORDERS_CSV_COLUMNS],
      ['2025-06-01 14:03', order().id, 'Ann Lee', 'Boston', 'MA', '02134', 'USPS Ground Advantage', 'USPS', '9400100000000000000001', '2', 'SKU-1', '12.34', 'completed', 'purchased'],
    ]);
  });

  it('leaves the header out of the parts after the first', () => {
    expect(parse(ordersCsv([order()], false))).toHaveLength(1);
    expect(ordersCsv([], false)).toBe('');
  });

  it('writes a voided label as voided, and a cancelled order without a label state', () => {
    const [voided, cancelled] = parse(ordersCsv([order({ void_state: 'voided' }), order({ status: 'cancelled', tracking_number: null, price_cents: null })], false));
    expect(voided!.slice(-2)).toEqual(['completed', 'voided']);
    expect(cancelled!.slice(-3)).toEqual(['0.00', 'cancelled', '']);
  });

  it.each(['=HYPERLINK(1)', '+1+2', '-2+3', '@SUM(A1)'])('writes a receiver named %s as text, behind an apostrophe', (name) => {
    const [row] = parse(ordersCsv([order({ receiver_name: name, reference2: name })], false));
    expect(row![2]).toBe(`'${name}`);
    expect(row![10]).toBe(`'${name}`);
  });

  it('quotes a name with a comma or a quote so the columns stay in place', () => {
    expect(ordersCsv([order({ receiver_name: 'Lee, "Ann"' })], false)).toContain(',"Lee, ""Ann""",Boston,');
  });
});

describe('the Batch Orders CSV', () => {
  it('writes a batch with its counts, what it charged and its files', () => {
    const batch = {
      id: '00000000-0000-4000-8000-0000000000bb',
      status: 'completed_with_errors',
      created_at: '2025-06-02T08:00:00.000Z',
      total_count: 4,
      processed_count: 3,
      failed_count: 1,
      charged_cents: '2850',
      pdf_name: 'Labels_6-2.pdf',
      result_csv_name: 'Order_Results_6-2.csv',
    } as unknown as FoundBatchRow;
    expect(parse(batchesCsv([batch], true))).toEqual([
      [...BATCHES_CSV_COLUMNS],
      ['2025-06-02 08:00', batch.id, 'completed_with_errors', '4', '3', '1', '28.50', 'Labels_6-2.pdf', 'Order_Results_6-2.csv'],
    ]);
  });
});
