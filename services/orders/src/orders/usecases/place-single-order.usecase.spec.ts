import { createHash } from 'node:crypto';
import { SandboxCarrierError } from '../../carriers';
import { DomainError, ErrorCode, PaymentsRpc, PricingRpc } from '@labeldesk/contracts';
import { type OrderEntity } from '../order.entity';
import { label, order, request, setup } from '../testing/place-order-doubles';

describe('PlaceSingleOrderUseCase', () => {
  it('charges the quoted price once and stores the label', async () => {
    const { useCase, services, orders } = setup(label);
    const placed = await useCase.execute(request());
    expect(placed).toEqual({ orderId: expect.any(String), pdfName: expect.stringMatching(/^label_9205599999999900010007_[A-Za-z0-9_-]{22}\.pdf$/), trackingNumber: '9205599999999900010007', priceCents: 850 });
    expect(services.balance).toBe(4150);
    expect([...orders.files.keys()]).toEqual([placed.pdfName]);
    expect([...orders.rows.values()][0]).toMatchObject({ status: 'completed', priceCents: 850, serviceUid: 'usps_priority', labelFileId: `file-${placed.pdfName}` });
  });

  it('asks the carrier for a ZPL label when the order chose zpl, and names its file .zpl', async () => {
    const { useCase, carrier, orders } = setup(async () => ({ trackingNumber: '9205599999999900010007', serviceUid: 'usps_priority', file: Buffer.from('^XA^XZ') }));
    const placed = await useCase.execute({ ...request(), order: { ...order, label_format: 'zpl' as const } });
    expect(carrier.createLabel.mock.calls[0]?.[0].format).toBe('ZPL');
    expect(placed.pdfName).toMatch(/^label_9205599999999900010007_[A-Za-z0-9_-]{22}\.zpl$/);
    expect([...orders.rows.values()][0]).toMatchObject({ status: 'completed', labelFormat: 'ZPL' });
  });

  it('keeps a test-mode order under its key in test mode, marked test, and charges the test account; the same key in live mode is another order (decision 119)', async () => {
    const { useCase, services, orders } = setup(label);
    const debits: unknown[] = [];
    const call = services.call.bind(services);
    services.call = async (contract, sent) => {
      if (contract.subject === PaymentsRpc.debit.subject) debits.push(sent['mode']);
      return call(contract, sent);
    };
    const test = await useCase.execute(request('same-key-1'), 'test');
    const live = await useCase.execute(request('same-key-1'));
    expect(live.orderId).not.toBe(test.orderId);
    expect([...orders.rows.values()].map((row) => [row.idempotencyKey, row.mode])).toEqual([
      ['test:same-key-1', 'test'],
      ['same-key-1', 'live'],
    ]);
    expect(debits).toEqual(['test', undefined]);
    // A replay in test mode answers the test order again.
    expect((await useCase.execute(request('same-key-1'), 'test')).orderId).toBe(test.orderId);
  });

  it('asks for a PDF when the order did not choose, and hashes it as before the format existed', async () => {
    const { useCase, carrier, orders } = setup(label);
    await useCase.execute(request());
    expect(carrier.createLabel.mock.calls[0]?.[0].format).toBe('PDF');
    // This order's hash as the release before issue 45 took it (its courier parsed as usps): a key placed then is the same order.
    expect([...orders.rows.values()][0]?.requestHash).toBe('3b1d2fbd72beb4889130be93250c330f4f641a95cd823d2be13126fec47340ce');
    const { label_format: _format, ...before } = order;
    expect(createHash('sha256').update(JSON.stringify(before)).digest('hex')).not.toBe('3b1d2fbd72beb4889130be93250c330f4f641a95cd823d2be13126fec47340ce');
  });

  it('names label files so the next one cannot be guessed from a tracking number or an earlier name', async () => {
    let serial = 7;
    const { useCase } = setup(async () => ({ trackingNumber: `920559999999990001000${serial++}`, serviceUid: 'usps_priority', file: Buffer.from('%PDF') }));
    const first = await useCase.execute(request('key-00000001'));
    const second = await useCase.execute(request('key-00000002'));
    const token = (name: string) => /_([A-Za-z0-9_-]{22})\.pdf$/.exec(name)?.[1];
    expect(token(first.pdfName)).toBeDefined();
    expect(token(second.pdfName)).toBeDefined();
    expect(second.pdfName).not.toBe(first.pdfName.replace(first.trackingNumber, second.trackingNumber));
  });

  it('writes no order, and charges nothing, once the gateway has stopped waiting for it (writeWithinMs)', async () => {
    const { useCase, services, orders, carrier } = setup(label);
    services.quoteDelayMs = 60;
    await expect(useCase.execute({ ...request(), writeWithinMs: 20 })).rejects.toMatchObject({ code: ErrorCode.SERVICE_UNAVAILABLE });
    expect(orders.rows.size).toBe(0);
    expect(services.balance).toBe(5000);
    expect(carrier.createLabel).not.toHaveBeenCalled();
    await expect(useCase.execute({ ...request(), writeWithinMs: 5_000 })).resolves.toMatchObject({ priceCents: 850 });
  });

  it('asks the price before writing the order, and writes the order with it', async () => {
    const { useCase, services, orders } = setup(label);
    const writes: Array<number | null> = [];
    const insert = orders.insertOrFind.bind(orders);
    orders.insertOrFind = async (draft) => {
      writes.push(draft.priceCents);
      return insert(draft);
    };
    await useCase.execute(request());
    expect(writes).toEqual([850]);
    expect(services.calls.slice(0, 2)).toEqual([PricingRpc.quote.subject, PaymentsRpc.debit.subject]);
  });

  it('answers a completed label again under its key after its service was switched off, or while pricing is down', async () => {
    const { useCase, services, carrier } = setup(label);
    const first = await useCase.execute(request());
    services.quoteRefusal = new DomainError(ErrorCode.PRICING_SERVICE_UNAVAILABLE, 'Service "USPS Priority Mail" is not available to you');
    await expect(useCase.execute(request())).resolves.toEqual(first);
    services.quoteRefusal = new DomainError(ErrorCode.TIMEOUT, 'pricing.quote.v1 did not answer within 10000 ms');
    await expect(useCase.execute(request())).resolves.toEqual(first);
    expect(carrier.createLabel).toHaveBeenCalledTimes(1);
    expect(services.balance).toBe(4150);
  });

  it('answers a repeated key with the first label and charges nothing more', async () => {
    const { useCase, services, carrier } = setup(label);
    const first = await useCase.execute(request());
    await expect(useCase.execute(request())).resolves.toEqual(first);
    expect(services.balance).toBe(4150);
    expect(carrier.createLabel).toHaveBeenCalledTimes(1);
  });

  it('refunds and cancels when the carrier fails, and says nothing was charged', async () => {
    const { useCase, services, orders } = setup(() => Promise.reject(new SandboxCarrierError('Sandbox carrier: simulated failure', true)));
    await expect(useCase.execute(request())).rejects.toMatchObject({ code: ErrorCode.ORDERS_CARRIER_FAILED, message: expect.stringContaining('You have not been charged') });
    expect(services.balance).toBe(5000);
    expect([...orders.rows.values()][0]).toMatchObject({ status: 'cancelled', failureReason: 'Sandbox carrier: simulated failure' });
  });

  it("ends a carrier's sentence with one full stop before saying nothing was charged (EasyPost: \"… can't be blank.\")", async () => {
    const { useCase } = setup(() => Promise.reject(new SandboxCarrierError("Missing required parameter: street1 can't be blank. ", true)));
    await expect(useCase.execute(request())).rejects.toMatchObject({
      code: ErrorCode.ORDERS_CARRIER_FAILED,
      message: "Label could not be created: Missing required parameter: street1 can't be blank. You have not been charged.",
    });
  });

  it('buys no label when the balance is short, keeps no order, says how much is missing, and the same key works once money arrives', async () => {
    const { useCase, services, carrier, orders } = setup(label);
    services.balance = 100;
    await expect(useCase.execute(request())).rejects.toMatchObject({
      code: ErrorCode.PAYMENTS_INSUFFICIENT_FUNDS,
      message: 'Insufficient balance: this label costs $8.50 and your balance is $1.00. Add $7.50 to continue.',
    });
    expect(carrier.createLabel).not.toHaveBeenCalled();
    expect(orders.rows.size).toBe(0);
    services.balance = 1000;
    await expect(useCase.execute(request())).resolves.toMatchObject({ priceCents: 850 });
    expect(services.balance).toBe(150);
  });

  it.each([
    ['a service that is unknown or disabled', new DomainError(ErrorCode.PRICING_SERVICE_UNAVAILABLE, 'Service "USPS Priority Mail" is not available to you')],
    ['a weight over the service maximum', new DomainError(ErrorCode.PRICING_WEIGHT_OVER_MAX, 'Weight 80 lb is over the 70 lb maximum of USPS Priority Mail')],
  ])('ends an order refused for %s at once: nothing charged, no order left for recovery to retry', async (_case, refusal) => {
    const { useCase, services, carrier, orders } = setup(label);
    services.quoteRefusal = refusal;
    await expect(useCase.execute(request())).rejects.toMatchObject({ code: refusal.code, message: refusal.message });
    expect(orders.rows.size).toBe(0);
    expect(carrier.createLabel).not.toHaveBeenCalled();
    expect(services.postings.size).toBe(0);
    // Re-enabling the service later charges nothing by itself: there is no pending row a timer could pick up.
    services.quoteRefusal = null;
    expect(orders.rows.size).toBe(0);
    expect(services.balance).toBe(5000);
  });

  it('puts a refused retry of a refunded order back to cancelled instead of leaving it pending', async () => {
    const { useCase, services, carrier, orders } = setup(label);
    carrier.createLabel.mockRejectedValueOnce(new SandboxCarrierError('temporarily down', true));
    await expect(useCase.execute(request())).rejects.toMatchObject({ code: ErrorCode.ORDERS_CARRIER_FAILED });
    services.balance = 0;
    await expect(useCase.execute(request())).rejects.toMatchObject({ code: ErrorCode.PAYMENTS_INSUFFICIENT_FUNDS });
    expect([...orders.rows.values()].map((o) => [o.status, o.attempt])).toEqual([['cancelled', 2]]);
  });

  it('refuses a key reused for a different order', async () => {
    const { useCase } = setup(label);
    await useCase.execute(request());
    const other = { ...request(), order: { ...order, service_name: 'USPS Ground Advantage' } };
    await expect(useCase.execute(other)).rejects.toMatchObject({ code: ErrorCode.CONFLICT });
  });

  it('refuses a second submission while the first is still in flight', async () => {
    let release: () => void = () => undefined;
    const { useCase } = setup(() => new Promise((resolve) => (release = () => void label().then(resolve))));
    const first = useCase.execute(request());
    await new Promise((r) => setImmediate(r));
    await expect(useCase.execute(request())).rejects.toMatchObject({ code: ErrorCode.ORDERS_IN_PROGRESS });
    release();
    await first;
  });

  it('retries a refunded order as a new attempt with new ledger keys, so the label is paid once', async () => {
    const { useCase, services, carrier } = setup(label);
    carrier.createLabel.mockRejectedValueOnce(new SandboxCarrierError('temporarily down', true));
    await expect(useCase.execute(request())).rejects.toMatchObject({ code: ErrorCode.ORDERS_CARRIER_FAILED });
    expect(services.balance).toBe(5000);
    await useCase.execute(request());
    expect(services.balance).toBe(4150);
    expect([...services.postings.entries()].map(([key, amount]) => [key.replace(/:[0-9a-f-]{36}:/, ':'), amount])).toEqual([
      ['label:1', -850],
      ['refund:1', 850],
      ['label:2', -850],
    ]);
  });

  it('keeps an order the carrier did not answer about pending and paid, then finishes it under the same keys', async () => {
    const { useCase, services, orders, carrier } = setup(label);
    carrier.createLabel.mockRejectedValueOnce(new Error('socket hang up')); // no answer: the label may exist
    await expect(useCase.execute(request())).rejects.toMatchObject({ code: ErrorCode.ORDERS_IN_PROGRESS });
    const order = [...orders.rows.values()][0] as OrderEntity;
    expect(order.status).toBe('pending');
    expect(services.balance).toBe(4150);
    // Once stale, the same key (or the recovery loop) resumes it: the carrier is asked again with the same key.
    order.updatedAt = new Date(Date.now() - 10 * 60_000);
    await expect(useCase.execute(request())).resolves.toMatchObject({ orderId: order.id });
    expect(services.balance).toBe(4150);
    expect([...services.postings.keys()]).toEqual([`label:${order.id}:1`]);
    expect(carrier.createLabel.mock.calls.map(([, key]) => key)).toEqual([order.id, order.id]);
  });

  it('refunds an order the carrier never confirmed once the give-up time has passed', async () => {
    const { useCase, services, orders, carrier } = setup(label);
    carrier.createLabel.mockRejectedValue(new Error('socket hang up'));
    await expect(useCase.execute(request())).rejects.toMatchObject({ code: ErrorCode.ORDERS_IN_PROGRESS });
    const order = [...orders.rows.values()][0] as OrderEntity;
    Object.assign(order, { createdAt: new Date(Date.now() - 25 * 3_600_000), updatedAt: new Date(Date.now() - 10 * 60_000) });
    await expect(useCase.execute(request())).rejects.toMatchObject({ code: ErrorCode.ORDERS_CARRIER_FAILED });
    expect(services.balance).toBe(5000);
    expect(order).toMatchObject({ status: 'cancelled', failureReason: 'The carrier never confirmed the label' });
  });
});
