import { guessHeaderMapping } from '@labeldesk/contracts';
import type { SavedAddress, SkuRecord } from '@labeldesk/contracts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkBeforeSubmit, emptyValues, newRowId } from './bulk-rows';
import type { BulkValues } from './bulk-rows';
import { mapForeignRows, readForeignCsv } from './foreign-csv';
import { joinOrderItems } from './order-items';
import type { MappedLine } from './order-items';

const sender = { _id: 'a1', address_id: 'warehouse', name: 'Hollow Oak Candles', phone: '5125550100', company: null, street: '500 Congress Ave', street2: null, city: 'Austin', state: 'TX', zip: '78701', country: 'US' } as SavedAddress;
const sku = (code: string, weight: number, packagingWeight: number, [length, width, height]: [number, number, number], description: string): SkuRecord => ({ _id: code, sku: code, maxQty: 4, weight, packagingWeight, length, width, height, description, hsTariffNumber: null, originCountry: null, valueCents: null });
const CEDAR = sku('CND-CEDAR-8', 0.75, 0.25, [6, 6, 5], 'Cedar candle 8oz');
const SALT = sku('CND-SALT-12', 1.1, 0.3, [8, 8, 6], 'Sea salt candle 12oz');
const TRIM = sku('ACC-TRIM', 0.2, 0.05, [8, 3, 1], 'Wick trimmer');

const shopifyExport = () => {
  const file = readForeignCsv(readFileSync(join(__dirname, 'marketplace-exports', 'shopify-multi-item-orders.csv'), 'utf8'));
  return { file, mapping: guessHeaderMapping(file.header, file.rows).mapping };
};

/** A line of a file in the table's columns: an order's line with Maria's address, unless `values` says otherwise. */
const line = (values: Partial<BulkValues>, weightPreset?: SkuRecord): MappedLine => ({
  values: { ...emptyValues(), ToRecipientName: 'Maria Lopez', ToStreet1: '1420 Elm Street', ToCity: 'Austin', ToStateProvince: 'TX', ToZipPostal: '78701', ...values },
  weightPreset,
});
const NO_ADDRESS: Partial<BulkValues> = { ToRecipientName: '', ToStreet1: '', ToCity: '', ToStateProvince: '', ToZipPostal: '' };

describe("a Shopify export's orders of several items", () => {
  it("makes one row of a 3-item order and one of a 1-item order: units added up, the items' weights in one box, every item kept", () => {
    const { file, mapping } = shopifyExport();
    const rows = mapForeignRows(file, mapping, { sender, skus: [CEDAR, SALT, TRIM], serviceName: 'USPS Priority Mail' });
    expect(rows.map((row) => [row.values.orderId, row.values.ToRecipientName, row.values.quantity, row.values.PackageWeight])).toEqual([
      // 2 × 0.75 + 1.1 + 0.2 lb of candles and trimmer, in the heaviest packaging of the three (0.3 lb): 3.1 lb.
      ['#1051', 'Maria Lopez', '4', '3.1'],
      ['#1052', 'Lena Chen', '1', '1.4'],
    ]);
    expect(rows[0]?.items).toEqual([
      { sku: 'CND-CEDAR-8', description: 'Cedar & Smoke Candle 8oz', quantity: '2' },
      { sku: 'CND-SALT-12', description: 'Sea Salt Soy Candle 12oz', quantity: '1' },
      { sku: 'ACC-TRIM', description: 'Linen Wick Trimmer', quantity: '1' },
    ]);
    expect(rows[1]?.items).toBeUndefined();
    // The largest of the items' boxes, so every item fits.
    expect(rows[0]?.values).toMatchObject({ PackageLength: '8', PackageWidth: '8', PackageHeight: '6' });
  });

  it('sends the joined row as one valid order whose package lists its items', () => {
    const { file, mapping } = shopifyExport();
    const loaded = mapForeignRows(file, mapping, { sender, skus: [CEDAR, SALT, TRIM], serviceName: '' });
    const rows = loaded.map((row) => ({ id: newRowId(), errors: null, ...row, values: { ...row.values, ServiceName: 'USPS Priority Mail' } }));
    const { orderData, invalid } = checkBeforeSubmit(rows, { services: null });
    expect(invalid).toEqual([]);
    expect(orderData.map((item) => [item.package.order_id, item.package.quantity, item.package.package_weight, item.package.items?.map((entry) => `${entry.sku_number} × ${entry.quantity}`)])).toEqual([
      ['#1051', 4, 3.1, ['CND-CEDAR-8 × 2', 'CND-SALT-12 × 1', 'ACC-TRIM × 1']],
      ['#1052', 1, 1.4, undefined],
    ]);
  });

  it('joins a 2-item order, adding up quantities and the weights each line has from the file', () => {
    const rows = joinOrderItems([line({ orderId: '#7', skuNumber: 'A', quantity: '2', PackageWeight: '1.5' }), line({ ...NO_ADDRESS, orderId: '#7', skuNumber: 'B', quantity: '3', PackageWeight: '0.25' })]);
    expect(rows.map((row) => [row.values.quantity, row.values.PackageWeight, row.items?.map((item) => item.sku)])).toEqual([['5', '1.75', ['A', 'B']]]);
  });

  it("counts a preset's units and one box, and leaves the weight empty when one item's weight is unknown", () => {
    const known = joinOrderItems([line({ orderId: '#8', quantity: '3' }, CEDAR), line({ ...NO_ADDRESS, orderId: '#8', quantity: '2' }, CEDAR)]);
    expect(known[0]?.values.PackageWeight).toBe('4');
    const unknown = joinOrderItems([line({ orderId: '#9', quantity: '1' }, CEDAR), line({ ...NO_ADDRESS, orderId: '#9', skuNumber: 'NO-PRESET' })]);
    expect(unknown[0]?.values.PackageWeight).toBe('');
  });

  it('keeps a line of the same order with another address as a shipment of its own, and joins later item lines to it', () => {
    const rows = joinOrderItems([
      line({ orderId: '#10', skuNumber: 'A', PackageWeight: '1' }),
      line({ orderId: '#10', skuNumber: 'B', PackageWeight: '2', ToRecipientName: 'Lena Chen', ToStreet1: '301 Commercial St', ToCity: 'Portland', ToStateProvince: 'ME', ToZipPostal: '04101' }),
      line({ ...NO_ADDRESS, orderId: '#10', skuNumber: 'C', PackageWeight: '3' }),
    ]);
    expect(rows.map((row) => [row.values.ToRecipientName, row.values.PackageWeight, row.items?.map((item) => item.sku) ?? null])).toEqual([
      ['Maria Lopez', '1', null],
      ['Lena Chen', '5', ['B', 'C']],
    ]);
  });

  it('keeps a line with no address and no earlier line of its order as a row of its own, flagged as any row without an address', () => {
    const rows = joinOrderItems([line({ ...NO_ADDRESS, orderId: '#11', skuNumber: 'A', PackageWeight: '1' }), line({ orderId: '#11', skuNumber: 'B', PackageWeight: '1' }), line({ ...NO_ADDRESS, skuNumber: 'C' })]);
    expect(rows.map((row) => [row.values.orderId, row.values.skuNumber, row.items ?? null])).toEqual([
      ['#11', 'A', null],
      ['#11', 'B', null],
      ['', 'C', null],
    ]);
    const ready: Partial<BulkValues> = { ServiceName: 'USPS Priority Mail', FromSenderName: 'Hollow Oak Candles', FromStreet1: '500 Congress Ave', FromCity: 'Austin', FromStateProvince: 'TX', FromZipPostal: '78701', PackageLength: '6', PackageWidth: '6', PackageHeight: '5', PackageWeight: '1' };
    const { invalid } = checkBeforeSubmit(
      rows.map((row) => ({ id: newRowId(), errors: null, values: { ...row.values, ...ready } })),
      { services: null },
    );
    expect(invalid.map(({ index, errors }) => [index, errors.ToStreet1])).toEqual([
      [0, 'To Street 1 is required'],
      [2, 'To Street 1 is required'],
    ]);
  });
});
