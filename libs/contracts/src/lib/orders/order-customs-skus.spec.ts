import { customsItemSchema, namesSkus, orderCustomsSchema } from './customs.schema';
import { singleOrderSchema } from './single-order.schema';

// A single order's customs lines naming the caller's SKUs (decision 126): the contract takes them, orders fills them.
const declaration = (items: unknown[]) => orderCustomsSchema.parse({ contents_type: 'merchandise', signer: 'Ann Sender', items });

const orderTo = (country: string, items: unknown[]) => ({
  service_name: 'DHL Express Worldwide',
  sender: { sender_name: 'Ann', sender_address1: '1 Main St', sender_city: 'Los Angeles', sender_state_province: 'CA', sender_zip_postal: '90001', sender_country: 'US' },
  receiver: { receiver_name: 'Grace', receiver_address1: '10 High Street', receiver_city: 'Berlin', receiver_state_province: '', receiver_zip_postal: '10115', receiver_country: country },
  package: { package_length: 10, package_width: 8, package_height: 4, package_weight: 2 },
  customs: { contents_type: 'merchandise', signer: 'Ann Sender', items },
});
const issuesOf = (value: unknown) => (singleOrderSchema.safeParse(value).error?.issues ?? []).map((issue) => ({ path: issue.path.join('.'), message: issue.message }));

describe('customs lines naming SKUs in the order contract', () => {
  it('takes {sku, quantity} alone or with fields overriding, and leaves the receiver rules to the fill', () => {
    expect(issuesOf(orderTo('DE', [{ sku: 'MUG-1', quantity: 2 }, { sku: 'TEE-1', quantity: 1, value_cents: 999 }]))).toEqual([]);
    expect(namesSkus(declaration([{ sku: 'MUG-1', quantity: 2 }]))).toBe(true);
  });

  it('reads a typed line as the same value as before SKUs, so an order placed before hashes the same', () => {
    const typed = { description: 'Mug', quantity: 1, value_cents: 100, weight_lb: 1, hs_tariff_number: '6912.00', origin_country: 'US' };
    expect(JSON.stringify(singleOrderSchema.parse(orderTo('DE', [typed])).customs?.items)).toBe(JSON.stringify([customsItemSchema.parse(typed)]));
  });

  it('still needs every field of a line without a SKU, and the EU rules on a declaration naming none', () => {
    expect(issuesOf(orderTo('DE', [{ quantity: 2, value_cents: 100, weight_lb: 1, origin_country: 'US', sku: '' }]))).toEqual([
      { path: 'customs.items.0.description', message: 'Item description is required' },
    ]);
    expect(issuesOf(orderTo('DE', [{ description: 'Mug', quantity: 1, value_cents: 100, weight_lb: 1, origin_country: 'US' }]))).toEqual([
      { path: 'customs.items.0.hs_tariff_number', message: 'Item 1 (Mug) needs an HS tariff number of 6 to 10 digits; Germany requires one for every item' },
    ]);
    expect(issuesOf(orderTo('DE', [{ sku: 'MUG-1' }]))).toEqual([{ path: 'customs.items.0.quantity', message: 'Item quantity is required' }]);
  });
});
