import { BULK_ROW_MAX_ITEMS } from './bulk-order-items.schema';
import { bulkPackageSchema } from './bulk-order.schema';

const parcel = { package_length: 10, package_width: 8, package_height: 4, package_weight: 3.1, package_weight_unit: 'LB', order_id: '#1041', sku_number: 'CND-CEDAR-8', quantity: 4 };

describe('package.items of a bulk row', () => {
  it("keeps an order's items with their SKU, description and quantity, read as a file gives them", () => {
    const parsed = bulkPackageSchema.parse({
      ...parcel,
      items: [
        { sku_number: 'CND-CEDAR-8', description: 'Cedar & Smoke Candle 8oz', quantity: '2' },
        { sku_number: ' CND-SALT-12 ', description: '', quantity: '' },
        { sku_number: '', description: 'Gift wrap', quantity: 1 },
      ],
    });
    expect(parsed.items).toEqual([
      { sku_number: 'CND-CEDAR-8', description: 'Cedar & Smoke Candle 8oz', quantity: 2 },
      { sku_number: 'CND-SALT-12', description: null, quantity: 1 },
      { sku_number: null, description: 'Gift wrap', quantity: 1 },
    ]);
  });

  it('leaves a row of one item without a list, as every row was before', () => {
    expect(bulkPackageSchema.parse(parcel).items).toBeUndefined();
  });

  it(`refuses more than ${BULK_ROW_MAX_ITEMS} items, a bad item quantity and an over-long description with the field's name`, () => {
    const item = { sku_number: 'A', description: 'B', quantity: 1 };
    const tooMany = bulkPackageSchema.safeParse({ ...parcel, items: Array.from({ length: BULK_ROW_MAX_ITEMS + 1 }, () => item) });
    expect(tooMany.error?.issues[0]?.message).toBe(`An order row holds at most ${BULK_ROW_MAX_ITEMS} items: split the order into several rows`);
    const badQuantity = bulkPackageSchema.safeParse({ ...parcel, items: [{ ...item, quantity: 'two' }] });
    expect(badQuantity.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['items.0.quantity', 'Item quantity must be a number']]);
    const longText = bulkPackageSchema.safeParse({ ...parcel, items: [{ ...item, description: 'x'.repeat(201) }] });
    expect(longText.error?.issues[0]?.message).toBe('Item description is too long (max 200)');
  });
});
