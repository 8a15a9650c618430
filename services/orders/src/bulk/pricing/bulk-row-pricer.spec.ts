import { DomainError, ErrorCode, PricingRpc, type AnyRpcContract, type RateRule } from '@labeldesk/contracts';
import type { RpcClient } from '@labeldesk/nest-transport';
import { bulkRow } from '../../../test/support/addresses';
import type { LabelShipment } from '../../carriers';
import type { BulkRates, OfferedRate } from '../../rates';
import type { BulkStagingRepository } from '../bulk-staging.repository';
import type { StagedRowSummary } from '../bulk.rows';
import { BulkRowPricer } from './bulk-row-pricer';

const SERVICES = [
  { uid: 'usps_priority', name: 'USPS Priority Mail', category: 'USPS', maxWeight: 70 },
  { uid: 'ups_ground', name: 'UPS Ground', category: 'UPS', maxWeight: 150 },
];

const offered = (offeringUid: string, priceCents: number, deliveryDays: number | null): OfferedRate => ({
  offeringUid,
  serviceName: offeringUid === 'usps_priority' ? 'USPS Priority Mail' : offeringUid === 'ups_ground' ? 'UPS Ground' : 'UPS Next Day Air',
  courier: offeringUid.startsWith('ups') ? 'ups' : 'usps',
  priceCents,
  costCents: priceCents - 100,
  deliveryDays,
});
/** Each parcel's rates by destination ZIP: Denver's cheapest is USPS, New York's UPS Ground. */
const RATES_BY_ZIP: Record<string, OfferedRate[]> = {
  '80202': [offered('usps_priority', 900, 2), offered('ups_ground', 1_100, 4), offered('ups_next_day_air', 4_000, 1)],
  '10001': [offered('usps_priority', 1_200, 3), offered('ups_ground', 1_000, 5)],
};

const summary = (rowNo: number, serviceName: string, courier: string | null = 'usps'): StagedRowSummary => ({ rowNo, serviceName, weightLb: 2, courier, sku: null, orderId: null, buyAnother: false });

/** A pricer over pricing, rates and staged rows that answer as above; `toZip` sends a row elsewhere. */
const setup = (toZip: Record<number, string> = {}, quoteFails: (items: Array<{ serviceName: string; costCents?: number }>) => boolean = () => false) => {
  const asked: string[] = [];
  const quoted: Array<Array<{ serviceName: string; costCents?: number }>> = [];
  const rpc = {
    call: async (contract: AnyRpcContract, payload: { items?: Array<{ serviceName: string; weightLb: number; costCents?: number }> }) => {
      asked.push(contract.subject);
      if (contract.subject === PricingRpc.availableServices.subject) return { services: SERVICES };
      if (contract.subject === PricingRpc.quote.subject) {
        const items = payload.items ?? [];
        quoted.push(items);
        if (quoteFails(items)) throw new DomainError(ErrorCode.PRICING_COST_NEEDED, 'UPS Ground is priced from the carrier’s cost');
        return { items: items.map((item) => ({ ...SERVICES.map((s) => ({ serviceUid: s.uid, serviceName: s.name })).find((s) => s.serviceName === item.serviceName)!, priceCents: item.costCents === undefined ? 700 : item.costCents + 50 })) };
      }
      throw new Error(`unexpected ${contract.subject}`);
    },
  };
  const zipOf = (shipment: LabelShipment) => shipment.to.zip;
  const rates = {
    keyOf: zipOf,
    offeredRates: jest.fn(async (_userId: string, shipments: readonly LabelShipment[]) => new Map(shipments.map((s) => [zipOf(s), RATES_BY_ZIP[zipOf(s)] ?? []]))),
    carrierRates: jest.fn(async (shipments: readonly LabelShipment[]) =>
      new Map(shipments.map((s) => [zipOf(s), (RATES_BY_ZIP[zipOf(s)] ?? []).map((r) => ({ carrier: 'easypost', serviceUid: r.offeringUid, costCents: r.costCents, deliveryDays: r.deliveryDays, deliveryDate: null }))])),
    ),
  };
  const staging = {
    stagedParcels: async (_orderId: string, rowNos: readonly number[]) =>
      new Map(rowNos.map((rowNo) => {
        const row = bulkRow(rowNo);
        return [rowNo, { sender: row.sender, receiver: { ...row.receiver, receiver_zip_postal: toZip[rowNo] ?? '80202' }, package: row.package }];
      })),
  };
  const pricer = new BulkRowPricer(rpc as unknown as RpcClient, rates as unknown as BulkRates, staging as unknown as BulkStagingRepository);
  const price = (rows: StagedRowSummary[], rateRule?: RateRule) => pricer.price({ userId: 'u1', orderId: 'b1', rateRule }, rows);
  return { price, asked, quoted, rates };
};

describe('BulkRowPricer', () => {
  it("buys each row under the batch's cheapest rule at its parcel's cheapest offered price and courier, whatever the file's service, and sums what it saved", async () => {
    const { price, asked } = setup({ 1: '10001' });
    const { items, savedCents } = await price([summary(0, 'USPS Priority Mail'), summary(1, 'USPS Priority Mail')], { kind: 'cheapest' });
    expect(items.map(({ rowNo, serviceUid, serviceName, courier, priceCents, savedCents: saved }) => ({ rowNo, serviceUid, serviceName, courier, priceCents, saved }))).toEqual([
      { rowNo: 0, serviceUid: 'usps_priority', serviceName: 'USPS Priority Mail', courier: 'usps', priceCents: 900, saved: 3_100 },
      { rowNo: 1, serviceUid: 'ups_ground', serviceName: 'UPS Ground', courier: 'ups', priceCents: 1_000, saved: 200 },
    ]);
    expect(savedCents).toBe(3_300);
    expect(asked).not.toContain(PricingRpc.quote.subject);
  });

  it("lets a row's own \"Cheapest within 1 day\" pick the overnight service beside rows of their own service", async () => {
    const { price } = setup();
    const { items, savedCents } = await price([summary(0, 'UPS Ground', 'ups'), summary(1, 'cheapest within 1 day')]);
    expect(items).toEqual([
      expect.objectContaining({ rowNo: 0, serviceUid: 'ups_ground', priceCents: 700, savedCents: null }),
      expect.objectContaining({ rowNo: 1, serviceUid: 'ups_next_day_air', courier: 'ups', priceCents: 4_000, savedCents: 0 }),
    ]);
    expect(savedCents).toBe(0);
  });

  it('answers no savings for a batch without a rule, as before rules', async () => {
    const { price, rates } = setup();
    expect((await price([summary(0, 'USPS Priority Mail')], { kind: 'service' })).savedCents).toBeNull();
    expect(rates.offeredRates).not.toHaveBeenCalled();
  });

  it('refuses the batch naming every row its rule cannot serve, beside rows of unknown services, in row order', async () => {
    const { price } = setup({ 2: '10001' });
    await expect(price([summary(0, 'Cheapest within 1 day'), summary(1, 'Teleport'), summary(2, 'Cheapest within 2 days')])).rejects.toMatchObject({
      code: ErrorCode.VALIDATION_FAILED,
      message: '2 row(s) cannot be bought: Row 2: service "Teleport" is not available to you',
      issues: [
        { path: 'orderData.1.service_name', message: 'Row 2: service "Teleport" is not available to you' },
        { path: 'orderData.2.service_name', message: 'Row 3: no service arrives within 2 days (the fastest offered takes 3 days)' },
      ],
    });
  });

  it("quotes a service priced from the carrier's cost with the cost of its rate for each row's parcel", async () => {
    const { price, quoted, rates } = setup({ 1: '10001' }, (items) => items.some((item) => item.serviceName === 'UPS Ground' && item.costCents === undefined));
    const { items } = await price([summary(0, 'UPS Ground', 'ups'), summary(1, 'UPS Ground', 'ups')]);
    expect(rates.carrierRates).toHaveBeenCalledTimes(1);
    expect(quoted.at(-1)).toEqual([
      { serviceName: 'UPS Ground', weightLb: 2, costCents: 1_000 },
      { serviceName: 'UPS Ground', weightLb: 2, costCents: 900 },
    ]);
    expect(items.map((item) => item.priceCents)).toEqual([1_050, 950]);
  });

  it("refuses rows of a cost-priced service no carrier rated for their parcel, naming them, never a 500", async () => {
    const { price } = setup({ 1: '99999' }, (items) => items.some((item) => item.serviceName === 'UPS Ground' && item.costCents === undefined));
    await expect(price([summary(0, 'UPS Ground', 'ups'), summary(1, 'UPS Ground', 'ups')])).rejects.toMatchObject({
      code: ErrorCode.VALIDATION_FAILED,
      issues: [{ path: 'orderData.1.service_name', message: "Row 2: no carrier rated UPS Ground for this parcel, and its price is the carrier's cost plus a markup" }],
    });
  });
});
