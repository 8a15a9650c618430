import type { SkuRecord } from '@labeldesk/contracts';
import { checkRow, emptyValues } from './bulk-rows';
import type { BulkValues } from './bulk-rows';
import { insuredLine, rowInsured } from './row-insurance';

const sku = (name: string, declaredValueCents: number | null): SkuRecord => ({
  _id: name,
  sku: name,
  maxQty: 4,
  weight: 1,
  packagingWeight: 0,
  length: 6,
  width: 6,
  height: 6,
  description: null,
  hsTariffNumber: null,
  originCountry: null,
  valueCents: null,
  declaredValueCents,
});
const SKUS = [sku('MUG-1', 4_000), sku('TEE-1', null)];

const values = (change: Partial<BulkValues>): BulkValues => ({ ...emptyValues(), ...change });

describe('a bulk row\'s declared value (decision 122)', () => {
  it('reads the Declared Value column in dollars and prices its insurance as the single form does', () => {
    expect(rowInsured(values({ DeclaredValue: '$250.00', skuNumber: 'MUG-1' }), undefined, SKUS)).toEqual({ ok: true, declaredValueCents: 25_000, insuranceCents: 250, fromSkus: false });
    expect(rowInsured(values({ DeclaredValue: '40' }), undefined, undefined)).toEqual({ ok: true, declaredValueCents: 4_000, insuranceCents: 100, fromSkus: false });
  });

  it("takes units × the SKU's declared value when the column is blank, over the row's items too", () => {
    expect(rowInsured(values({ skuNumber: 'MUG-1', quantity: '3' }), undefined, SKUS)).toEqual({ ok: true, declaredValueCents: 12_000, insuranceCents: 120, fromSkus: true });
    const items = [{ sku: 'MUG-1', quantity: '2', title: 'Mug' }, { sku: 'TEE-1', quantity: '5', title: 'Tee' }];
    expect(rowInsured(values({}), items as never, SKUS)).toMatchObject({ declaredValueCents: 8_000, fromSkus: true });
  });

  it('insures nothing with a blank column and no SKU declaring a value', () => {
    expect(rowInsured(values({ skuNumber: 'TEE-1' }), undefined, SKUS)).toBeNull();
    expect(rowInsured(values({ skuNumber: 'MUG-1' }), undefined, undefined)).toBeNull();
  });

  it('refuses a value that is no amount, zero, or over $5,000, saying what to type', () => {
    expect(rowInsured(values({ DeclaredValue: 'lots' }), undefined, SKUS)).toEqual({ ok: false, message: 'Declared Value must be an amount in dollars, like 250.00' });
    expect(rowInsured(values({ DeclaredValue: '0' }), undefined, SKUS)).toMatchObject({ ok: false });
    expect(rowInsured(values({ DeclaredValue: '5000.01' }), undefined, SKUS)).toEqual({ ok: false, message: 'Declared value can be at most $5,000.00' });
    expect(rowInsured(values({ skuNumber: 'MUG-1', quantity: '200' }), undefined, SKUS)).toEqual({
      ok: false,
      message: "Declared value can be at most $5,000.00 (the SKUs' declared values × their quantities): type a lower Declared Value",
    });
  });

  it('says under the cell what a row insures from its SKUs and what the insurance costs', () => {
    expect(insuredLine({ ok: true, declaredValueCents: 12_000, insuranceCents: 120, fromSkus: true })).toBe('Insurance $1.20 · $120.00 from SKUs');
    expect(insuredLine({ ok: true, declaredValueCents: 25_000, insuranceCents: 250, fromSkus: false })).toBe('Insurance $2.50');
  });

  it('sends the declared value as the row\'s insurance and shows a bad one on its cell', () => {
    const row = values({
      ServiceName: 'USPS Priority Mail', FromSenderName: 'Ann Sender', FromStreet1: '1 Main St', FromCity: 'Austin', FromStateProvince: 'TX', FromZipPostal: '78701',
      ToRecipientName: 'Bob', ToStreet1: '200 Pine Ave', ToCity: 'Seattle', ToStateProvince: 'WA', ToZipPostal: '98101',
      PackageLength: '10', PackageWidth: '8', PackageHeight: '4', PackageWeight: '2', skuNumber: 'MUG-1', quantity: '2',
    });
    const checked = checkRow(row, { services: null, skus: SKUS });
    expect(checked.item?.insurance).toEqual({ declared_value_cents: 8_000 });
    expect(checked.insured).toMatchObject({ insuranceCents: 100, fromSkus: true });
    expect(checkRow({ ...row, DeclaredValue: 'ten' }, { services: null, skus: SKUS }).errors?.DeclaredValue).toBe('Declared Value must be an amount in dollars, like 250.00');
    expect(checkRow({ ...row, skuNumber: 'TEE-1' }, { services: null, skus: SKUS }).item).not.toHaveProperty('insurance');
  });
});
