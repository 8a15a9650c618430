import type { SkuRecord } from '../address/sku.schema';
import { bulkRowCustomsRefusal, customsFromSkus, fillOrderCustomsFromSkus } from './bulk-order-customs';
import { customsSchema, orderCustomsSchema } from './customs.schema';

const sku = (code: string, defaults: Partial<SkuRecord> = {}): SkuRecord => ({
  _id: code,
  sku: code,
  maxQty: 4,
  weight: 0.35,
  packagingWeight: 0.1,
  length: 10,
  width: 8,
  height: 2,
  description: 'Cotton T-shirt',
  hsTariffNumber: '610910',
  originCountry: 'PT',
  valueCents: 1250,
  ...defaults,
});
const toCanada = { country: 'CA', state: 'ON' };
const toGermany = { country: 'DE', state: '' };

describe('customsFromSkus', () => {
  it("declares one item per SKU line from its defaults, value and weight times the quantity, merchandise signed by the sender", () => {
    const fill = customsFromSkus({ receiver: toCanada, lines: [{ sku: 'TEE-1', quantity: 3 }, { sku: 'mug-1', quantity: 1 }], signer: 'Ann Sender' }, [
      sku('TEE-1'),
      sku('MUG-1', { description: 'Ceramic mug', hsTariffNumber: null, originCountry: 'CN', valueCents: 900, weight: 1.2 }),
    ]);
    expect(fill).toEqual({
      ok: true,
      customs: {
        contents_type: 'merchandise',
        non_delivery_option: 'return',
        signer: 'Ann Sender',
        items: [
          { description: 'Cotton T-shirt', quantity: 3, value_cents: 3750, weight_lb: 1.05, hs_tariff_number: '610910', origin_country: 'PT' },
          { description: 'Ceramic mug', quantity: 1, value_cents: 900, weight_lb: 1.2, hs_tariff_number: null, origin_country: 'CN' },
        ],
      },
    });
    // What it fills is a declaration the contract takes.
    expect(fill?.ok && customsSchema.safeParse(fill.customs).success).toBe(true);
  });

  it('needs none for a US address, and fills one for an APO address', () => {
    expect(customsFromSkus({ receiver: { country: 'US', state: 'TX' }, lines: [{ sku: 'TEE-1', quantity: 1 }], signer: 'Ann' }, [sku('TEE-1')])).toBeNull();
    expect(customsFromSkus({ receiver: { country: 'US', state: 'AE' }, lines: [{ sku: 'TEE-1', quantity: 1 }], signer: 'Ann' }, [sku('TEE-1')])?.ok).toBe(true);
  });

  it('refuses a row to the EU whose SKU has no HS code, naming the SKU and the country', () => {
    expect(customsFromSkus({ receiver: toGermany, lines: [{ sku: 'TEE-1', quantity: 1 }], signer: 'Ann' }, [sku('TEE-1', { hsTariffNumber: null })])).toEqual({
      ok: false,
      message: 'SKU TEE-1 has no HS code; Germany requires one',
    });
  });

  it('names the SKU that is not saved or lacks a description, an origin or a value', () => {
    const fill = (record: SkuRecord | null) => customsFromSkus({ receiver: toCanada, lines: [{ sku: 'TEE-1', quantity: 1 }], signer: 'Ann' }, record ? [record] : []);
    expect(fill(null)).toEqual({ ok: false, message: 'SKU TEE-1 is not saved: add it with its customs defaults in SKU Management to ship it to Canada' });
    expect(fill(sku('TEE-1', { description: null }))).toEqual({ ok: false, message: 'SKU TEE-1 has no description to declare to customs' });
    expect(fill(sku('TEE-1', { originCountry: null }))).toEqual({ ok: false, message: 'SKU TEE-1 has no origin country for customs' });
    expect(fill(sku('TEE-1', { valueCents: null }))).toEqual({ ok: false, message: 'SKU TEE-1 has no customs value' });
  });

  it('asks for a SKU when a row abroad names none', () => {
    expect(customsFromSkus({ receiver: toCanada, lines: [], signer: 'Ann' }, [])).toEqual({
      ok: false,
      message: "A label to Canada needs customs: name the row's SKU (with its customs defaults) or map the customs columns",
    });
  });
});

describe('bulkRowCustomsRefusal', () => {
  const customs = (items: Array<{ hs: string | null; valueCents: number }>) =>
    customsSchema.parse({
      contents_type: 'merchandise',
      signer: 'Ann Sender',
      items: items.map(({ hs, valueCents }) => ({ description: 'Cotton T-shirt', quantity: 1, value_cents: valueCents, weight_lb: 0.4, hs_tariff_number: hs, origin_country: 'PT' })),
    });

  it('passes a row at home without customs and a row abroad with a complete declaration', () => {
    expect(bulkRowCustomsRefusal({ receiver: { receiver_country: 'US', receiver_state_province: 'WA' } })).toBeNull();
    expect(bulkRowCustomsRefusal({ receiver: { receiver_country: 'DE', receiver_state_province: '' }, customs: customs([{ hs: '610910', valueCents: 1250 }]) })).toBeNull();
  });

  it('refuses a row abroad without customs, an item to the EU without an HS number, and a line over $2,500 without an ITN', () => {
    expect(bulkRowCustomsRefusal({ receiver: { receiver_country: 'CA', receiver_state_province: 'ON' } })).toContain('Customs is required for a label to Canada');
    expect(bulkRowCustomsRefusal({ receiver: { receiver_country: 'DE', receiver_state_province: '' }, customs: customs([{ hs: null, valueCents: 1250 }]) })).toContain('Germany requires one');
    expect(bulkRowCustomsRefusal({ receiver: { receiver_country: 'GB', receiver_state_province: '' }, customs: customs([{ hs: '610910', valueCents: 260_000 }]) })).toContain('An ITN is required');
  });
});

// A single order's customs lines naming the caller's SKUs (decision 126), filled as a row's are.
const SKUS = [sku('TEE-1'), sku('MUG-1', { description: 'Ceramic mug', hsTariffNumber: null, originCountry: 'CN', valueCents: 900, weight: 1.2 })];
const declaration = (items: unknown[]) => orderCustomsSchema.parse({ contents_type: 'merchandise', signer: 'Ann Sender', items });

describe('fillOrderCustomsFromSkus', () => {
  it('fills each SKU line from its defaults, value and weight times the quantity, a sent field overriding the SKU', () => {
    const fill = fillOrderCustomsFromSkus(
      declaration([{ sku: 'tee-1', quantity: 3 }, { sku: 'MUG-1', quantity: 1, description: 'Stoneware mug', hs_tariff_number: '6912.00' }, { description: 'Card', quantity: 1, value_cents: 50, weight_lb: 0.1, hs_tariff_number: '4909.00', origin_country: 'US' }]),
      SKUS,
      toGermany,
    );
    expect(fill.ok && fill.customs.items).toEqual([
      { description: 'Cotton T-shirt', quantity: 3, value_cents: 3750, weight_lb: 1.05, hs_tariff_number: '610910', origin_country: 'PT' },
      { description: 'Stoneware mug', quantity: 1, value_cents: 900, weight_lb: 1.2, hs_tariff_number: '691200', origin_country: 'CN' },
      { description: 'Card', quantity: 1, value_cents: 50, weight_lb: 0.1, hs_tariff_number: '490900', origin_country: 'US' },
    ]);
    expect(fill.ok && fill.customs).toMatchObject({ contents_type: 'merchandise', non_delivery_option: 'return', signer: 'Ann Sender' });
  });

  it('refuses a SKU line to the EU whose SKU has no HS code as a typed item is refused, on the item', () => {
    expect(fillOrderCustomsFromSkus(declaration([{ sku: 'TEE-1', quantity: 1 }, { sku: 'MUG-1', quantity: 2 }]), SKUS, toGermany)).toEqual({
      ok: false,
      issues: [{ path: 'customs.items.1.hs_tariff_number', message: 'Item 2 (Ceramic mug) needs an HS tariff number of 6 to 10 digits; Germany requires one for every item' }],
    });
    // Outside the EU the same SKU is declared without one.
    expect(fillOrderCustomsFromSkus(declaration([{ sku: 'MUG-1', quantity: 2 }]), SKUS, toCanada).ok).toBe(true);
  });

  it('names the line of an unknown SKU, and the field a SKU lacks unless the line sends it', () => {
    expect(fillOrderCustomsFromSkus(declaration([{ sku: 'TEE-1', quantity: 1 }, { sku: 'CAP-9', quantity: 1 }]), SKUS, toCanada)).toEqual({
      ok: false,
      issues: [{ path: 'customs.items.1.sku', message: 'SKU CAP-9 is not saved: add it with its customs defaults in SKU Management to ship it to Canada' }],
    });
    const bare = [sku('BOX-2', { description: null, originCountry: null, valueCents: null })];
    expect(fillOrderCustomsFromSkus(declaration([{ sku: 'BOX-2', quantity: 1, origin_country: 'US' }]), bare, toCanada)).toEqual({
      ok: false,
      issues: [
        { path: 'customs.items.0.description', message: 'SKU BOX-2 has no description to declare to customs; save it on the SKU or send description' },
        { path: 'customs.items.0.value_cents', message: 'SKU BOX-2 has no customs value; save it on the SKU or send value_cents' },
      ],
    });
    expect(fillOrderCustomsFromSkus(declaration([{ sku: 'BOX-2', quantity: 2, origin_country: 'US', description: 'Box', value_cents: 400 }]), bare, toCanada).ok).toBe(true);
  });

  it('checks the filled declaration against its receiver: an ITN over $2,500 a Schedule B line', () => {
    const fill = fillOrderCustomsFromSkus(declaration([{ sku: 'TEE-1', quantity: 300 }]), [sku('TEE-1', { weight: 0.1 })], { country: 'GB', state: '' });
    expect(fill).toEqual({ ok: false, issues: [{ path: 'customs.itn', message: expect.stringContaining('An ITN is required because the Schedule B line 610910') }] });
  });
});
