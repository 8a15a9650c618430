import { COURIERS } from './couriers.schema';
import { bulkOrderItemSchema } from './bulk-order.schema';
import { courierField, singleOrderSchema } from './single-order.schema';

const order = {
  service_name: 'UPS Ground',
  sender: { sender_name: 'Ann', sender_address1: '1 Main St', sender_city: 'Austin', sender_state_province: 'TX', sender_zip_postal: '78701' },
  receiver: { receiver_name: 'Bob', receiver_address1: '2 Pine Ave', receiver_city: 'Seattle', receiver_state_province: 'WA', receiver_zip_postal: '98101' },
  package: { package_length: 10, package_width: 8, package_height: 4, package_weight: 2.5 },
};

describe('the courier of an order', () => {
  it('takes the id of every known courier, in any case and with stray spaces', () => {
    for (const id of COURIERS) expect(courierField.parse(id)).toBe(id);
    expect(courierField.parse('UPS')).toBe('ups');
    expect(courierField.parse(' FedEx\n')).toBe('fedex');
    expect(courierField.parse('DHL_Express')).toBe('dhl_express');
  });

  it("is left to the service's courier when it is left out or empty (orders decides: USPS for the spec's services)", () => {
    expect(singleOrderSchema.parse(order).courier).toBeUndefined();
    expect(singleOrderSchema.parse({ ...order, courier: '' }).courier).toBeUndefined();
    expect(singleOrderSchema.parse({ ...order, courier: null }).courier).toBeUndefined();
    expect(singleOrderSchema.parse({ ...order, courier: 'ups' }).courier).toBe('ups');
  });

  it('refuses a courier it does not know, naming the ones it does', () => {
    const result = singleOrderSchema.safeParse({ ...order, courier: 'canada_post' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: ['courier'], message: 'Courier must be one of: USPS, UPS, FedEx, DHL Express' });
  });

  it('refuses a courier that is not text rather than reading it as empty', () => {
    expect(singleOrderSchema.safeParse({ ...order, courier: 1 }).success).toBe(false);
    expect(singleOrderSchema.safeParse({ ...order, courier: ['usps'] }).success).toBe(false);
  });
});

describe("a bulk row's courier", () => {
  it("reads the file's courier cell as a courier id in any case, and an empty cell as the service's courier", () => {
    expect(bulkOrderItemSchema.parse({ ...order, courier: 'FEDEX' }).courier).toBe('fedex');
    expect(bulkOrderItemSchema.parse({ ...order, courier: 'UPS ' }).courier).toBe('ups');
    expect(bulkOrderItemSchema.parse({ ...order, courier: '' }).courier).toBeUndefined();
    expect(bulkOrderItemSchema.parse(order).courier).toBeUndefined();
  });

  it('refuses a courier it does not know, naming the ones it does', () => {
    const result = bulkOrderItemSchema.safeParse({ ...order, courier: 'OnTrac' });
    expect(result.error?.issues[0]).toMatchObject({ path: ['courier'], message: 'Courier must be one of: USPS, UPS, FedEx, DHL Express' });
  });
});
