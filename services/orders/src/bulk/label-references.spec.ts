import { bulkOrderItemSchema } from '@labeldesk/contracts';
import type { BulkOrderItemInput } from '@labeldesk/contracts';
import { withDefaultReferences } from './label-references';

const row = (pkg: Partial<BulkOrderItemInput['package']>) =>
  bulkOrderItemSchema.parse({
    service_name: 'USPS Ground Advantage',
    sender: { sender_name: 'Ann Sender', sender_address1: '1 Main St', sender_city: 'Austin', sender_state_province: 'TX', sender_zip_postal: '78701', sender_country: 'US' },
    receiver: { receiver_name: 'Bo Buyer', receiver_address1: '2 Oak Ave', receiver_city: 'Boston', receiver_state_province: 'MA', receiver_zip_postal: '02134', receiver_country: 'US' },
    package: { package_length: 10, package_width: 8, package_height: 4, package_weight: 2, ...pkg },
  }).package;

describe('withDefaultReferences', () => {
  it('prints the store order number and the SKU with its quantity when the row maps no references', () => {
    const pkg = withDefaultReferences(row({ order_id: '#1041', sku_number: 'TEE-1', quantity: 3 }));
    expect(pkg.package_reference1).toBe('#1041');
    expect(pkg.package_reference2).toBe('TEE-1 x 3');
  });

  it('lists every item of a joined Shopify order, leaving out items without a SKU', () => {
    const pkg = withDefaultReferences(
      row({ order_id: '#1042', sku_number: 'TEE-1', quantity: 3, items: [{ sku_number: 'TEE-1', description: null, quantity: 2 }, { sku_number: 'MUG-2', description: null, quantity: 1 }, { sku_number: null, description: 'Gift note', quantity: 1 }] }),
    );
    expect(pkg.package_reference2).toBe('TEE-1 x 2, MUG-2 x 1');
  });

  it('keeps references the row gives, as an Amazon report fills them (quantity and SKU)', () => {
    const pkg = withDefaultReferences(row({ order_id: '111-2223334-5556667', sku_number: 'TEE-1', quantity: 2, package_reference1: '2', package_reference2: 'TEE-1' }));
    expect(pkg.package_reference1).toBe('2');
    expect(pkg.package_reference2).toBe('TEE-1');
  });

  it('leaves both references empty for a row with neither order number nor SKU', () => {
    const pkg = withDefaultReferences(row({}));
    expect(pkg.package_reference1).toBeNull();
    expect(pkg.package_reference2).toBeNull();
  });

  it('shortens a long order number and SKU list to the references own limits', () => {
    const pkg = withDefaultReferences(
      row({ order_id: 'A'.repeat(100), items: Array.from({ length: 10 }, (_, i) => ({ sku_number: `LONG-SKU-NUMBER-${i}`, description: null, quantity: 1 })) }),
    );
    expect(pkg.package_reference1).toHaveLength(50);
    expect(pkg.package_reference1?.endsWith('...')).toBe(true);
    expect(pkg.package_reference2).toHaveLength(64);
  });
});
