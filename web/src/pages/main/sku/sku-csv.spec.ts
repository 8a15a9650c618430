import { canonicalSkuHeader, skuCsvTemplate } from './sku-csv';
import { dollarsAsCentsText, skuCustomsValues, skuEntrySchema } from './sku-entry';

describe('SKU CSV', () => {
  it('offers a template whose columns say what each weight means', () => {
    expect(skuCsvTemplate()).toBe('SKU,Max Qty,Weight per unit (lb),Packaging weight (lb),Length (in),Width (in),Height (in),Description,HS code,Origin country,Customs value ($),Declared value ($)\n');
  });

  it('reads the template headers back as the fields the server takes', () => {
    const headers = skuCsvTemplate().trim().split(',');
    expect(headers.map(canonicalSkuHeader)).toEqual(['sku', 'maxQty', 'weight', 'packagingWeight', 'length', 'width', 'height', 'description', 'hsTariffNumber', 'originCountry', 'value', 'declaredValue']);
  });

  it("reads a file made from the older template's plain 'weight' as the weight per unit, with no packaging column", () => {
    expect(['sku', 'maxQty', 'weight', 'length', 'width', 'height', 'description'].map(canonicalSkuHeader)).toEqual([
      'sku', 'maxQty', 'weight', 'length', 'width', 'height', 'description',
    ]);
    expect(['Max_Qty', 'WEIGHT (LB)', 'unit weight', 'packaging_weight'].map(canonicalSkuHeader)).toEqual(['maxQty', 'weight', 'weight', 'packagingWeight']);
  });

  it("reads the customs columns of Shopify's product export and their plain names", () => {
    expect(['Variant HS Code', 'Variant Country of Origin', 'HS_TARIFF_NUMBER', 'country of origin', 'Customs Value'].map(canonicalSkuHeader)).toEqual([
      'hsTariffNumber', 'originCountry', 'hsTariffNumber', 'originCountry', 'value',
    ]);
  });

  it('sends a value written in dollars as whole cents, and text that is no amount as it is for the server to name', () => {
    expect(['12.50', '$1,050', '7', '', 'ten'].map(dollarsAsCentsText)).toEqual(['1250', '105000', '700', '', 'ten']);
  });

  it('reads a declared value column under the names shipping tools give it', () => {
    expect(['Declared Value', 'Insured Value', 'insurance_value', 'Insurance'].map(canonicalSkuHeader)).toEqual(['declaredValue', 'declaredValue', 'declaredValue', 'declaredValue']);
  });

  it('leaves an unknown header as written, so it is ignored', () => {
    expect(canonicalSkuHeader(' Colour ')).toBe('Colour');
  });
});

describe('the SKU form and table schema', () => {
  const row = { sku: 'TEE-1', maxQty: '4', weight: '0.4', packagingWeight: '', length: '10', width: '8', height: '2', description: 'Cotton T-shirt' };

  it('reads the customs value in dollars as the API\'s cents, and empty as none', () => {
    expect(skuEntrySchema.parse({ ...row, hsTariffNumber: '6109.10', originCountry: 'China', value: '12.50' })).toMatchObject({ hsTariffNumber: '610910', originCountry: 'CN', valueCents: 1250 });
    expect(skuEntrySchema.parse({ ...row, hsTariffNumber: '', originCountry: '', value: '' })).toMatchObject({ hsTariffNumber: null, originCountry: null, valueCents: null });
  });

  it('reads the declared value in dollars as the API\'s cents, refusing one over the $5,000 a label may be insured for', () => {
    expect(skuEntrySchema.parse({ ...row, hsTariffNumber: '', originCountry: '', value: '', declaredValue: '40' })).toMatchObject({ valueCents: null, declaredValueCents: 4000 });
    expect(skuEntrySchema.parse({ ...row, hsTariffNumber: '', originCountry: '', value: '', declaredValue: '' })).toMatchObject({ declaredValueCents: null });
    const issue = skuEntrySchema.safeParse({ ...row, hsTariffNumber: '', originCountry: '', value: '', declaredValue: '5000.01' }).error?.issues[0];
    expect(issue).toMatchObject({ path: ['declaredValue'], message: 'Declared value must be at most $5000' });
  });

  it('names a bad value under the value field, as the form shows it', () => {
    const issue = skuEntrySchema.safeParse({ ...row, hsTariffNumber: '', originCountry: '', value: 'ten' }).error?.issues[0];
    expect(issue).toMatchObject({ path: ['value'], message: 'Customs value must be a number' });
  });

  it('shows a saved value in dollars and a missing one as empty', () => {
    expect(skuCustomsValues({ hsTariffNumber: '610910', originCountry: 'CN', valueCents: 1250, declaredValueCents: 4000 })).toEqual({ hsTariffNumber: '610910', originCountry: 'CN', value: '12.50', declaredValue: '40.00' });
    expect(skuCustomsValues({ hsTariffNumber: null, originCountry: null, valueCents: null })).toEqual({ hsTariffNumber: '', originCountry: '', value: '', declaredValue: '' });
  });
});
