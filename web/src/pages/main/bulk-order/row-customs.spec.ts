import type { SkuRecord } from '@labeldesk/contracts';
import { checkBeforeSubmit, checkRow, emptyValues } from './bulk-rows';
import type { BulkRow, BulkValues } from './bulk-rows';
import { rowCountry, skuLinesOf } from './row-customs';

/** A saved SKU with customs defaults: a T-shirt made in Portugal, $12.50 a unit, unless told otherwise. */
const TEE: Omit<SkuRecord, '_id' | 'sku'> = { maxQty: 4, weight: 0.4, packagingWeight: 0, length: 10, width: 8, height: 2, description: 'Cotton T-shirt', hsTariffNumber: '610910', originCountry: 'PT', valueCents: 1250 };
const sku = (code: string, defaults: Partial<SkuRecord> = {}): SkuRecord => ({ ...TEE, _id: code, sku: code, ...defaults });
const skus = [sku('TEE-1'), sku('MUG-1', { description: 'Ceramic mug', hsTariffNumber: null, originCountry: 'CN', valueCents: 900, weight: 1.2 })];
const context = { services: new Map([['USPS Priority Mail International', 70], ['USPS Priority Mail', 70]]), skus };

const values = (overrides: Partial<BulkValues>): BulkValues => ({
  ...emptyValues(),
  ServiceName: 'USPS Priority Mail International',
  FromSenderName: 'Ann Sender',
  FromStreet1: '1 Main St',
  FromCity: 'Austin',
  FromStateProvince: 'TX',
  FromZipPostal: '78701',
  ToRecipientName: 'Chloé Tremblay',
  ToStreet1: '24 Sussex Dr',
  ToCity: 'Ottawa',
  ToStateProvince: 'ON',
  ToZipPostal: 'K1M 1M4',
  ToCountry: 'Canada',
  PackageLength: '10',
  PackageWidth: '8',
  PackageHeight: '4',
  PackageWeight: '2',
  ...overrides,
});
const toGermany = { ToRecipientName: 'Jonas Weber', ToStreet1: 'Unter den Linden 77', ToCity: 'Berlin', ToStateProvince: '', ToZipPostal: '10117', ToCountry: 'DE' };

describe('a bulk row abroad', () => {
  it("sends customs filled from the row's SKU times its quantity, signed by the sender", () => {
    const check = checkRow(values({ skuNumber: 'TEE-1', quantity: '3' }), context);
    expect(check.errors).toBeNull();
    expect(check.item?.receiver.receiver_country).toBe('CA');
    expect(check.item?.customs).toMatchObject({
      contents_type: 'merchandise',
      non_delivery_option: 'return',
      signer: 'Ann Sender',
      items: [{ description: 'Cotton T-shirt', quantity: 3, value_cents: 3750, weight_lb: 1.2, hs_tariff_number: '610910', origin_country: 'PT' }],
    });
  });

  it('declares each item of a row that ships several', () => {
    const items = [{ sku: 'TEE-1', description: 'Tee', quantity: '2' }, { sku: 'MUG-1', description: 'Mug', quantity: '1' }];
    expect(skuLinesOf(values({}), items)).toEqual([{ sku: 'TEE-1', quantity: 2 }, { sku: 'MUG-1', quantity: 1 }]);
    expect(checkRow(values({}), context, undefined, items).item?.customs?.items.map((item) => item.description)).toEqual(['Cotton T-shirt', 'Ceramic mug']);
  });

  it('is a row error on its SKU when the SKU has no HS code and the country is in the EU, and only that row is held back', () => {
    const bad = checkRow(values({ ...toGermany, skuNumber: 'MUG-1' }), context);
    expect(bad.errors).toEqual({ skuNumber: 'SKU MUG-1 has no HS code; Germany requires one' });
    const rows: BulkRow[] = [
      { id: 1, values: values({ skuNumber: 'TEE-1' }), errors: null },
      { id: 2, values: values({ ...toGermany, skuNumber: 'MUG-1' }), errors: null },
      { id: 3, values: values({ ...toGermany, skuNumber: 'TEE-1' }), errors: null },
    ];
    const { orderData, invalid } = checkBeforeSubmit(rows, context);
    expect(invalid).toEqual([{ index: 1, errors: { skuNumber: 'SKU MUG-1 has no HS code; Germany requires one' } }]);
    expect(orderData.map((item) => item.receiver.receiver_country)).toEqual(['CA', 'DE']);
  });

  it('asks for a SKU on the country cell when a row abroad names none', () => {
    expect(checkRow(values({}), context).errors).toEqual({ ToCountry: "A label to Canada needs customs: name the row's SKU (with its customs defaults) or map the customs columns" });
  });

  it('needs an ITN when a line is worth over $2,500', () => {
    const dear = { ...context, skus: [sku('WATCH-1', { description: 'Watch', valueCents: 300_000 })] };
    expect(checkRow(values({ ToCountry: 'GB', ToStateProvince: '', ToCity: 'London', ToZipPostal: 'SW1A 1AA', skuNumber: 'WATCH-1' }), dear).errors?.row).toContain('An ITN is required');
  });

  it('sends no customs for a row at home, and reads an empty country as the United States', () => {
    const home = values({ ServiceName: 'USPS Priority Mail', ToCountry: '', ToStateProvince: 'WA', ToCity: 'Seattle', ToZipPostal: '98101', skuNumber: 'TEE-1' });
    expect(rowCountry(home)).toBe('US');
    const check = checkRow(home, context);
    expect(check.errors).toBeNull();
    expect(check.item?.customs).toBeUndefined();
  });
});

describe("a bulk row abroad with its own customs columns (decision 116)", () => {
  const columns = { CustomsDescription: 'Ceramic mug', CustomsHsCode: '6912.00', CustomsOrigin: 'China', CustomsValue: '14.50' };

  it('is declared from its columns when it names no SKU, as a gift when the Contents Type says so', () => {
    const check = checkRow(values({ ...toGermany, ...columns, ContentsType: 'Gift', quantity: '2' }), context);
    expect(check.errors).toBeNull();
    expect(check.item?.customs).toMatchObject({
      contents_type: 'gift',
      items: [{ description: 'Ceramic mug', quantity: 2, value_cents: 2900, weight_lb: 2, hs_tariff_number: '691200', origin_country: 'CN' }],
    });
  });

  it("fills the HS code a saved SKU lacks from the row's column, so the row can go to the EU", () => {
    expect(checkRow(values({ ...toGermany, skuNumber: 'MUG-1', CustomsHsCode: '6912.00' }), context).item?.customs?.items[0]).toMatchObject({ description: 'Ceramic mug', hs_tariff_number: '691200', value_cents: 900 });
  });

  it('shows what is missing on the customs column it belongs to, a bad contents type on its own, and holds back that row alone', () => {
    expect(checkRow(values({ ...toGermany, ...columns, CustomsHsCode: '' }), context).errors).toEqual({
      CustomsHsCode: "The row has no HS code and the row's Customs HS Code is empty; Germany requires one",
    });
    expect(checkRow(values({ ...columns, CustomsValue: 'lots' }), context).errors).toEqual({ CustomsValue: 'Customs Value must be an amount of one unit in dollars, like 12.50' });
    expect(Object.keys(checkRow(values({ ...columns, ContentsType: 'Stuff' }), context).errors ?? {})).toEqual(['ContentsType']);
    const rows: BulkRow[] = [
      { id: 1, values: values({ ...columns }), errors: null },
      { id: 2, values: values({ ...toGermany, ...columns, CustomsHsCode: '' }), errors: null },
    ];
    expect(checkBeforeSubmit(rows, context).invalid.map(({ index }) => index)).toEqual([1]);
  });

  it('leaves a row at home without customs whatever its columns say', () => {
    const home = checkRow(values({ ToCountry: 'US', ToStateProvince: 'WA', ToCity: 'Seattle', ToZipPostal: '98101', ServiceName: 'USPS Priority Mail', ...columns }), context);
    expect(home.errors).toBeNull();
    expect(home.item?.customs).toBeUndefined();
  });
});
