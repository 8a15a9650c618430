import type { SkuRecord } from '../address/sku.schema';
import { customsFromSkus } from './bulk-order-customs';
import { dollarsToCents, type RowCustomsColumns } from './bulk-row-customs-columns';
import { customsSchema } from './customs.schema';

const toCanada = { country: 'CA', state: 'ON' };
const toGermany = { country: 'DE', state: '' };
const columns = (change: Partial<RowCustomsColumns> = {}): RowCustomsColumns => ({
  contentsType: '',
  description: 'Ceramic mug',
  hsTariffNumber: '6912.00',
  originCountry: 'China',
  value: '$14.50',
  parcelWeightLb: 2.5,
  quantity: 2,
  ...change,
});
const sku = (code: string, change: Partial<SkuRecord> = {}): SkuRecord =>
  ({ _id: code, sku: code, description: 'Cotton T-shirt', weight: 0.4, hsTariffNumber: '610910', originCountry: 'US', valueCents: 1_500, ...change }) as SkuRecord;

describe("a bulk row's customs columns", () => {
  it('declares a row without a SKU from its columns alone: its units, the unit value times them, the parcel weight', () => {
    const fill = customsFromSkus({ receiver: toCanada, lines: [], signer: 'Ann Sender', columns: columns({ contentsType: 'Gift' }) }, []);
    expect(fill).toEqual({
      ok: true,
      customs: {
        contents_type: 'Gift',
        non_delivery_option: 'return',
        signer: 'Ann Sender',
        items: [{ description: 'Ceramic mug', quantity: 2, value_cents: 2_900, weight_lb: 2.5, hs_tariff_number: '6912.00', origin_country: 'China' }],
      },
    });
    const parsed = customsSchema.parse(fill?.ok ? fill.customs : null);
    expect([parsed.contents_type, parsed.items[0]?.hs_tariff_number, parsed.items[0]?.origin_country]).toEqual(['gift', '691200', 'CN']);
  });

  it("fills only what a saved SKU lacks: the SKU's own defaults win, an unsaved SKU takes the columns", () => {
    const fill = customsFromSkus(
      { receiver: toGermany, lines: [{ sku: 'TEE-1', quantity: 1 }, { sku: 'NEW-9', quantity: 3 }], signer: 'Ann', columns: columns() },
      [sku('TEE-1', { hsTariffNumber: null })],
    );
    expect(fill?.ok && fill.customs.items).toEqual([
      { description: 'Cotton T-shirt', quantity: 1, value_cents: 1_500, weight_lb: 0.4, hs_tariff_number: '6912.00', origin_country: 'US' },
      { description: 'Ceramic mug', quantity: 3, value_cents: 4_350, weight_lb: 1.25, hs_tariff_number: '6912.00', origin_country: 'China' },
    ]);
  });

  it('refuses a row whose columns leave a gap, naming the column to fill', () => {
    const fill = (change: Partial<RowCustomsColumns>, country = toCanada) => customsFromSkus({ receiver: country, lines: [], signer: 'Ann', columns: columns(change) }, []);
    expect(fill({ hsTariffNumber: '' }, toGermany)).toEqual({ ok: false, field: 'hsTariffNumber', message: "The row has no HS code and the row's Customs HS Code is empty; Germany requires one" });
    expect(fill({ hsTariffNumber: '' })?.ok).toBe(true);
    expect(fill({ description: '' })).toEqual({ ok: false, field: 'description', message: "The row has no description to declare: fill the row's Customs Description" });
    expect(fill({ originCountry: '' })).toMatchObject({ ok: false, field: 'originCountry' });
    expect(fill({ value: '' })).toEqual({ ok: false, field: 'valueCents', message: "The row has no customs value: fill the row's Customs Value" });
    expect(fill({ value: 'twelve' })).toEqual({ ok: false, field: 'valueCents', message: 'Customs Value must be an amount of one unit in dollars, like 12.50' });
  });

  it("explains 'other' contents with the first item's description, and leaves rows at home alone", () => {
    const fill = customsFromSkus({ receiver: toCanada, lines: [], signer: 'Ann', columns: columns({ contentsType: 'other' }) }, []);
    expect(fill?.ok && customsSchema.safeParse(fill.customs).success).toBe(true);
    expect(fill?.ok && fill.customs.contents_explanation).toBe('Ceramic mug');
    expect(customsFromSkus({ receiver: { country: 'US', state: 'TX' }, lines: [], signer: 'Ann', columns: columns() }, [])).toBeNull();
  });

  it('reads a unit value in dollars, with or without its sign', () => {
    expect(['12.50', '$12.5', '12', ' $ 7.05 ', '1.234', '-3', ''].map(dollarsToCents)).toEqual([1_250, 1_250, 1_200, 705, null, null, null]);
  });
});
