import { importedFromWoo, wooGmtToIso, wooOrderSchema } from './woocommerce-order';

/** An order as WooCommerce's "List all orders" example answers it (only the fields read here). */
const documented = {
  id: 727,
  number: '727',
  status: 'processing',
  date_created_gmt: '2017-03-22T16:28:02',
  date_modified_gmt: '2017-03-22T16:28:08',
  billing: { first_name: 'John', last_name: 'Doe', company: '', address_1: '969 Market', address_2: '', city: 'San Francisco', state: 'CA', postcode: '94103', country: 'US', email: 'john.doe@example.com', phone: '(555) 555-5555' },
  shipping: { first_name: 'John', last_name: 'Doe', company: '', address_1: '969 Market', address_2: '', city: 'San Francisco', state: 'CA', postcode: '94103', country: 'US' },
  line_items: [
    { id: 315, name: 'Woo Single #1', product_id: 93, variation_id: 0, quantity: 2, sku: '', price: 3 },
    { id: 316, name: 'Ship Your Idea - Color: Black, Size: M Test', product_id: 22, variation_id: 23, quantity: 1, sku: 'SYI-BLK-M', price: 12 },
  ],
};

describe('an imported WooCommerce order', () => {
  it('reads the documented example: its shipping address, the buyer\'s e-mail and phone from billing, every line item', () => {
    expect(importedFromWoo(wooOrderSchema.parse(documented))).toEqual({
      externalId: '727',
      orderNumber: '727',
      placedAt: '2017-03-22T16:28:02.000Z',
      modifiedAt: '2017-03-22T16:28:08.000Z',
      receiver: {
        receiver_name: 'John Doe',
        receiver_company: null,
        receiver_phone: '(555) 555-5555',
        receiver_address1: '969 Market',
        receiver_address2: null,
        receiver_city: 'San Francisco',
        receiver_state_province: 'CA',
        receiver_zip_postal: '94103',
        receiver_country: 'US',
        receiver_email: 'john.doe@example.com',
      },
      items: [
        { sku: '', name: 'Woo Single #1', quantity: 2 },
        { sku: 'SYI-BLK-M', name: 'Ship Your Idea - Color: Black, Size: M Test', quantity: 1 },
      ],
    });
  });

  it('takes the shipping phone (WooCommerce 5.6 and later) before billing\'s, and leaves out items of no units', () => {
    const order = wooOrderSchema.parse({
      ...documented,
      shipping: { ...documented.shipping, phone: '512-555-0101', country: 'ca' },
      line_items: [{ ...documented.line_items[0], quantity: 0 }, documented.line_items[1]],
    });
    const imported = importedFromWoo(order);
    expect(imported?.receiver).toMatchObject({ receiver_phone: '512-555-0101', receiver_country: 'CA' });
    expect(imported?.items.map((item) => item.sku)).toEqual(['SYI-BLK-M']);
  });

  it('is not imported when there is nothing to ship: no shipping address, or no item with units', () => {
    expect(importedFromWoo(wooOrderSchema.parse({ ...documented, shipping: { ...documented.shipping, address_1: ' ' } }))).toBeNull();
    expect(importedFromWoo(wooOrderSchema.parse({ ...documented, line_items: [{ ...documented.line_items[0], quantity: 0 }] }))).toBeNull();
  });

  it('reads WooCommerce\'s zoneless GMT dates as UTC, and a date with a zone as it says', () => {
    expect(wooGmtToIso('2017-03-22T16:28:02')).toBe('2017-03-22T16:28:02.000Z');
    expect(wooGmtToIso('2017-03-22T16:28:02+02:00')).toBe('2017-03-22T14:28:02.000Z');
  });
});
