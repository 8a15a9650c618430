import type { Caller } from '@labeldesk/contracts';
import { parcel, receiver, sender } from '../../test/support/addresses';
import { CompareRatesUseCase } from './compare-rates.usecase';
import type { CachedRate } from './carrier-rates.cache';

const userId = '6f1d2a0e-57a1-4c4e-9d6a-2f1f3f9d7b10';
const customer: Caller = { userId, role: 'user' };
const admin: Caller = { userId: '0d6c8b4e-1b8c-4a55-b0d6-3c1b4c9d2e11', role: 'admin' };
const request = { userId, sender: sender(), receiver: receiver(), package: parcel(3) };

const carrierRates: CachedRate[] = [
  { carrier: 'easypost', serviceUid: 'usps_ground_advantage', costCents: 540, deliveryDays: 4, deliveryDate: null },
  { carrier: 'easypost', serviceUid: 'ups_ground', costCents: 1_210, deliveryDays: 3, deliveryDate: '2026-12-03' },
  { carrier: 'easypost', serviceUid: 'usps_priority', costCents: 880, deliveryDays: 2, deliveryDate: null },
  { carrier: 'easypost', serviceUid: 'not_in_the_catalog', costCents: 100, deliveryDays: 1, deliveryDate: null },
];

const envelope = { id: 'flat_rate_envelope', kind: 'flat_rate_envelope', name: 'Priority Mail Flat Rate Envelope', basis: 'one price to any zone', costCents: 500 } as const;
const cubic = { id: 'cubic', kind: 'cubic', name: 'Cubic (your packaging, priced by size)', basis: 'Cubic tier 0.1 ft³', costCents: 620 } as const;

const setUp = (rates: CachedRate[] = carrierRates) => {
  const registry = { rates: jest.fn(async () => rates), ordered: [{ profile: { id: 'easypost', sellsPackaging: true } }] };
  // Live mode's carriers are the registry itself.
  Object.assign(registry, { forMode: () => registry });
  const rpc = {
    call: jest.fn(async (_contract: unknown, body: { costs: Array<{ serviceUid: string; costCents: number }> }) => ({
      offerings: body.costs.map(({ serviceUid, costCents }) =>
        serviceUid === 'ups_ground'
          ? { offered: false, serviceUid, serviceName: 'UPS Ground', reason: 'below_cost', priceCents: 1_100, costCents }
          : { offered: true, serviceUid, serviceName: serviceUid === 'usps_priority' ? 'USPS Priority Mail' : 'USPS Ground Advantage', priceCents: costCents + 200, costCents },
      ),
    })),
  };
  const alerts = { priceBelowCost: jest.fn() };
  return { registry, rpc, alerts, useCase: new CompareRatesUseCase(registry as never, rpc as never, alerts as never) };
};
const withPackaging = carrierRates.map((rate) => (rate.serviceUid === 'usps_priority' ? { ...rate, packagingOptions: [envelope, cubic] } : rate));

describe('CompareRatesUseCase', () => {
  it("answers the user's prices cheapest first with tags, leaving out services priced under cost and unknown to the catalog", async () => {
    const { useCase, rpc } = setUp();
    const { rates } = await useCase.execute(request, customer);
    expect(rates).toEqual([
      { offeringUid: 'usps_ground_advantage', carrier: 'usps', service: 'USPS Ground Advantage', priceCents: 740, deliveryDays: 4, tags: ['cheapest'] },
      { offeringUid: 'usps_priority', carrier: 'usps', service: 'USPS Priority Mail', priceCents: 1_080, deliveryDays: 2, tags: ['fastest'] },
    ]);
    expect(rpc.call).toHaveBeenCalledWith(expect.anything(), expect.objectContaining({ userId, weightLb: 3, costs: expect.not.arrayContaining([expect.objectContaining({ serviceUid: 'not_in_the_catalog' })]) }), { asService: true });
  });

  it("alerts the admin once per comparison about a price under the carrier's cost, naming the service, both amounts and the ZIP3 pair", async () => {
    const { useCase, alerts } = setUp();
    await useCase.execute(request, customer);
    expect(alerts.priceBelowCost).toHaveBeenCalledTimes(1);
    expect(alerts.priceBelowCost).toHaveBeenCalledWith('easypost', 'ups_ground', expect.stringMatching(/^UPS Ground \(UPS ups_ground\) costs \$12\.10 for 3 lb from 787xx to 802xx, over the \$11\.00 price/));
  });

  it('shows costs and margins to an admin, never to a customer or to an admin acting as one', async () => {
    const { useCase } = setUp();
    expect((await useCase.execute(request, admin)).rates[0]).toMatchObject({ costCents: 540, marginCents: 200 });
    expect((await useCase.execute(request, customer)).rates[0]).not.toHaveProperty('costCents');
    expect((await useCase.execute(request, { ...customer, impersonatorId: admin.userId })).rates[0]).not.toHaveProperty('marginCents');
    expect((await useCase.execute(request, { ...admin, adminPowersWithheld: true })).rates[0]).not.toHaveProperty('costCents');
  });

  it('asks the carriers once for the same parcel within a few minutes, and pricing every time', async () => {
    const { useCase, registry, rpc } = setUp();
    await useCase.execute(request, customer);
    await useCase.execute(request, customer);
    expect(registry.rates).toHaveBeenCalledTimes(1);
    expect(rpc.call).toHaveBeenCalledTimes(2);
  });

  it("lists a service's cheaper packaging as rates of their own beside the own box, priced from its own cost, with the saving in the user's prices and no tags", async () => {
    const { useCase, rpc } = setUp(withPackaging);
    const { rates } = await useCase.execute(request, customer);
    expect(rpc.call).toHaveBeenCalledWith(
      expect.anything(),
      expect.objectContaining({ costs: expect.arrayContaining([{ serviceUid: 'usps_priority', costCents: 880 }, { serviceUid: 'usps_priority', costCents: 500 }, { serviceUid: 'usps_priority', costCents: 620 }]) }),
      { asService: true },
    );
    expect(rates.map((rate) => [rate.offeringUid, rate.priceCents, rate.packaging?.name ?? 'own box', rate.tags])).toEqual([
      ['usps_priority', 700, 'Priority Mail Flat Rate Envelope', []],
      ['usps_ground_advantage', 740, 'own box', ['cheapest']],
      ['usps_priority', 820, 'Cubic (your packaging, priced by size)', []],
      ['usps_priority', 1_080, 'own box', ['fastest']],
    ]);
    expect(rates[0]).toEqual({
      offeringUid: 'usps_priority',
      carrier: 'usps',
      service: 'USPS Priority Mail',
      priceCents: 700,
      deliveryDays: 2,
      tags: [],
      packaging: { id: 'flat_rate_envelope', kind: 'flat_rate_envelope', name: 'Priority Mail Flat Rate Envelope', reason: 'One price to any zone: $3.80 less than 3 lb by weight' },
    });
    expect(rates[2]!.packaging?.reason).toBe('Cubic tier 0.1 ft³: $2.60 less than 3 lb by weight');
  });

  it("shows an admin each packaging's own cost and margin", async () => {
    const { useCase } = setUp(withPackaging);
    const { rates } = await useCase.execute(request, admin);
    expect(rates.find((rate) => rate.packaging?.kind === 'flat_rate_envelope')).toMatchObject({ priceCents: 700, costCents: 500, marginCents: 200 });
  });

  it('leaves out packaging that would not cost the user less, as when their price for the service goes by weight', async () => {
    const { useCase, rpc } = setUp(withPackaging);
    rpc.call.mockImplementation(async (_contract, body) => ({
      offerings: body.costs.map(({ serviceUid, costCents }) => ({ offered: true, serviceUid, serviceName: serviceUid, priceCents: serviceUid === 'usps_priority' ? 1_250 : costCents + 200, costCents })),
    }));
    const { rates } = await useCase.execute(request, customer);
    expect(rates.filter((rate) => rate.packaging)).toEqual([]);
    expect(rates.map((rate) => rate.offeringUid)).toEqual(['usps_ground_advantage', 'usps_priority', 'ups_ground']);
  });

  it('lists packaging as advice, without the id an order would buy it by, when the label carrier that rated it sells no packaging', async () => {
    const { useCase, registry } = setUp(withPackaging);
    registry.ordered = [{ profile: { id: 'easypost', sellsPackaging: false } }];
    const { rates } = await useCase.execute(request, customer);
    expect(rates.find((rate) => rate.packaging)?.packaging).toEqual({
      adviceOnly: true,
      kind: 'flat_rate_envelope',
      name: 'Priority Mail Flat Rate Envelope',
      reason: 'One price to any zone: $3.80 less than 3 lb by weight',
    });
  });
});
