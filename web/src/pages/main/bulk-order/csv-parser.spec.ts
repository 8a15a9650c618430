import { BULK_MAX_ROWS, BULK_TEMPLATE_COLUMNS } from '@labeldesk/contracts';
import { BulkFileError, checkBulkFile, decodeText } from './bulk-file';
import { checkBeforeSubmit, checkRow, countInvalid, submitErrorsMessage, uploadErrorsMessage, validateRows } from './bulk-rows';
import type { BulkRow, ValidationContext } from './bulk-rows';
import { parseBulkCsv, templateColumnFor } from './csv-parser';

const good: Record<string, string> = {
  orderId: '111-2223334-5556667',
  orderItemId: '12345678901234',
  skuNumber: 'MUG-1',
  quantity: '2',
  courier: 'USPS',
  ServiceName: 'USPS Priority Mail',
  FromSenderName: 'Sam Sender',
  FromCompany: 'Sender Goods',
  FromPhone: '+1 555-010-0199',
  FromStreet1: '1600 Amphitheatre Pkwy',
  FromStreet2: '',
  FromCity: 'Mountain View',
  FromStateProvince: 'CA',
  FromZipPostal: '94043',
  FromCountry: 'US',
  ToRecipientName: 'Rita Receiver',
  ToCompany: '',
  ToPhone: '',
  ToStreet1: '350 Fifth Avenue',
  ToStreet2: 'Floor 5',
  ToCity: 'New York',
  ToStateProvince: 'NY',
  ToZipPostal: '10118',
  ToCountry: 'US',
  ToEmail: 'rita@example.com',
  PackageLength: '10',
  PackageWidth: '8',
  PackageHeight: '4',
  PackageWeight: '2.5',
  PackageDescription: 'Ceramic mug',
  PackageReference1: '2',
  PackageReference2: 'MUG-1',
  // The customs columns (decision 116), empty at home.
  ContentsType: '',
  CustomsDescription: '',
  CustomsHsCode: '',
  CustomsOrigin: '',
  CustomsValue: '',
  DeclaredValue: '',
};

const csvLine = (values: Record<string, string>, columns: readonly string[] = BULK_TEMPLATE_COLUMNS): string =>
  columns.map((key) => (/[",\r\n]/.test(values[key] ?? '') ? `"${(values[key] ?? '').replace(/"/g, '""')}"` : (values[key] ?? ''))).join(',');

const csv = (rows: Record<string, string>[], columns: readonly string[] = BULK_TEMPLATE_COLUMNS): string =>
  [columns.join(','), ...rows.map((row) => csvLine(row, columns))].join('\n');

const services: ValidationContext = { services: new Map([['USPS Priority Mail', 70], ['USPS Ground Advantage', 20]]) };

const asRows = (values: ReturnType<typeof parseBulkCsv>): BulkRow[] => values.map((v, index) => ({ id: index + 1, values: v, errors: null }));

describe('parseBulkCsv', () => {
  it('reads the template columns of every row under the header', () => {
    const rows = parseBulkCsv(csv([good, { ...good, ToRecipientName: 'Second, Person' }]));
    expect(rows).toHaveLength(2);
    expect(rows[0]).toEqual(good);
    expect(rows[1]?.ToRecipientName).toBe('Second, Person');
  });

  it('reads a quoted cell with line breaks and tabs as one line ("Name⏎c/o Front Desk")', () => {
    const [row] = parseBulkCsv(csv([{ ...good, ToRecipientName: 'Name\r\nc/o Front Desk', ToStreet1: '350 Fifth Avenue\n\tFloor 5', ToStreet2: '\n' }]));
    expect(row).toMatchObject({ ToRecipientName: 'Name c/o Front Desk', ToStreet1: '350 Fifth Avenue Floor 5', ToStreet2: '' });
  });

  it('matches headers loosely, ignores unknown columns and leaves missing ones empty', () => {
    const text = ['to_recipient_name,Notes,PackageWeight,ServiceName', 'Rita,"ignore me",3,USPS Priority Mail'].join('\r\n');
    const [row] = parseBulkCsv(text);
    expect(row?.ToRecipientName).toBe('Rita');
    expect(row?.PackageWeight).toBe('3');
    expect(row?.ServiceName).toBe('USPS Priority Mail');
    expect(row?.FromCity).toBe('');
    expect(Object.keys(row ?? {})).toHaveLength(BULK_TEMPLATE_COLUMNS.length);
  });

  it('skips empty lines and keeps short rows', () => {
    const text = `${csv([good])}\n\n,,\nShort,Row\n`;
    const rows = parseBulkCsv(text);
    expect(rows).toHaveLength(2);
    expect(rows[1]?.orderId).toBe('Short');
    expect(rows[1]?.PackageWeight).toBe('');
  });

  it('refuses a file without template headers, and one with broken quoting', () => {
    expect(() => parseBulkCsv('name,street\nA,B')).toThrow(BulkFileError);
    const broken = `${BULK_TEMPLATE_COLUMNS.join(',')}\n"unterminated,1,2`;
    expect(() => parseBulkCsv(broken)).toThrow(expect.objectContaining({ kind: 'parse' }));
  });

  it('refuses more than 10,000 rows, stating the limit, and a header without rows', () => {
    const line = csvLine(good);
    const text = [BULK_TEMPLATE_COLUMNS.join(','), ...Array.from({ length: BULK_MAX_ROWS + 1 }, () => line)].join('\n');
    expect(() => parseBulkCsv(text)).toThrow(expect.objectContaining({ kind: 'limit', message: expect.stringContaining('at most 10,000 rows') }));
    expect(() => parseBulkCsv(BULK_TEMPLATE_COLUMNS.join(','))).toThrow(BulkFileError);
  });

  it("takes as many rows as the deployment's limit allows, and states that limit when a file has more", () => {
    const line = csvLine(good);
    const file = (rows: number) => [BULK_TEMPLATE_COLUMNS.join(','), ...Array.from({ length: rows }, () => line)].join('\n');
    const limits = { maxRows: 12_000, maxFileBytes: 20 * 1024 * 1024 };
    expect(parseBulkCsv(file(12_000), limits)).toHaveLength(12_000);
    expect(() => parseBulkCsv(file(12_001), limits)).toThrow(expect.objectContaining({ kind: 'limit', message: 'This file gives 12,001 rows. A bulk order holds at most 12,000 rows: split it into several files.' }));
  });

  it('maps header names to template columns', () => {
    expect(templateColumnFor(' From Zip Postal ')).toBe('FromZipPostal');
    expect(templateColumnFor('ship-city')).toBeNull();
  });
});

describe('checkBulkFile', () => {
  it('accepts .csv and .txt up to 10 MB and states the limit otherwise', () => {
    expect(checkBulkFile({ name: 'orders.CSV', size: 10 })).toBe('csv');
    expect(checkBulkFile({ name: 'amazon.txt', size: 10 })).toBe('amazon-report');
    expect(() => checkBulkFile({ name: 'orders.xlsx', size: 10 })).toThrow(BulkFileError);
    expect(() => checkBulkFile({ name: 'big.csv', size: 10 * 1024 * 1024 + 1 })).toThrow(
      expect.objectContaining({ kind: 'limit', message: expect.stringContaining('at most 10 MB') }),
    );
  });

  it("takes a file up to the deployment's own size limit, and names that limit beyond it", () => {
    const limits = { maxRows: 100_000, maxFileBytes: 100 * 1024 * 1024 };
    expect(checkBulkFile({ name: 'big.csv', size: 60 * 1024 * 1024 }, limits)).toBe('csv');
    expect(() => checkBulkFile({ name: 'huge.csv', size: 100 * 1024 * 1024 + 1 }, limits)).toThrow(
      expect.objectContaining({ kind: 'limit', message: 'This file is 100.0 MB. A bulk upload can be at most 100 MB: split it into smaller files.' }),
    );
  });

  it('decodes UTF-8 without its BOM, and Windows-1252 when the bytes are not UTF-8', () => {
    expect(decodeText(new Uint8Array([0xef, 0xbb, 0xbf, 0x61, 0xc3, 0xa9]))).toBe('aé');
    expect(decodeText(new Uint8Array([0x61, 0xe9]))).toBe('aé');
  });
});

describe('row validation', () => {
  it('passes a complete row and cleans it into the server shape', () => {
    const check = checkRow(parseBulkCsv(csv([good]))[0] ?? good, services);
    expect(check.errors).toBeNull();
    expect(check.item?.courier).toBe('usps');
    expect(check.item?.package.package_weight).toBe(2.5);
    expect(check.item?.package.quantity).toBe(2);
    expect(check.item?.receiver.receiver_company).toBeNull();
  });

  it("uses the spec's messages on the cells", () => {
    const [row] = parseBulkCsv(csv([{ ...good, ServiceName: '', ToZipPostal: '', FromSenderName: '', PackageLength: '-3', PackageWeight: 'abc', PackageHeight: '' }]));
    const { errors } = checkRow(row ?? good, services);
    expect(errors).toMatchObject({
      ServiceName: 'Service name must be selected from the dropdown',
      ToZipPostal: 'To ZIP is required',
      FromSenderName: 'From Name is required',
      PackageLength: 'Length must be a positive number',
      PackageWeight: 'Weight must be a positive number',
      PackageHeight: 'Height is required',
    });
  });

  it("sends the receiver's e-mail with the row, and refuses two addresses in its cell under its header", () => {
    const [row] = parseBulkCsv(csv([good]));
    expect(checkRow(row ?? good, services).item?.receiver.receiver_email).toBe('rita@example.com');
    const [two] = parseBulkCsv(csv([{ ...good, ToEmail: 'rita@example.com; bob@example.com' }]));
    expect(checkRow(two ?? good, services).errors).toEqual({ ToEmail: 'To Email must be one e-mail address, e.g. rita@example.com' });
  });

  it('refuses a service the user cannot buy and a weight over the service maximum', () => {
    expect(checkRow({ ...(good as Record<string, string>), ServiceName: 'FedEx Overnight' } as never, services).errors?.ServiceName).toBe(
      'Service name must be selected from the dropdown',
    );
    expect(checkRow({ ...good, ServiceName: 'USPS Ground Advantage', PackageWeight: '25' } as never, services).errors?.PackageWeight).toBe(
      'Weight must be at most 20 lb for this service',
    );
  });

  it('counts invalid rows and words the toasts as the spec does', () => {
    const rows = validateRows(asRows(parseBulkCsv(csv([good, { ...good, ToCity: '' }, { ...good, PackageWidth: '0' }]))), services);
    expect(countInvalid(rows)).toBe(2);
    expect(uploadErrorsMessage(2)).toBe('2 row(s) have validation errors. Please check the table and fix them.');
    expect(submitErrorsMessage(1)).toBe('1 row has validation errors');
    expect(submitErrorsMessage(3)).toBe('3 rows have validation errors');
  });

  it('sends only the valid rows on submit and lists each bad one by its place in the table', () => {
    const rows = validateRows(asRows(parseBulkCsv(csv([good, { ...good, ToCity: '' }, good]))), services);
    const { orderData, invalid } = checkBeforeSubmit(rows, services);
    expect(orderData).toHaveLength(2);
    expect(invalid).toEqual([{ index: 1, errors: { ToCity: 'To City is required' } }]);
  });

  it('keeps a row flagged on upload (no SKU preset) out of the submit even when its cells now pass', () => {
    const [row] = validateRows(asRows(parseBulkCsv(csv([good]))), services);
    const flagged: BulkRow = { ...(row as BulkRow), errors: { skuNumber: 'No saved SKU preset' } };
    expect(checkBeforeSubmit([flagged], services)).toEqual({ orderData: [], invalid: [{ index: 0, errors: { skuNumber: 'No saved SKU preset' } }] });
  });

  it('parses and validates 10,000 rows, every one valid', () => {
    const line = csvLine(good);
    const text = [BULK_TEMPLATE_COLUMNS.join(','), ...Array.from({ length: BULK_MAX_ROWS }, () => line)].join('\n');
    // No time is asserted here (the machine's speed varies); the browser test prints the page's own time.
    const rows = validateRows(asRows(parseBulkCsv(text)), services);
    expect(rows).toHaveLength(BULK_MAX_ROWS);
    expect(countInvalid(rows)).toBe(0);
  });
});
