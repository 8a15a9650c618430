import { ErrorCode, PaymentsRpc } from '@labeldesk/contracts';
import { label, order, request, setup } from '../testing/place-order-doubles';

/** A service priced as the carrier's cost + markup (decision 085): the single purchase prices it from the parcel's rate. */
describe('PlaceSingleOrderUseCase, a service priced as carrier cost + markup', () => {
  it("prices the label from the carrier's rate for this service and parcel, and charges and keeps that price", async () => {
    const { useCase, services, orders, serviceCosts } = setup(label);
    services.costMarkupCents = 129;
    const placed = await useCase.execute(request());
    expect(placed.priceCents).toBe(790 + 129);
    expect(services.quoteItems).toEqual([{ serviceName: 'USPS Priority Mail', weightLb: 2.5 }, { serviceName: 'USPS Priority Mail', weightLb: 2.5, costCents: 790 }]);
    expect(serviceCosts.asked).toEqual([{ serviceUid: 'usps_priority', toZip: order.receiver.receiver_zip_postal }]);
    expect(services.balance).toBe(5000 - 919);
    expect([...orders.rows.values()][0]).toMatchObject({ status: 'completed', priceCents: 919, serviceUid: 'usps_priority' });
  });

  it('refuses the label when no carrier rates the service for the parcel: no order kept, nothing charged, no label bought', async () => {
    const { useCase, services, orders, carrier, serviceCosts } = setup(label);
    services.costMarkupCents = 129;
    serviceCosts.costs.clear();
    await expect(useCase.execute(request())).rejects.toMatchObject({
      code: ErrorCode.PRICING_SERVICE_UNAVAILABLE,
      message: 'USPS Priority Mail has no carrier rate for this parcel right now, so it cannot be priced: choose another service or try again later',
    });
    expect(orders.rows.size).toBe(0);
    expect(services.calls).not.toContain(PaymentsRpc.debit.subject);
    expect(carrier.createLabel).not.toHaveBeenCalled();
  });

  it('asks no carrier rate for a service priced by its tiers', async () => {
    const { useCase, serviceCosts } = setup(label);
    await expect(useCase.execute(request())).resolves.toMatchObject({ priceCents: 850 });
    expect(serviceCosts.asked).toEqual([]);
  });
});
