import { ErrorCode, PricingRpc } from '@labeldesk/contracts';
import { OrderEntity } from '../order.entity';
import { label, order, request, setup } from '../testing/place-order-doubles';

const upsLabel = async () => ({ trackingNumber: '1Z12345E0205271688', serviceUid: 'ups_ground', file: Buffer.from('%PDF') });

describe("A single order's label is of its courier's service", () => {
  it('refuses a UPS service for a USPS order before any money moves or any order is written', async () => {
    const { useCase, services, orders, carrier } = setup(upsLabel);
    services.quoted = { serviceUid: 'ups_ground', serviceName: 'UPS Ground' };
    const placing = useCase.execute({ ...request(), order: { ...order, service_name: 'UPS Ground', courier: 'usps' } });
    await expect(placing).rejects.toMatchObject({
      code: ErrorCode.VALIDATION_FAILED,
      message: 'UPS Ground is a UPS service, not USPS. Choose a USPS service, or UPS as the courier.',
      issues: [{ path: 'courier', message: 'UPS Ground is a UPS service, not USPS. Choose a USPS service, or UPS as the courier.' }],
    });
    expect(services.calls).toEqual([PricingRpc.quote.subject]);
    expect(services.postings.size).toBe(0);
    expect(services.balance).toBe(5000);
    expect(orders.rows.size).toBe(0);
    expect(carrier.createLabel).not.toHaveBeenCalled();
  });

  it('refuses a USPS service for an order whose courier is FedEx', async () => {
    const { useCase, orders } = setup(label);
    await expect(useCase.execute({ ...request(), order: { ...order, courier: 'fedex' } })).rejects.toMatchObject({
      code: ErrorCode.VALIDATION_FAILED,
      message: 'USPS Priority Mail is a USPS service, not FedEx. Choose a FedEx service, or USPS as the courier.',
    });
    expect(orders.rows.size).toBe(0);
  });

  it("takes the service's courier when the order names none", async () => {
    const { useCase, services, orders } = setup(upsLabel);
    services.quoted = { serviceUid: 'ups_ground', serviceName: 'UPS Ground' };
    expect(order.courier).toBeUndefined();
    await expect(useCase.execute({ ...request(), order: { ...order, service_name: 'UPS Ground' } })).resolves.toMatchObject({ trackingNumber: '1Z12345E0205271688' });
    expect([...orders.rows.values()][0]).toMatchObject({ status: 'completed', courier: 'ups', serviceUid: 'ups_ground' });
  });

  it('buys a UPS label for a UPS order and keeps the courier on the order', async () => {
    const { useCase, services, orders } = setup(upsLabel);
    services.quoted = { serviceUid: 'ups_ground', serviceName: 'UPS Ground' };
    await expect(useCase.execute({ ...request(), order: { ...order, service_name: 'UPS Ground', courier: 'ups' } })).resolves.toMatchObject({ trackingNumber: '1Z12345E0205271688', priceCents: 850 });
    expect([...orders.rows.values()][0]).toMatchObject({ status: 'completed', courier: 'ups', serviceUid: 'ups_ground' });
    expect(services.balance).toBe(4150);
  });

  it("takes a service the catalog does not know as USPS's, as every service sold before couriers were", async () => {
    const { useCase, services } = setup(label);
    services.quoted = { serviceUid: 'usps-ground', serviceName: 'Ground' };
    await expect(useCase.execute(request('key-usps'))).resolves.toMatchObject({ priceCents: 850 });
    await expect(useCase.execute({ ...request('key-ups'), order: { ...order, courier: 'ups' } })).rejects.toMatchObject({
      message: 'Ground is a USPS service, not UPS. Choose a UPS service, or USPS as the courier.',
    });
  });

  it('ends an order written before its price when its service is of another courier, moving no money', async () => {
    const { process, services, orders, carrier } = setup(upsLabel);
    services.quoted = { serviceUid: 'ups_ground', serviceName: 'UPS Ground' };
    const unpriced = Object.assign(new OrderEntity(), { ...order, id: 'o-1', userId: 'u1', idempotencyKey: 'k', requestHash: 'h', serviceName: 'UPS Ground', courier: 'usps' });
    orders.rows.set(unpriced.id, unpriced);
    await expect(process.execute(unpriced)).rejects.toMatchObject({ code: ErrorCode.VALIDATION_FAILED, message: expect.stringMatching(/^UPS Ground is a UPS service, not USPS\./) });
    expect(orders.rows.size).toBe(0);
    expect(services.postings.size).toBe(0);
    expect(carrier.createLabel).not.toHaveBeenCalled();
  });
});
