import type { Rate } from '@labeldesk/contracts';
import { choiceTotals, ruledRowsOf, rowChoices } from './bulk-rate-preview';
import { checkRow, emptyValues, pricedShipment, type BulkRow, type BulkValues } from './bulk-rows';

const SERVICES = { services: new Map([['USPS Priority Mail', 70]]) };

const values = (change: Partial<BulkValues> = {}): BulkValues => ({
  ...emptyValues(),
  courier: 'usps', ServiceName: 'USPS Priority Mail',
  FromSenderName: 'Ann', FromStreet1: '1 Main St', FromCity: 'Austin', FromStateProvince: 'TX', FromZipPostal: '78701', FromCountry: 'US',
  ToRecipientName: 'Bob', ToStreet1: '200 Pine Ave', ToCity: 'Seattle', ToStateProvince: 'WA', ToZipPostal: '98101', ToCountry: 'US',
  PackageLength: '10', PackageWidth: '8', PackageHeight: '4', PackageWeight: '2',
  ...change,
});
const row = (id: number, change: Partial<BulkValues> = {}): BulkRow => ({ id, values: values(change), errors: null });

const rate = (offeringUid: string, service: string, priceCents: number, deliveryDays: number | null, packaging?: Rate['packaging']): Rate => ({
  offeringUid, carrier: offeringUid.startsWith('ups') ? 'ups' : 'usps', service, priceCents, deliveryDays, tags: [], ...(packaging ? { packaging } : {}),
});
const SEATTLE = [
  rate('usps_priority', 'USPS Priority Mail', 850, 3),
  rate('usps_priority', 'USPS Priority Mail', 600, 3, { kind: 'cubic', name: 'Cubic', adviceOnly: true }),
  rate('ups_ground', 'UPS Ground', 1_400, 5),
  rate('ups_next_day_air', 'UPS Next Day Air', 6_000, 1),
];

describe('the Bulk Order preview of rate rules', () => {
  it("checks a row saying 'Cheapest…' or under the batch's rule without its service, and leaves it out of the quoted total", () => {
    expect(checkRow(values({ ServiceName: 'Cheapest within 2 days' }), SERVICES).errors).toBeNull();
    expect(checkRow(values({ ServiceName: 'Teleport' }), SERVICES).errors).toEqual({ ServiceName: 'Service name must be selected from the dropdown' });
    expect(checkRow(values({ ServiceName: 'Teleport' }), { ...SERVICES, rateRule: { kind: 'cheapest' } }).errors).toBeNull();
    expect(pricedShipment(values({ ServiceName: 'Cheapest' }), SERVICES)).toBeNull();
    expect(pricedShipment(values(), { ...SERVICES, rateRule: { kind: 'cheapest' } })).toBeNull();
    expect(pricedShipment(values(), { ...SERVICES, rateRule: { kind: 'service' } })).not.toBeNull();
  });

  it('rates each distinct parcel once (ZIP3 pair, ounces, size), and only the valid rows a rule applies to', () => {
    const rows = [row(1, { ServiceName: 'Cheapest' }), row(2, { ServiceName: 'Cheapest', ToZipPostal: '98199' }), row(3, { ServiceName: 'Cheapest', ToZipPostal: '10001', ToCity: 'New York', ToStateProvince: 'NY' }), row(4), { ...row(5, { ServiceName: 'Cheapest' }), errors: { ToZipPostal: 'bad' } }];
    const { ruled, parcels } = ruledRowsOf(rows, SERVICES);
    expect(ruled.map((r) => r.rowId)).toEqual([1, 2, 3]);
    expect(parcels.map((p) => p.key)).toEqual(['787|981|32|40|32|16', '787|100|32|40|32|16']);
  });

  it("picks each row's rate with its own rule, never an advice-only packaging, and sums the total and what was saved", () => {
    const rows = [row(1, { ServiceName: 'Cheapest' }), row(2, { ServiceName: 'Cheapest within 1 day' }), row(3, { ServiceName: 'Cheapest within 1 day', ToZipPostal: '10001', ToCity: 'New York', ToStateProvince: 'NY' })];
    const { ruled } = ruledRowsOf(rows, SERVICES);
    const choices = rowChoices(ruled, new Map<string, Rate[] | string>([['787|981|32|40|32|16', SEATTLE], ['787|100|32|40|32|16', [rate('usps_priority', 'USPS Priority Mail', 850, 2)]]]));
    expect([...choices]).toEqual([
      [1, { serviceName: 'USPS Priority Mail', priceCents: 850, savedCents: 5_150, deliveryDays: 3 }],
      [2, { serviceName: 'UPS Next Day Air', priceCents: 6_000, savedCents: 0, deliveryDays: 1 }],
      [3, { problem: 'no service arrives within 1 day (the fastest offered takes 2 days)' }],
    ]);
    expect(choiceTotals(choices)).toEqual({ totalCents: 6_850, savedCents: 5_150, problems: 1 });
  });

  it("shows a parcel's failed comparison on its rows, and nothing for rows not rated yet", () => {
    const { ruled } = ruledRowsOf([row(1, { ServiceName: 'Cheapest' })], SERVICES);
    expect(rowChoices(ruled, new Map([['787|981|32|40|32|16', 'Rates could not be loaded']]))).toEqual(new Map([[1, { problem: 'Rates could not be loaded' }]]));
    expect(rowChoices(ruled, undefined).size).toBe(0);
  });

  it("prices a row of a service priced from each parcel's rate by that service's rate, not by a weight quote, and says when it has none", () => {
    const context = { services: new Map([['USPS Priority Mail', 70], ['UPS Ground', 150]]), ratePriced: new Set(['UPS Ground']) };
    expect(pricedShipment(values({ ServiceName: 'UPS Ground' }), context)).toBeNull();
    expect(pricedShipment(values(), context)).not.toBeNull();

    const rows = [row(1, { ServiceName: 'UPS Ground' }), row(2), row(3, { ServiceName: 'UPS Ground', ToZipPostal: '10001', ToCity: 'New York', ToStateProvince: 'NY' })];
    const { ruled } = ruledRowsOf(rows, context);
    expect(ruled.map((r) => [r.rowId, r.rule])).toEqual([[1, { kind: 'named', serviceName: 'UPS Ground' }], [3, { kind: 'named', serviceName: 'UPS Ground' }]]);
    const choices = rowChoices(ruled, new Map<string, Rate[] | string>([['787|981|32|40|32|16', SEATTLE], ['787|100|32|40|32|16', [rate('usps_priority', 'USPS Priority Mail', 850, 2)]]]));
    expect([...choices]).toEqual([
      [1, { serviceName: 'UPS Ground', priceCents: 1_400, savedCents: 0, deliveryDays: 5 }],
      [3, { problem: 'UPS Ground has no rate for this parcel' }],
    ]);
    expect(choiceTotals(choices)).toEqual({ totalCents: 1_400, savedCents: 0, problems: 1 });
  });

  it("leaves a row of a service priced so to the batch's rate rule when there is one", () => {
    const context = { services: new Map([['UPS Ground', 150]]), ratePriced: new Set(['UPS Ground']), rateRule: { kind: 'cheapest' } as const };
    expect(ruledRowsOf([row(1, { ServiceName: 'UPS Ground' })], context).ruled.map((r) => r.rule)).toEqual([{ kind: 'cheapest' }]);
  });
});
