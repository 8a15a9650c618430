import {
  AMAZON_CONFIRM_COLUMNS,
  type AmazonConfirmRow,
  amazonConfirmTsvChunks,
  formatShipDate,
  SAMPLE_NOTICE_LINE,
} from './amazon-confirm-tsv.writer';

const HEADER = 'order-id\torder-item-id\tquantity\tship-date\tcarrier-code\tcarrier-name\ttracking-number\tship-method';

const row = (overrides: Partial<AmazonConfirmRow> = {}): AmazonConfirmRow => ({
  status: 'success',
  orderId: '114-1234567-1234567',
  orderItemId: '12345678901234',
  quantity: 2,
  trackingNumber: '9205599999999900012346',
  service: 'USPS Priority Mail',
  shipDate: new Date(2025, 5, 3, 12),
  ...overrides,
});

async function text(rows: AmazonConfirmRow[], sample = false): Promise<string[]> {
  let out = '';
  for await (const chunk of amazonConfirmTsvChunks(rows, { sample })) out += chunk;
  expect(out.endsWith('\r\n')).toBe(true);
  return out.split('\r\n').slice(0, -1);
}

describe('Amazon shipping-confirmation TSV writer', () => {
  it('writes the header of formats.md §3.3 first, in its order', async () => {
    expect(await text([])).toEqual([HEADER]);
    expect(AMAZON_CONFIRM_COLUMNS.join('\t')).toBe(HEADER);
  });

  it('writes one line per bought label: USPS carrier code, empty carrier name, yyyy-mm-dd ship date, service as ship-method', async () => {
    expect(await text([row()])).toEqual([HEADER, '114-1234567-1234567\t12345678901234\t2\t2025-06-03\tUSPS\t\t9205599999999900012346\tUSPS Priority Mail']);
  });

  it('gives each label of a split quantity its own line with its own quantity and tracking number', async () => {
    const lines = await text([row({ quantity: 4, trackingNumber: '9205599999999900000017' }), row({ quantity: 1, trackingNumber: '9205599999999900000024' })]);
    expect(lines.slice(1).map((line) => line.split('\t'))).toEqual([
      ['114-1234567-1234567', '12345678901234', '4', '2025-06-03', 'USPS', '', '9205599999999900000017', 'USPS Priority Mail'],
      ['114-1234567-1234567', '12345678901234', '1', '2025-06-03', 'USPS', '', '9205599999999900000024', 'USPS Priority Mail'],
    ]);
  });

  it('skips failed labels, labels without a tracking number and rows whose order id is not an Amazon one', async () => {
    const lines = await text([
      row({ status: 'failed', trackingNumber: null }),
      row({ trackingNumber: null }),
      row({ trackingNumber: '   ' }),
      row({ orderId: null }),
      row({ orderId: 'SHOPIFY-1001' }),
      row({ orderId: '=1+2' }),
      row({ orderId: ' 058-3563777-5518068 ', trackingNumber: '9205 5999 9999 9900 0123 46' }),
    ]);
    expect(lines).toEqual([HEADER, '058-3563777-5518068\t12345678901234\t2\t2025-06-03\tUSPS\t\t9205599999999900012346\tUSPS Priority Mail']);
  });

  it('leaves the quantity empty when there is no order-item-id, since Amazon then confirms the whole order', async () => {
    const [, line] = await text([row({ orderItemId: null })]);
    expect(line.split('\t').slice(0, 3)).toEqual(['114-1234567-1234567', '', '']);
  });

  it('keeps every line to eight columns and free of formulas, whatever the service name holds', async () => {
    const [, line] = await text([row({ service: '=cmd|calc\tx\r\ny', orderItemId: '@123' })]);
    const cells = line.split('\t');
    expect(cells).toHaveLength(8);
    expect(cells[1]).toBe("'@123");
    expect(cells[7]).toBe("'=cmd|calc x y");
  });

  it('marks a sample file so that Amazon cannot take it for a real one: a notice line first and SAMPLE- order ids', async () => {
    const lines = await text([row()], true);
    expect(lines[0]).toBe(SAMPLE_NOTICE_LINE);
    expect(lines[0]).toMatch(/^SAMPLE DATA - DO NOT UPLOAD/);
    expect(lines[1]).toBe(HEADER);
    expect(lines[2]).toBe('SAMPLE-114-1234567-1234567\t12345678901234\t2\t2025-06-03\tUSPS\t\t9205599999999900012346\tUSPS Priority Mail');
    expect(lines[2].split('\t')[0]).not.toMatch(/^[0-9A-Za-z]{3}-[0-9A-Za-z]{7}-[0-9A-Za-z]{7}$/);
  });
});

describe('formatShipDate', () => {
  it('writes the local calendar date as yyyy-mm-dd, as the label prints it', () => {
    expect(formatShipDate(new Date(2025, 0, 5, 0, 0))).toBe('2025-01-05');
    expect(formatShipDate(new Date(2025, 11, 31, 23, 59))).toBe('2025-12-31');
  });

  it('refuses an invalid date', () => {
    expect(() => formatShipDate(new Date('nope'))).toThrow(RangeError);
  });
});
