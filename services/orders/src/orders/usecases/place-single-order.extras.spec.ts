import { DomainError, ErrorCode, PaymentsRpc } from '@labeldesk/contracts';
import { SandboxCarrierError } from '../../carriers';
import { label, order, request, setup } from '../testing/place-order-doubles';

const insured = (key = 'key-insured-1') => ({ ...request(key), order: { ...order, insurance: { declared_value_cents: 25_000 }, signature: 'adult' as const } });

describe('an order with insurance and a signature', () => {
  it('charges the label, the insurance and the signature in the one ledger entry of the label, in exact cents, and keeps what was insured', async () => {
    const { useCase, services, extras } = setup(label);
    const placed = await useCase.execute(insured());
    // 850 the label + 250 insurance (1 % of $250.00) + 925 adult signature.
    expect(placed.priceCents).toBe(2_025);
    expect([...services.postings.entries()]).toEqual([[`label:${placed.orderId}:1`, -2_025]]);
    expect(services.balance).toBe(5_000 - 2_025);
    expect(await extras.ofOrder(placed.orderId)).toEqual({ declaredValueCents: 25_000, insuranceCents: 250, signature: 'adult', signatureCents: 925 });
  });

  it('writes no extras row for an order without extras, and charges the label alone', async () => {
    const { useCase, services, extras } = setup(label);
    const placed = await useCase.execute(request());
    expect(services.postings.get(`label:${placed.orderId}:1`)).toBe(-850);
    expect(extras.rows.size).toBe(0);
  });

  it('refuses a signature the service does not sell before anything is written or charged', async () => {
    const { useCase, services, orders, extras, carrier } = setup(label);
    services.quoted = { serviceUid: 'usps_priority_express', serviceName: 'USPS Priority Mail Express' };
    const refusal = await useCase.execute({ ...request(), order: { ...order, service_name: 'USPS Priority Mail Express', signature: 'signature' as const } }).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(DomainError);
    expect((refusal as DomainError).code).toBe(ErrorCode.VALIDATION_FAILED);
    expect((refusal as DomainError).message).toMatch(/^USPS Priority Mail Express is signed for at delivery already/);
    expect(services.calls).not.toContain(PaymentsRpc.debit.subject);
    expect(orders.rows.size).toBe(0);
    expect(extras.rows.size).toBe(0);
    expect(carrier.createLabel).not.toHaveBeenCalled();
  });

  it('answers the same key again with the same order and price, charging once', async () => {
    const { useCase, services } = setup(label);
    const first = await useCase.execute(insured());
    const again = await useCase.execute(insured());
    expect(again).toEqual(first);
    expect(services.postings.size).toBe(1);
  });

  it('refunds the whole charge, insurance included, when the carrier refuses the label', async () => {
    const { useCase, services } = setup(async () => {
      throw new SandboxCarrierError('Address not found', false);
    });
    await expect(useCase.execute(insured())).rejects.toMatchObject({ code: ErrorCode.ORDERS_CARRIER_FAILED });
    expect(services.balance).toBe(5_000);
    expect([...services.postings.values()].sort((a, b) => a - b)).toEqual([-2_025, 2_025]);
  });
});
