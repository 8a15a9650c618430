import { formatPriceUsd, RESULT_CSV_COLUMNS, type ResultCsvRow, resultCsvChunks } from './result-csv.writer';

const success: ResultCsvRow = {
  row: 1,
  orderId: '114-1234567-1234567',
  orderItemId: '12345678901234',
  skuNumber: 'WID-BLU-001',
  recipient: 'Jane Doe',
  service: 'USPS Priority Mail',
  status: 'success',
  trackingNumber: '9205599999999900012346',
  priceCents: 1234,
  error: null,
};
const failure: ResultCsvRow = {
  row: 2,
  orderId: null,
  orderItemId: null,
  skuNumber: null,
  recipient: 'Doe, John',
  service: 'USPS Ground Advantage',
  status: 'failed',
  trackingNumber: null,
  priceCents: null,
  error: 'Weight must be greater than 0',
};

async function text(rows: ResultCsvRow[], bom = true): Promise<string> {
  let out = '';
  for await (const chunk of resultCsvChunks(rows, { bom })) out += chunk;
  return out;
}

describe('result CSV writer', () => {
  it('starts with a byte order mark and the header row, then one CRLF record per row in input order', async () => {
    const csv = await text([success, failure]);
    expect(csv).toBe(
      '\uFEFFrow,orderId,orderItemId,skuNumber,recipient,service,status,trackingNumber,priceUsd,error\r\n' +
        '1,114-1234567-1234567,12345678901234,WID-BLU-001,Jane Doe,USPS Priority Mail,success,9205599999999900012346,12.34,\r\n' +
        '2,,,,"Doe, John",USPS Ground Advantage,failed,,,Weight must be greater than 0\r\n',
    );
    expect(RESULT_CSV_COLUMNS).toHaveLength(10);
  });

  it('leaves the byte order mark out when asked', async () => {
    expect((await text([], false)).startsWith('row,orderId')).toBe(true);
  });

  it('writes just the header for a batch with no rows', async () => {
    expect(await text([])).toBe('\uFEFFrow,orderId,orderItemId,skuNumber,recipient,service,status,trackingNumber,priceUsd,error\r\n');
  });

  it('passes every uploaded value through the formula guard', async () => {
    const csv = await text([{ ...failure, recipient: '=HYPERLINK("http://x","click")', skuNumber: '@SUM(A1)', orderId: '+1', error: '-1+2' }]);
    const record = csv.split('\r\n')[1];
    expect(record).toBe('2,\'+1,,\'@SUM(A1),"\'=HYPERLINK(""http://x"",""click"")",USPS Ground Advantage,failed,,,\'-1+2');
  });

  it('neutralises a recipient or SKU starting with a pipe', async () => {
    const csv = await text([{ ...failure, recipient: "|cmd '/C calc'!A0", skuNumber: '|x' }]);
    expect(csv.split('\r\n')[1]).toContain(`'|x,'|cmd '/C calc'!A0,`);
  });

  it('reads rows from an async source lazily, one record per row', async () => {
    let pulled = 0;
    async function* rows(): AsyncGenerator<ResultCsvRow> {
      for (let i = 1; i <= 3; i++) {
        pulled++;
        yield { ...success, row: i };
      }
    }
    const chunks = resultCsvChunks(rows());
    await chunks.next();
    expect(pulled).toBe(0);
    await chunks.next();
    expect(pulled).toBe(1);
    await chunks.return(undefined);
  });
});

describe('formatPriceUsd', () => {
  it('formats integer cents with two decimals without floating-point arithmetic', () => {
    expect(formatPriceUsd(1234)).toBe('12.34');
    expect(formatPriceUsd(5)).toBe('0.05');
    expect(formatPriceUsd(0)).toBe('0.00');
    expect(formatPriceUsd(100)).toBe('1.00');
    expect(formatPriceUsd(123456789)).toBe('1234567.89');
    expect(formatPriceUsd(-250)).toBe('-2.50');
    expect(formatPriceUsd(Number.MAX_SAFE_INTEGER)).toBe('90071992547409.91');
  });

  it('refuses a price that is not a whole number of cents', () => {
    expect(() => formatPriceUsd(12.5)).toThrow(RangeError);
    expect(() => formatPriceUsd(Number.NaN)).toThrow(RangeError);
  });
});
