import type { SkuRecord } from '@labeldesk/contracts';
import { emptyOrderForm, orderFormSchema } from '../../../services/orders/create-order';
import { weightForQuantity } from './use-order-form';

const MUG: SkuRecord = { _id: 's1', sku: 'MUG-1', maxQty: 4, weight: 1.5, packagingWeight: 0.1, length: 10, width: 8, height: 4, description: 'Mug', hsTariffNumber: null, originCountry: null, valueCents: null };
const applied = { sku: MUG, weight: '1.6' };

describe('the Order Label form after a saved SKU filled the package', () => {
  it("weighs the SKU's units again when the quantity changes: 3 mugs are 4.6 lb, not one mug's 1.6", () => {
    expect(weightForQuantity(applied, { package_reference2: 'MUG-1', package_weight: '1.6' }, '3', 70)).toBe('4.6');
    expect(weightForQuantity(applied, { package_reference2: 'MUG-1', package_weight: '1.6' }, '1', 70)).toBe('1.6');
  });

  it("keeps a weight the seller typed since, another SKU typed over it, or a quantity that is not one yet", () => {
    expect(weightForQuantity(applied, { package_reference2: 'MUG-1', package_weight: '2' }, '3', 70)).toBeNull();
    expect(weightForQuantity(applied, { package_reference2: 'CUP-9', package_weight: '1.6' }, '3', 70)).toBeNull();
    expect(weightForQuantity(applied, { package_reference2: 'MUG-1', package_weight: '1.6' }, '', 70)).toBeNull();
    expect(weightForQuantity(applied, { package_reference2: 'MUG-1', package_weight: '1.6' }, '2.5', 70)).toBeNull();
    expect(weightForQuantity(null, { package_reference2: 'MUG-1', package_weight: '1.6' }, '3', 70)).toBeNull();
  });

  it("keeps the weight under the service's maximum", () => {
    expect(weightForQuantity({ sku: { ...MUG, weight: 30 }, weight: '30.1' }, { package_reference2: 'MUG-1', package_weight: '30.1' }, '3', 70)).toBe('70');
  });

  it("refuses a quantity over the SKU's Max Quantity, saying so, and takes it up to that", () => {
    const limited = orderFormSchema(70, { sku: 'MUG-1', maxQty: 4 });
    const at = (quantity: string) => limited.safeParse({ ...emptyOrderForm, package_reference1: quantity }).error?.issues.filter((issue) => issue.path[0] === 'package_reference1').map((issue) => issue.message) ?? [];
    expect(at('5')).toEqual(['MUG-1 ships at most 4 to a package']);
    expect(at('4')).toEqual([]);
    expect(orderFormSchema(70).safeParse({ ...emptyOrderForm, package_reference1: '5' }).error?.issues.some((issue) => issue.path[0] === 'package_reference1')).toBeFalsy();
  });
});
