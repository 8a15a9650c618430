import { PricingRpc, type AnyRpcContract } from '@labeldesk/contracts';
import type { RpcClient } from '@labeldesk/nest-transport';
import { toShipment, type CarrierRegistry, type LabelShipment } from '../carriers';
import { parcel, receiver, sender } from '../../test/support/addresses';
import { BulkRates } from './bulk-rates';

const shipmentTo = (zip: string, weightLb = 2): LabelShipment => {
  const made = toShipment({ serviceUid: '', sender: sender(), receiver: { ...receiver(), receiver_zip_postal: zip }, package: parcel(weightLb) }, null);
  return made;
};

/** A registry whose carrier answers when told to, so the test sees how many parcels are in flight at once. */
const setUp = (rateConcurrency: number) => {
  let inFlight = 0;
  let most = 0;
  const waiting: Array<() => void> = [];
  const registry = {
    // One registry for both modes here: which carriers a mode rates with is CarrierRegistry.forMode's own test.
    forMode: jest.fn((): unknown => registry),
    // A batch's rating is bounded by its own setting, not by the purchase slots.
    maxConcurrentPurchases: 1,
    rates: jest.fn(async (shipment: LabelShipment) => {
      inFlight++;
      most = Math.max(most, inFlight);
      await new Promise<void>((resolve) => waiting.push(resolve));
      inFlight--;
      return [
        { carrier: 'easypost', serviceUid: 'usps_priority', costCents: 800, deliveryDays: 2, deliveryDate: null },
        { carrier: 'easypost', serviceUid: 'ups_ground', costCents: Number(shipment.to.zip.slice(0, 3)), deliveryDays: 4, deliveryDate: null },
        { carrier: 'easypost', serviceUid: 'not_in_the_catalog', costCents: 1, deliveryDays: 1, deliveryDate: null },
      ];
    }),
  };
  const rpc = {
    call: jest.fn(async (contract: AnyRpcContract, body: { costs: Array<{ serviceUid: string; costCents: number }> }) => {
      if (contract.subject !== PricingRpc.rateOfferings.subject) throw new Error(`unexpected ${contract.subject}`);
      return {
        offerings: body.costs.map(({ serviceUid, costCents }) =>
          serviceUid === 'usps_priority'
            ? { offered: false, serviceUid, serviceName: 'USPS Priority Mail', reason: 'below_cost', priceCents: 700, costCents }
            : { offered: true, serviceUid, serviceName: 'UPS Ground', priceCents: costCents + 300, costCents },
        ),
      };
    }),
  };
  /** Lets every waiting carrier call answer, until the work is done. */
  const answerAll = async <T>(work: Promise<T>): Promise<T> => {
    let done = false;
    void work.finally(() => (done = true));
    while (!done) {
      waiting.splice(0).forEach((resolve) => resolve());
      await new Promise((resolve) => setImmediate(resolve));
    }
    return work;
  };
  const rates = new BulkRates(registry as unknown as CarrierRegistry, rpc as unknown as RpcClient, { BULK_RATE_CONCURRENCY: rateConcurrency });
  return { rates, registry, rpc, answerAll, most: () => most };
};

describe('BulkRates', () => {
  it('asks the carriers once per distinct parcel, BULK_RATE_CONCURRENCY parcels at once whatever the purchase slots', async () => {
    const { rates, registry, answerAll, most } = setUp(3);
    const shipments = [...Array.from({ length: 10 }, (_, i) => shipmentTo(`${100 + i}01`)), shipmentTo('10099'), shipmentTo('10199')];
    const answer = await answerAll(rates.carrierRates(shipments));
    expect(registry.rates).toHaveBeenCalledTimes(10);
    expect(registry.forMode).toHaveBeenCalledWith('live');
    expect(most()).toBe(3);
    expect(answer.size).toBe(10);
    expect(answer.get(rates.keyOf(shipmentTo('10199')))?.find((r) => r.serviceUid === 'ups_ground')?.costCents).toBe(101);
  });

  it("answers each parcel's services at the user's prices, leaving out those priced under cost and unknown to the catalog", async () => {
    const { rates, rpc, answerAll } = setUp(8);
    const offered = await answerAll(rates.offeredRates('u1', [shipmentTo('80202', 3), shipmentTo('80299', 3)]));
    expect([...offered.values()]).toEqual([[{ offeringUid: 'ups_ground', serviceName: 'UPS Ground', courier: 'ups', priceCents: 1_102, costCents: 802, deliveryDays: 4 }]]);
    expect(rpc.call).toHaveBeenCalledWith(PricingRpc.rateOfferings, { userId: 'u1', weightLb: 3, costs: [{ serviceUid: 'usps_priority', costCents: 800 }, { serviceUid: 'ups_ground', costCents: 802 }] }, { asService: true });
  });
});
