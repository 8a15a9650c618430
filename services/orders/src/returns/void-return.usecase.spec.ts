import { DomainError, ErrorCode, PaymentsRpc, type Caller } from '@labeldesk/contracts';
import type { RpcClient } from '@labeldesk/nest-transport';
import type { CarrierAdapter, CarrierRegistry, TrackingReport, VoidOutcome } from '../carriers';
import type { ReturnLabelsRepository, ReturnRow } from './return-labels.repository';
import type { ReturnLinksRepository } from './return-links.repository';
import { VoidReturnUseCase } from './void-return.usecase';

const SELLER = 'c0c0c0c0-0000-4000-8000-000000000003';
const caller = { userId: SELLER, role: 'user' } as unknown as Caller;

const aReturn = (change: Partial<ReturnRow> = {}): ReturnRow => ({
  id: 'e0e0e0e0-0000-4000-8000-000000000005',
  orderId: 'b0b0b0b0-0000-4000-8000-000000000002',
  userId: SELLER,
  generation: 1,
  status: 'prepaid',
  payment: 'prepaid',
  courier: 'usps',
  serviceUid: 'usps_priority',
  serviceName: 'USPS Priority Mail',
  priceCents: 850,
  carrier: 'usps',
  carrierRefs: { labelApi: 'return' },
  trackingNumber: '9205599999999900010014',
  labelFileId: null,
  labelName: 'return_x.pdf',
  purchasedAt: new Date('2026-11-30T10:00:00Z'),
  scannedAt: null,
  chargedAt: new Date('2026-11-30T10:00:00Z'),
  createdAt: new Date('2026-11-30T10:00:00Z'),
  updatedAt: new Date('2026-11-30T10:00:00Z'),
  voidedAt: null,
  refundRef: null,
  refundReason: null,
  refundChecks: 0,
  mode: 'live',
  ...change,
});

type RefundCheck = Awaited<ReturnType<CarrierAdapter['refundStatus']>>;

const unused: TrackingReport = { status: 'pre_transit', events: [] } as unknown as TrackingReport;

const setUp = (row: ReturnRow, answers: { track?: TrackingReport | null; void?: VoidOutcome; refund?: RefundCheck } = {}) => {
  let stored = row;
  const money: Array<Record<string, unknown>> = [];
  const returns = {
    find: jest.fn(async () => stored),
    markVoided: jest.fn(async () => {
      stored = { ...stored, status: 'voided' };
      return true;
    }),
    markRefundPending: jest.fn(async (_id: string, refundRef: string | null) => {
      stored = { ...stored, status: 'refund_pending', refundRef, voidedAt: new Date() };
      return stored;
    }),
    refundLater: jest.fn(async () => {
      stored = { ...stored, refundChecks: stored.refundChecks + 1 };
    }),
    markRefundRejected: jest.fn(async (_id: string, reason: string) => {
      stored = { ...stored, status: 'refund_rejected', refundReason: reason };
      return true;
    }),
  } as unknown as ReturnLabelsRepository;
  const links = { latestOf: jest.fn(async () => new Map()) } as unknown as ReturnLinksRepository;
  const rpc = { call: jest.fn(async (contract: { subject: string }, body: Record<string, unknown>) => money.push({ subject: contract.subject, ...body })) } as unknown as RpcClient;
  const carrier = {
    track: jest.fn(async () => (answers.track === undefined ? unused : answers.track)),
    void: jest.fn(async () => answers.void ?? { kind: 'voided' }),
    refundStatus: jest.fn(async () => answers.refund ?? { kind: 'refund_pending' }),
  };
  const registry = { get: jest.fn(() => carrier) } as unknown as CarrierRegistry;
  const useCase = new VoidReturnUseCase(returns, links, rpc, registry, { RETURN_SCAN_POLL_SECONDS: 60 });
  return { useCase, money, carrier, stored: () => stored };
};

const refusal = async (promise: Promise<unknown>): Promise<DomainError> => {
  const error = await promise.then(() => null, (e: unknown) => e);
  if (!(error instanceof DomainError)) throw new Error(`expected a refusal, got ${String(error)}`);
  return error;
};

describe('VoidReturnUseCase (decision 123)', () => {
  it('voids a prepaid return at its carrier and gives the charge back under refund:return:<id>, then answers it as voided without asking again', async () => {
    const { useCase, money, carrier } = setUp(aReturn());
    expect((await useCase.void(caller, aReturn().id)).state).toBe('voided');
    expect(money).toEqual([expect.objectContaining({ subject: PaymentsRpc.credit.subject, amountCents: 850, idempotencyKey: `refund:return:${aReturn().id}`, refundOf: `return:${aReturn().id}` })]);
    expect((await useCase.void(caller, aReturn().id)).state).toBe('voided');
    expect([carrier.void.mock.calls.length, money.length]).toEqual([1, 1]);
  });

  it('voids an unused pay-on-use return without moving money', async () => {
    const { useCase, money } = setUp(aReturn({ status: 'awaiting_scan', payment: 'on_use', chargedAt: null }));
    expect((await useCase.void(caller, aReturn().id)).state).toBe('voided');
    expect(money).toEqual([]);
  });

  it('refuses a used return, one whose tracking cannot be read and one the carrier refuses, moving no money', async () => {
    const scanned = { status: 'in_transit', events: [{ status: 'in_transit', occurredAt: new Date('2026-11-30T12:00:00Z'), message: 'Accepted', location: null }] } as unknown as TrackingReport;
    for (const [row, answers, code] of [
      [aReturn({ status: 'charged', payment: 'on_use', scannedAt: new Date() }), {}, ErrorCode.ORDERS_LABEL_NOT_VOIDABLE],
      [aReturn(), { track: scanned }, ErrorCode.ORDERS_LABEL_NOT_VOIDABLE],
      [aReturn(), { track: null }, ErrorCode.ORDERS_CARRIER_FAILED],
      [aReturn(), { void: { kind: 'refused', message: 'Order already used' } }, ErrorCode.ORDERS_LABEL_NOT_VOIDABLE],
      [aReturn(), { void: { kind: 'unknown', message: 'timed out' } }, ErrorCode.ORDERS_CARRIER_FAILED],
    ] as const) {
      const { useCase, money } = setUp(row, answers as { track?: TrackingReport | null; void?: VoidOutcome });
      expect((await refusal(useCase.void(caller, row.id))).code).toBe(code);
      expect(money).toEqual([]);
    }
  });

  it('waits for a carrier that refunds later: refund_pending with nothing credited, then credited once when the carrier says refunded (decision 125)', async () => {
    const easyPost = aReturn({ carrier: 'easypost', carrierRefs: { shipmentId: 'shp_1' } });
    const { useCase, money, stored } = setUp(easyPost, { void: { kind: 'refund_pending', refundRef: null }, refund: { kind: 'refunded' } });
    expect(await useCase.void(caller, easyPost.id)).toMatchObject({ state: 'refund_pending', refundReason: null });
    expect(money).toEqual([]);
    // Voided again meanwhile: answered as it stands, nothing asked or moved.
    expect((await useCase.void(caller, easyPost.id)).state).toBe('refund_pending');
    expect(await useCase.checkRefund(stored())).toBe('voided');
    expect(await useCase.checkRefund({ ...stored(), status: 'refund_pending' })).toBe('voided');
    // Asked twice (a crash between the credit and the mark), the ledger gets the same key twice: one posting.
    expect(money.map((m) => m['idempotencyKey'])).toEqual([`refund:return:${easyPost.id}`, `refund:return:${easyPost.id}`]);
    expect(stored().status).toBe('voided');
  });

  it('keeps asking about a refund still submitted, and credits nothing when the carrier rejects it', async () => {
    const pending = aReturn({ carrier: 'easypost', status: 'refund_pending', voidedAt: new Date() });
    const waiting = setUp(pending, { refund: { kind: 'refund_pending' } });
    expect(await waiting.useCase.checkRefund(pending)).toBe('refund_pending');
    expect([waiting.stored().refundChecks, waiting.money]).toEqual([1, []]);

    const rejected = setUp(pending, { refund: { kind: 'refund_rejected', reason: 'USPS recorded a scan of this package, so the label was used.' } });
    expect(await rejected.useCase.checkRefund(pending)).toBe('refund_rejected');
    expect(rejected.money).toEqual([]);
    const error = await refusal(rejected.useCase.void(caller, pending.id));
    expect([error.code, error.message]).toEqual([ErrorCode.ORDERS_LABEL_NOT_VOIDABLE, 'The carrier refused the refund of this return label: USPS recorded a scan of this package, so the label was used.']);
  });

  it("gives a test return's charge back on the test account", async () => {
    const { useCase, money } = setUp(aReturn({ mode: 'test', carrier: 'sandbox' }));
    expect(await useCase.void(caller, aReturn().id)).toMatchObject({ state: 'voided', mode: 'test' });
    expect(money).toEqual([expect.objectContaining({ subject: PaymentsRpc.credit.subject, mode: 'test' })]);
  });

  it("is not found by a key of the other mode", async () => {
    const liveKey = { ...caller, authMethod: 'api_key', mode: 'live' } as unknown as Caller;
    const { useCase, money } = setUp(aReturn({ mode: 'test' }));
    expect((await refusal(useCase.void(liveKey, aReturn().id))).code).toBe(ErrorCode.NOT_FOUND);
    expect(money).toEqual([]);
  });
});
