import { DOWNLOAD_KIND_TRAITS, DomainError, ErrorCode, OrdersRpc, singleOrderSchema, type AnyRpcContract } from '@labeldesk/contracts';
import type { RpcClient } from '@labeldesk/nest-transport';
import type { Response } from 'express';
import type { CallContext } from '../auth/request-context';
import { NOT_CHARGED, NOT_KNOWN, OrdersController, writeWindowMs } from './orders.controller';

const order = singleOrderSchema.parse({
  service_name: 'USPS Priority Mail',
  sender: { sender_name: 'Ann', sender_address1: '1 Main St', sender_city: 'Austin', sender_state_province: 'TX', sender_zip_postal: '78701' },
  receiver: { receiver_name: 'Bob', receiver_address1: '2 Pine Ave', receiver_city: 'Seattle', receiver_state_province: 'WA', receiver_zip_postal: '98101' },
  package: { package_length: 10, package_width: 8, package_height: 4, package_weight: 2.5 },
});
const userId = '6565c5d5-6f6c-4baf-a307-daaaaed3489f';
const ctx = { caller: { userId, role: 'user' }, correlationId: 'c1' } as CallContext;
const pendingOrder = {
  _id: '0b4f9d8e-1c2a-4f5e-9d3b-2a1c4e5f6a7b', service_name: 'USPS Priority Mail', courier: 'usps', sender: { sender_name: 'Ann' }, receiver: { receiver_name: 'Bob' },
  tracking_number: null, createdAt: new Date().toISOString(), pdfName: null, status: 'pending', price: 850, ordered: 1, processed: 0, failureReason: null,
};

const controllerAnswering = (place: () => Promise<unknown>, found: unknown = { order: pendingOrder }) => {
  const rpc = {
    call: jest.fn(async (contract: AnyRpcContract) => (contract.subject === OrdersRpc.placeSingle.subject ? place() : found)),
  };
  const res = { status: jest.fn() };
  return { controller: new OrdersController(rpc as unknown as RpcClient, { ORDER_REPLY_WAIT_MS: 10_000 }), res, rpc };
};

describe('OrdersController.placeSingle', () => {
  it('answers the label when the purchase completes in time', async () => {
    const { controller, res } = controllerAnswering(async () => ({ orderId: 'o1', pdfName: 'label_1.pdf', trackingNumber: '9205', priceCents: 850 }));
    await expect(controller.placeSingle(order, 'key-00000001', ctx, res as unknown as Response)).resolves.toEqual({ data: { orderId: 'o1', pdfName: 'label_1.pdf', trackingNumber: '9205', price: 850 } });
    expect(res.status).not.toHaveBeenCalled();
  });

  it.each([ErrorCode.TIMEOUT, ErrorCode.SERVICE_UNAVAILABLE])('answers 202 with the pending order at once when a service gives %s instead of an answer', async (code) => {
    const { controller, res } = controllerAnswering(async () => Promise.reject(new DomainError(code, 'payments.ledger.debit.v1 did not answer within 10000 ms')));
    await expect(controller.placeSingle(order, 'key-00000001', ctx, res as unknown as Response)).resolves.toEqual({
      message: expect.stringContaining('still being processed'),
      data: { orderId: pendingOrder._id, status: 'pending' },
    });
    expect(res.status).toHaveBeenCalledWith(202);
  });

  it('passes a refusal on as it is (nothing is pending)', async () => {
    const refusal = new DomainError(ErrorCode.PAYMENTS_INSUFFICIENT_FUNDS, 'Insufficient balance: this label costs $8.50 and your balance is $0.00. Add $8.50 to continue.');
    const { controller, res } = controllerAnswering(async () => Promise.reject(refusal));
    await expect(controller.placeSingle(order, 'key-00000001', ctx, res as unknown as Response)).rejects.toBe(refusal);
    expect(res.status).not.toHaveBeenCalled();
  });

  it.each([ErrorCode.TIMEOUT, ErrorCode.SERVICE_UNAVAILABLE])('answers 503 "try again; you were not charged" when a purchase gives %s and orders has no order under the key', async (code) => {
    const { controller, res } = controllerAnswering(async () => Promise.reject(new DomainError(code, 'orders.single.place.v1 did not answer within 10000 ms')), { order: null });
    const refusal = await controller.placeSingle(order, 'key-00000001', ctx, res as unknown as Response).then(() => null, (e: unknown) => e);
    expect(refusal).toEqual(new DomainError(ErrorCode.ORDERS_NOT_ANSWERED, NOT_CHARGED));
    expect((refusal as DomainError).code).toBe(ErrorCode.ORDERS_NOT_ANSWERED);
    expect(NOT_CHARGED).toBe('The label service did not answer. Try again; you were not charged.');
    expect(res.status).not.toHaveBeenCalled();
  });

  it('answers 503 "not charged" for an order under the key that was refunded', async () => {
    const { controller, res } = controllerAnswering(async () => Promise.reject(new DomainError(ErrorCode.TIMEOUT, 'no answer')), { order: { ...pendingOrder, status: 'cancelled' } });
    await expect(controller.placeSingle(order, 'key-00000001', ctx, res as unknown as Response)).rejects.toMatchObject({ code: ErrorCode.ORDERS_NOT_ANSWERED, message: NOT_CHARGED });
    expect(res.status).not.toHaveBeenCalled();
  });

  it('answers 503 without promising anything when a purchase timed out and the order cannot be looked up either', async () => {
    const { controller, res } = controllerAnswering(async () => Promise.reject(new DomainError(ErrorCode.TIMEOUT, 'no answer')), Promise.reject(new DomainError(ErrorCode.SERVICE_UNAVAILABLE, 'No service is answering')));
    await expect(controller.placeSingle(order, 'key-00000001', ctx, res as unknown as Response)).rejects.toMatchObject({ code: ErrorCode.ORDERS_NOT_ANSWERED, message: NOT_KNOWN });
    expect(NOT_KNOWN).not.toMatch(/not charged/);
    expect(res.status).not.toHaveBeenCalled();
  });

  it('tells orders to write no order after it has stopped waiting, with room for the trip and the insert', async () => {
    const { controller, res, rpc } = controllerAnswering(async () => ({ orderId: 'o1', pdfName: 'label_1.pdf', trackingNumber: '9205', priceCents: 850 }));
    await controller.placeSingle(order, 'key-00000001', ctx, res as unknown as Response);
    expect(rpc.call).toHaveBeenCalledWith(OrdersRpc.placeSingle, expect.objectContaining({ writeWithinMs: 9_000 }), expect.objectContaining({ timeoutMs: 10_000 }));
    expect(writeWindowMs(500)).toBe(250);
    expect(writeWindowMs(1_500)).toBe(750);
  });
});

describe('OrdersController.list', () => {
  it('answers the orders service’s JSON as it came, as JSON, for the caller it names', async () => {
    const text = JSON.stringify({ orders: [pendingOrder] });
    const rpc = { callForText: jest.fn(async () => text) };
    const res = { status: jest.fn().mockReturnThis(), setHeader: jest.fn().mockReturnThis(), send: jest.fn() };
    await new OrdersController(rpc as unknown as RpcClient, { ORDER_REPLY_WAIT_MS: 10_000 }).list(userId, {}, ctx, res as unknown as Response);
    expect(rpc.callForText).toHaveBeenCalledWith(OrdersRpc.list, { userId }, ctx);
    expect(res.status).toHaveBeenCalledWith(200);
    expect(res.setHeader).toHaveBeenCalledWith('Content-Type', 'application/json; charset=utf-8');
    expect(res.send).toHaveBeenCalledWith(text);
  });

  it('asks for the test-mode labels when the web app lists mode=test (decision 119)', async () => {
    const rpc = { callForText: jest.fn(async () => JSON.stringify({ orders: [] })) };
    const res = { status: jest.fn().mockReturnThis(), setHeader: jest.fn().mockReturnThis(), send: jest.fn() };
    await new OrdersController(rpc as unknown as RpcClient, { ORDER_REPLY_WAIT_MS: 10_000 }).list(userId, { mode: 'test' }, ctx, res as unknown as Response);
    expect(rpc.callForText).toHaveBeenCalledWith(OrdersRpc.list, { userId, mode: 'test' }, ctx);
  });

  it('sends nothing when the call fails: the error goes to the exception filter', async () => {
    const refusal = new DomainError(ErrorCode.FORBIDDEN, 'Not yours');
    const rpc = { callForText: jest.fn(async () => Promise.reject(refusal)) };
    const res = { status: jest.fn().mockReturnThis(), setHeader: jest.fn().mockReturnThis(), send: jest.fn() };
    await expect(new OrdersController(rpc as unknown as RpcClient, { ORDER_REPLY_WAIT_MS: 10_000 }).list(userId, {}, ctx, res as unknown as Response)).rejects.toBe(refusal);
    expect(res.send).not.toHaveBeenCalled();
  });
});

describe('OrdersController.download', () => {
  const processing = { status: 'processing' } as const;
  const downloading = () => {
    const rpc = { call: jest.fn(async () => processing) };
    const res: { status: jest.Mock; json: jest.Mock } = { status: jest.fn(), json: jest.fn() };
    res.status.mockReturnValue(res);
    return { controller: new OrdersController(rpc as unknown as RpcClient, { ORDER_REPLY_WAIT_MS: 10_000 }), res, rpc };
  };

  it('waits for a kind made on the first download as long as its traits say, and for a stored file as long as any call', async () => {
    const { controller, res, rpc } = downloading();
    await controller.download('scan-form', 'b1', {}, ctx, res as unknown as Response);
    await controller.download('pdf', 'b1', {}, ctx, res as unknown as Response);
    expect(rpc.call).toHaveBeenNthCalledWith(1, OrdersRpc.fileInfo, { kind: 'scan-form', id: 'b1' }, { ...ctx, timeoutMs: DOWNLOAD_KIND_TRAITS['scan-form'].timeoutMs });
    expect(rpc.call).toHaveBeenNthCalledWith(2, OrdersRpc.fileInfo, { kind: 'pdf', id: 'b1' }, ctx);
    expect(res.status).toHaveBeenCalledWith(202);
  });

  it('passes ?variant= only to a kind that reads one', async () => {
    const { controller, res, rpc } = downloading();
    await controller.download('packing-slips', 'b1', { variant: 'gift' }, ctx, res as unknown as Response);
    await controller.download('pdf', 'b1', { variant: 'gift' }, ctx, res as unknown as Response);
    expect(rpc.call).toHaveBeenNthCalledWith(1, OrdersRpc.fileInfo, { kind: 'packing-slips', id: 'b1', variant: 'gift' }, expect.anything());
    expect(rpc.call).toHaveBeenNthCalledWith(2, OrdersRpc.fileInfo, { kind: 'pdf', id: 'b1' }, ctx);
  });

  it('passes ?size= only to the kinds of a single PDF label (decision 096)', async () => {
    const { controller, res, rpc } = downloading();
    await controller.download('v2', 'label_1.pdf', { size: 'letter' }, ctx, res as unknown as Response);
    await controller.download('pdf', 'o1', { size: '4x6' }, ctx, res as unknown as Response);
    await controller.download('packing-slips', 'b1', { size: 'letter' }, ctx, res as unknown as Response);
    expect(rpc.call).toHaveBeenNthCalledWith(1, OrdersRpc.fileInfo, { kind: 'v2', id: 'label_1.pdf', labelSize: 'letter' }, ctx);
    expect(rpc.call).toHaveBeenNthCalledWith(2, OrdersRpc.fileInfo, { kind: 'pdf', id: 'o1', labelSize: '4x6' }, ctx);
    expect(rpc.call).toHaveBeenNthCalledWith(3, OrdersRpc.fileInfo, { kind: 'packing-slips', id: 'b1' }, expect.anything());
  });

  it('answers an unknown kind as a missing file, without asking orders', async () => {
    const { controller, res, rpc } = downloading();
    await expect(controller.download('exe', 'b1', {}, ctx, res as unknown as Response)).rejects.toMatchObject({ code: ErrorCode.NOT_FOUND });
    expect(rpc.call).not.toHaveBeenCalled();
  });
});
