import { canonicalSkuHeader, skuCsvTemplate } from './sku-csv';

describe('SKU CSV', () => {
  it('offers a template whose columns say what each weight means', () => {
    expect(skuCsvTemplate()).toBe('SKU,Max Qty,Weight per unit (lb),Packaging weight (lb),Length (in),Width (in),Height (in),Description\n');
  });

  it('reads the template headers back as the fields the server takes', () => {
    const headers = skuCsvTemplate().trim().split(',');
    expect(headers.map(canonicalSkuHeader)).toEqual(['sku', 'maxQty', 'weight', 'packagingWeight', 'length', 'width', 'height', 'description']);
  });

  it("reads a file made from the older template's plain 'weight' as the weight per unit, with no packaging column", () => {
    expect(['sku', 'maxQty', 'weight', 'length', 'width', 'height', 'description'].map(canonicalSkuHeader)).toEqual([
      'sku', 'maxQty', 'weight', 'length', 'width', 'height', 'description',
    ]);
    expect(['Max_Qty', 'WEIGHT (LB)', 'unit weight', 'packaging_weight'].map(canonicalSkuHeader)).toEqual(['maxQty', 'weight', 'weight', 'packagingWeight']);
  });

  it('leaves an unknown header as written, so it is ignored', () => {
    expect(canonicalSkuHeader(' Colour ')).toBe('Colour');
  });
});
