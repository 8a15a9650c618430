import { SHIPPING_DAY_KINDS, SHIPPING_DAY_LABELS, shippingDayPath } from './shipping-day-files';

describe('shipping-day files', () => {
  it("asks for a batch's SCAN form, its packing slips, and its gift slips without prices", () => {
    expect(SHIPPING_DAY_KINDS.map((kind) => [SHIPPING_DAY_LABELS[kind], shippingDayPath(kind, 'b 1')])).toEqual([
      ['SCAN form', '/api/orders/download/scan-form/b%201'],
      ['Packing slips', '/api/orders/download/packing-slips/b%201'],
      ['Gift slips', '/api/orders/download/packing-slips/b%201?variant=gift'],
    ]);
  });
});
