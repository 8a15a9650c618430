import type { SavedAddress, SkuRecord } from '@labeldesk/contracts';
import { ADDRESS_REQUIRED, normalisePhone, normaliseState, normaliseZip, parseAmazonTxt, splitQuantity } from './amazon-parser';
import { BulkFileError } from './bulk-file';
import { checkRow, validateRows } from './bulk-rows';
import type { BulkRow } from './bulk-rows';

const sender: SavedAddress = {
  _id: 'a1',
  address_id: 'HQ',
  name: 'Sam Sender',
  phone: '+1 555-010-0199',
  company: 'Sender Goods',
  street: '1600 Amphitheatre Pkwy',
  street2: null,
  city: 'Mountain View',
  state: 'CA',
  zip: '94043',
  country: 'US',
};

const sku = (name: string, maxQty: number): SkuRecord => ({ _id: name, sku: name, maxQty, weight: 2.5, packagingWeight: 0, length: 10, width: 8, height: 4, description: `${name} box`, hsTariffNumber: null, originCountry: null, valueCents: null });

/** The real header of a 2025 download (formats.md 3.1), with buyer-name and the verge-of columns. */
const HEADER = [
  'order-id', 'order-item-id', 'purchase-date', 'payments-date', 'reporting-date', 'promise-date', 'days-past-promise', 'buyer-email', 'buyer-name',
  'buyer-phone-number', 'sku', 'product-name', 'quantity-purchased', 'quantity-shipped', 'quantity-to-ship', 'ship-service-level', 'recipient-name',
  'ship-address-1', 'ship-address-2', 'ship-address-3', 'ship-city', 'ship-state', 'ship-postal-code', 'ship-country', 'is-business-order',
  'purchase-order-number', 'price-designation', 'is-iba', 'verge-of-cancellation', 'verge-of-lateShipment',
];

const line = (cells: Record<string, string>, header: readonly string[] = HEADER): string => header.map((name) => cells[name] ?? '').join('\t');

const order = (overrides: Record<string, string> = {}): Record<string, string> => ({
  'order-id': '058-3563777-5518068',
  'order-item-id': '12345678901234',
  'purchase-date': '2025-07-30T08:34:47+00:00',
  'buyer-phone-number': '+1 206-555-0100 ext. 12345',
  sku: 'MUG-1',
  'product-name': 'A ceramic mug, 12 oz "classic"',
  'quantity-purchased': '1',
  'quantity-shipped': '0',
  'quantity-to-ship': '1',
  'recipient-name': 'Rita Receiver',
  'ship-address-1': '350 Fifth Avenue',
  'ship-address-2': 'Floor 5',
  'ship-city': 'New York',
  'ship-state': 'New York',
  'ship-postal-code': '101181234',
  'ship-country': 'US',
  ...overrides,
});

const report = (orders: Record<string, string>[], header: readonly string[] = HEADER): string => [header.join('\t'), ...orders.map((o) => line(o, header))].join('\r\n');

const context = { sender, skus: [sku('MUG-1', 4), sku('BIG-1', 1)], serviceName: 'USPS Priority Mail' };
const services = { services: new Map([['USPS Priority Mail', 70]]) };

describe('splitQuantity', () => {
  it("ships a quantity in packages of at most the SKU's maxQty", () => {
    expect(splitQuantity(10, 4)).toEqual([4, 4, 2]);
    expect(splitQuantity(8, 4)).toEqual([4, 4]);
    expect(splitQuantity(3, 4)).toEqual([3]);
    expect(splitQuantity(3, 1)).toEqual([1, 1, 1]);
  });

  it('uses 4 when the SKU has no usable maxQty, and gives nothing for nothing', () => {
    expect(splitQuantity(10, undefined)).toEqual([4, 4, 2]);
    expect(splitQuantity(9, 0)).toEqual([4, 4, 1]);
    expect(splitQuantity(0, 4)).toEqual([]);
  });
});

describe('parseAmazonTxt', () => {
  it('fills a row from the report, the chosen sender and the SKU preset', () => {
    const { rows, skipped, missingPresets } = parseAmazonTxt(report([order()]), context);
    expect(skipped).toBe(0);
    expect(missingPresets).toEqual([]);
    expect(rows).toHaveLength(1);
    const values = rows[0]?.values;
    expect(values).toMatchObject({
      orderId: '058-3563777-5518068',
      orderItemId: '12345678901234',
      skuNumber: 'MUG-1',
      quantity: '1',
      courier: 'usps',
      ServiceName: 'USPS Priority Mail',
      FromSenderName: 'Sam Sender',
      FromStreet1: '1600 Amphitheatre Pkwy',
      FromZipPostal: '94043',
      ToRecipientName: 'Rita Receiver',
      ToPhone: '+1 206-555-0100',
      ToStreet1: '350 Fifth Avenue',
      ToStreet2: 'Floor 5',
      ToStateProvince: 'NY',
      ToZipPostal: '10118-1234',
      ToCountry: 'US',
      PackageLength: '10',
      PackageWidth: '8',
      PackageHeight: '4',
      PackageWeight: '2.5',
      PackageDescription: 'MUG-1 box',
      PackageReference1: '1',
      PackageReference2: 'MUG-1',
    });
    expect(checkRow(values ?? ({} as never), services).errors).toBeNull();
  });

  it('splits a multi-quantity line by the SKU maxQty into several rows', () => {
    const { rows } = parseAmazonTxt(report([order({ 'quantity-to-ship': '10', 'quantity-purchased': '10' }), order({ sku: 'BIG-1', 'quantity-to-ship': '2' })]), context);
    expect(rows.map((row) => [row.values.skuNumber, row.values.quantity])).toEqual([
      ['MUG-1', '4'],
      ['MUG-1', '4'],
      ['MUG-1', '2'],
      ['BIG-1', '1'],
      ['BIG-1', '1'],
    ]);
    expect(rows.every((row) => row.values.orderId === '058-3563777-5518068')).toBe(true);
  });

  it('weighs each package of a split line as its units × weight per unit + packaging: 9 units are 4 + 4 + 1', () => {
    const boxed = { ...context, skus: [{ ...sku('MUG-1', 4), weight: 1.2, packagingWeight: 0.3 }] };
    const { rows } = parseAmazonTxt(report([order({ 'quantity-to-ship': '9', 'quantity-purchased': '9' })]), boxed);
    expect(rows.map((row) => [row.values.quantity, row.values.PackageWeight])).toEqual([
      ['4', '5.1'],
      ['4', '5.1'],
      ['1', '1.5'],
    ]);
  });

  it('reads a cell with a stray control character or line separator as one line', () => {
    const { rows } = parseAmazonTxt(report([order({ 'recipient-name': 'Name\u2028c/o Front Desk', 'ship-address-2': 'Floor\u000b5' })]), context);
    expect(rows[0]?.values).toMatchObject({ ToRecipientName: 'Name c/o Front Desk', ToStreet2: 'Floor 5' });
  });

  it('finds columns by name whatever their order, ignoring extra ones', () => {
    const shuffled = ['Ship-City', 'extra-thing', 'SKU', 'quantity-to-ship', 'order-id', 'recipient-name', 'ship-address-1', 'ship-state', 'ship-postal-code', 'is-prime'];
    const { rows } = parseAmazonTxt(
      report([{ 'Ship-City': 'Austin', 'extra-thing': 'x', SKU: 'MUG-1', 'quantity-to-ship': '5', 'order-id': '1', 'recipient-name': 'Ann', 'ship-address-1': '1 Main St', 'ship-state': 'tx', 'ship-postal-code': '73301', 'is-prime': 'true' }], shuffled),
      context,
    );
    expect(rows.map((row) => row.values.quantity)).toEqual(['4', '1']);
    expect(rows[0]?.values).toMatchObject({ ToCity: 'Austin', ToStateProvince: 'TX', ToRecipientName: 'Ann', skuNumber: 'MUG-1', ToCountry: 'US' });
  });

  it('falls back to purchased minus shipped, and skips lines with nothing left to ship', () => {
    const header = HEADER.filter((name) => name !== 'quantity-to-ship');
    const { rows, skipped } = parseAmazonTxt(
      report([order({ 'quantity-purchased': '6', 'quantity-shipped': '1' }), order({ 'quantity-purchased': '2', 'quantity-shipped': '2' })], header),
      context,
    );
    expect(rows.map((row) => row.values.quantity)).toEqual(['4', '1']);
    expect(skipped).toBe(1);
  });

  it('flags, not drops, a line whose SKU has no preset', () => {
    const { rows, missingPresets } = parseAmazonTxt(report([order({ sku: 'NOPE-9', 'quantity-to-ship': '5' })]), context);
    expect(missingPresets).toEqual(['NOPE-9']);
    expect(rows.map((row) => row.values.quantity)).toEqual(['4', '1']);
    expect(rows[0]?.missingPreset).toBe('NOPE-9');
    const [flagged] = validateRows(rows.map((row, index): BulkRow => ({ id: index, values: row.values, errors: null, ...(row.missingPreset ? { missingPreset: row.missingPreset } : {}) })), services);
    expect(flagged?.errors?.skuNumber).toContain('No saved SKU preset for "NOPE-9"');
    expect(flagged?.errors?.PackageWeight).toBe('Weight is required');
    // Typing the package in clears the flag.
    const typed = { ...(rows[0]?.values ?? ({} as never)), PackageLength: '5', PackageWidth: '5', PackageHeight: '5', PackageWeight: '1' };
    expect(checkRow(typed, services, 'NOPE-9').errors).toBeNull();
  });

  it('needs a saved sender address', () => {
    expect(() => parseAmazonTxt(report([order()]), { ...context, sender: undefined })).toThrow(
      expect.objectContaining({ kind: 'address', message: ADDRESS_REQUIRED }),
    );
  });

  it('refuses a file that is not an Amazon report', () => {
    expect(() => parseAmazonTxt('hello\tworld\n1\t2', context)).toThrow(BulkFileError);
  });

  it('normalises what buyers type', () => {
    expect(normaliseState(' calif. ')).toBe('CALIF');
    expect(normaliseState('north carolina')).toBe('NC');
    expect(normaliseState('ny')).toBe('NY');
    expect(normaliseZip('12345')).toBe('12345');
    expect(normalisePhone('(206) 555-0100')).toBe('206 555-0100');
    expect(normalisePhone('call me')).toBe('');
  });
});
