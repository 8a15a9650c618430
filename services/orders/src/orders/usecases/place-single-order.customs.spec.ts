import { AddressRpc, ErrorCode, singleOrderSchema, type SkuRecord } from '@labeldesk/contracts';
import { label, order, setup } from '../testing/place-order-doubles';

// A single order's customs lines naming the seller's SKUs (decision 126): filled by orders from the address service's
// presets before the price is asked, refused by field before anything is written or charged.
const mug = (defaults: Partial<SkuRecord> = {}): SkuRecord => ({
  _id: 'sku-1',
  sku: 'MUG-1',
  maxQty: 4,
  weight: 1.2,
  packagingWeight: 0.1,
  length: 10,
  width: 8,
  height: 4,
  description: 'Ceramic mug',
  hsTariffNumber: '691200',
  originCountry: 'CN',
  valueCents: 900,
  ...defaults,
});
const toGermany = singleOrderSchema.parse({
  ...order,
  service_name: 'DHL Express Worldwide',
  receiver: { receiver_name: 'Grace', receiver_address1: '10 High Street', receiver_city: 'Berlin', receiver_state_province: '', receiver_zip_postal: '10115', receiver_country: 'DE' },
  customs: { contents_type: 'merchandise', signer: 'Ann Sender', items: [{ sku: 'MUG-1', quantity: 2 }] },
});
const place = (key: string, placed = toGermany) => ({ userId: 'u1', idempotencyKey: key, order: placed });

describe('PlaceSingleOrderUseCase with customs from SKUs', () => {
  it('declares the SKU line with the SKU’s description, HS code, origin, value and weight, and buys the label once', async () => {
    const { useCase, services, customs, orders } = setup(label);
    services.skus = [mug()];
    const placed = await useCase.execute(place('sku-customs-1'));
    expect(customs.rows.get(placed.orderId)?.items).toEqual([
      { description: 'Ceramic mug', quantity: 2, value_cents: 1800, weight_lb: 2.4, hs_tariff_number: '691200', origin_country: 'CN' },
    ]);
    expect(services.balance).toBe(5000 - 850);
    expect(services.calls.filter((subject) => subject === AddressRpc.skusForOrders.subject)).toHaveLength(1);
    expect([...orders.rows.values()]).toHaveLength(1);
  });

  it('refuses an unknown SKU on its line and a SKU without an HS code to the EU as a typed item, writing and charging nothing', async () => {
    const { useCase, services, orders, customs } = setup(label);
    const refusal = async () => useCase.execute(place(`sku-refused-${services.calls.length}`)).catch((error: unknown) => error);
    services.skus = [];
    expect(await refusal()).toMatchObject({
      code: ErrorCode.VALIDATION_FAILED,
      issues: [{ path: 'customs.items.0.sku', message: 'SKU MUG-1 is not saved: add it with its customs defaults in SKU Management to ship it to Germany' }],
    });
    services.skus = [mug({ hsTariffNumber: null })];
    expect(await refusal()).toMatchObject({
      code: ErrorCode.VALIDATION_FAILED,
      message: 'Item 1 (Ceramic mug) needs an HS tariff number of 6 to 10 digits; Germany requires one for every item',
      issues: [{ path: 'customs.items.0.hs_tariff_number', message: 'Item 1 (Ceramic mug) needs an HS tariff number of 6 to 10 digits; Germany requires one for every item' }],
    });
    expect([services.balance, orders.rows.size, customs.rows.size]).toEqual([5000, 0, 0]);
    // The line's own HS code fills what the SKU lacks.
    const withHs = { ...toGermany, customs: { ...toGermany.customs!, items: [{ sku: 'MUG-1', quantity: 2, hs_tariff_number: '691200' }] } };
    expect((await useCase.execute(place('sku-with-hs', withHs))).priceCents).toBe(850);
  });

  it('reads no SKUs for a declaration naming none', async () => {
    const { useCase, services } = setup(label);
    const typed = { ...toGermany, customs: { ...toGermany.customs!, items: [{ description: 'Mug', quantity: 1, value_cents: 900, weight_lb: 1.2, hs_tariff_number: '691200', origin_country: 'CN' }] } };
    await useCase.execute(place('typed-customs', typed));
    expect(services.calls).not.toContain(AddressRpc.skusForOrders.subject);
  });
});
