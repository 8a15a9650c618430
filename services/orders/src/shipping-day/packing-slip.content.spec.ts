import type { BulkOrderItem } from '@labeldesk/contracts';
import { printedTextRuns } from '../carriers/testing/label-fixtures';
import { packingSlipsOf, slipText, type SlipRow } from './packing-slip.content';
import { packingSlipsPdf } from './packing-slips.pdf';

const data = (pkg: Partial<BulkOrderItem['package']>, receiverName = 'Bob Buyer'): BulkOrderItem => ({
  courier: 'usps',
  service_name: 'USPS Priority Mail',
  manifested: false,
  sender: { sender_name: 'Acme Widgets', sender_phone: null, sender_company: 'Acme LLC', sender_address1: '12 Main St', sender_address2: null, sender_city: 'Columbus', sender_state_province: 'OH', sender_zip_postal: '43215', sender_country: 'US' },
  receiver: { receiver_name: receiverName, receiver_phone: null, receiver_company: null, receiver_address1: '350 Fifth Ave', receiver_address2: 'Ste 4200', receiver_city: 'New York', receiver_state_province: 'NY', receiver_zip_postal: '10118', receiver_country: 'US' },
  package: { package_length: 10, package_width: 8, package_height: 4, package_weight: 1, package_weight_unit: 'LB', package_description: 'Blue widget', package_reference1: null, package_reference2: null, order_id: null, order_item_id: null, sku_number: 'WID-1', quantity: 1, ...pkg },
});

let n = 0;
const row = (d: BulkOrderItem): SlipRow => {
  n++;
  return { itemId: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`, row: n, data: d, trackingNumber: `9205599999999900000${String(n).padStart(3, '0')}`, serviceName: 'USPS Priority Mail' };
};

describe('packing slips', () => {
  it('makes one slip per Amazon order listing its items, where its first label is, and one per row without an order-id', () => {
    const rows = [
      row(data({ order_id: '111-0000001-0000001', sku_number: 'A-1', package_description: 'Apple mug', quantity: 2 })),
      row(data({ sku_number: 'B-1', package_description: 'Bowl' })),
      row(data({ order_id: '111-0000001-0000001', sku_number: 'C-1', package_description: 'Cup', quantity: 3 })),
    ];
    const slips = packingSlipsOf(rows);
    expect(slips.map((s) => [s.orderRef, s.fromAmazon, s.items.map((i) => `${i.sku} x${i.quantity}`)])).toEqual([
      ['111-0000001-0000001', true, ['A-1 x2', 'C-1 x3']],
      [rows[1]?.itemId, false, ['B-1 x1']],
    ]);
    expect(slips[0]?.trackingNumbers).toEqual([rows[0]?.trackingNumber, rows[2]?.trackingNumber]);
  });

  it('keeps the rows order it is given: the labels order, by SKU when the batch is sorted so', () => {
    const bySku = [row(data({ sku_number: 'A' })), row(data({ sku_number: 'B' })), row(data({ sku_number: 'C' }))];
    expect(packingSlipsOf(bySku).map((s) => s.items[0]?.sku)).toEqual(['A', 'B', 'C']);
    expect(packingSlipsOf([...bySku].reverse()).map((s) => s.items[0]?.sku)).toEqual(['C', 'B', 'A']);
  });

  it('lists SKU, description and quantity, the ship-to and the seller, and the service, never what the label cost', () => {
    const [slip] = packingSlipsOf([row(data({ order_id: '112-1234567-7654321', sku_number: 'WID-9', package_description: 'Green widget', quantity: 4 }))]);
    const text = slipText(slip as NonNullable<typeof slip>, 'standard');
    expect(text.title).toBe('PACKING SLIP');
    expect(text.orderLine).toBe('Amazon order 112-1234567-7654321');
    expect(text.items).toEqual([['WID-9', 'Green widget', '4']]);
    expect(text.shipTo).toEqual(['Bob Buyer', '350 Fifth Ave', 'Ste 4200', 'New York, NY 10118']);
    expect(text.from).toEqual(['Acme Widgets', 'Acme LLC', '12 Main St', 'Columbus, OH 43215']);
    expect(text.footer).toContain('Shipped with USPS Priority Mail');
    expect(JSON.stringify(text)).not.toMatch(/\$|Shipping:/);
  });

  it("calls only an order id of Amazon's 3-7-7 form an Amazon order: a shop's own order id is an order", () => {
    const slips = packingSlipsOf([row(data({ order_id: '#1041', sku_number: 'S-1' })), row(data({ order_id: '#1041', sku_number: 'S-2' })), row(data({ order_id: '114-1000000-0000000' }))]);
    expect(slips.map((slip) => slipText(slip, 'standard').orderLine)).toEqual(['Order #1041', 'Amazon order 114-1000000-0000000']);
    expect(slips[0]?.items.map((item) => item.sku)).toEqual(['S-1', 'S-2']);
  });

  it("lists every item of a row that ships a Shopify order's several items, with one tracking number for its one label", () => {
    const items = [
      { sku_number: 'CND-CEDAR-8', description: 'Cedar & Smoke Candle 8oz', quantity: 2 },
      { sku_number: 'CND-SALT-12', description: 'Sea Salt Soy Candle 12oz', quantity: 1 },
      { sku_number: null, description: 'Gift wrap', quantity: 1 },
    ];
    const rows = [row(data({ order_id: '#1043', sku_number: 'CND-CEDAR-8', quantity: 4, items })), row(data({ order_id: '#1044', sku_number: 'WID-2', package_description: 'Red widget' }))];
    const slips = packingSlipsOf(rows);
    expect(slips.map((slip) => slipText(slip, 'standard').items)).toEqual([
      [['CND-CEDAR-8', 'Cedar & Smoke Candle 8oz', '2'], ['CND-SALT-12', 'Sea Salt Soy Candle 12oz', '1'], ['-', 'Gift wrap', '1']],
      [['WID-2', 'Red widget', '1']],
    ]);
    const [first] = slips;
    expect(first?.trackingNumbers).toEqual([rows[0]?.trackingNumber]);
    expect(slipText(first as NonNullable<typeof first>, 'standard').footer).toContain('Items: 4');
  });

  it('says nothing of money on a gift slip', () => {
    const [slip] = packingSlipsOf([row(data({ sku_number: 'WID-9' }))]);
    const text = slipText(slip as NonNullable<typeof slip>, 'gift');
    expect(text.title).toBe('GIFT PACKING SLIP');
    expect(JSON.stringify(text)).not.toMatch(/\$|Shipp/);
    expect(text.items).toEqual([['WID-9', 'Blue widget', '1']]);
  });

  it('draws one page per order, and neither PDF has a price', async () => {
    const rows = [row(data({ order_id: '113-1', sku_number: 'S-1' })), row(data({ sku_number: 'S-2' }))];
    const read = async (variant: 'standard' | 'gift') => {
      const chunks: Buffer[] = [];
      for await (const chunk of packingSlipsPdf(packingSlipsOf(rows), variant, new Date())) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    };
    const standard = await read('standard');
    expect([...standard.toString('latin1').matchAll(/\/Type \/Page\b/g)]).toHaveLength(2);
    expect(printedTextRuns(standard)).toEqual(expect.arrayContaining(['PACKING SLIP', 'Order 113-1', 'S-1', 'S-2', 'Shipped with USPS Priority Mail']));
    expect(printedTextRuns(standard).join('\n')).not.toContain('$');
    const gift = printedTextRuns(await read('gift'));
    expect(gift).toContain('GIFT PACKING SLIP');
    expect(gift.join('\n')).not.toContain('$');
  });
});
