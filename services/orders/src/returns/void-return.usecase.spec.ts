import { DomainError, ErrorCode, PaymentsRpc, type Caller } from '@labeldesk/contracts';
import type { RpcClient } from '@labeldesk/nest-transport';
import type { CarrierRegistry, TrackingReport, VoidOutcome } from '../carriers';
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
  ...change,
});

const unused: TrackingReport = { status: 'pre_transit', events: [] } as unknown as TrackingReport;

const setUp = (row: ReturnRow, answers: { track?: TrackingReport | null; void?: VoidOutcome } = {}) => {
  let stored = row;
  const money: Array<Record<string, unknown>> = [];
  const returns = {
    find: jest.fn(async () => stored),
    markVoided: jest.fn(async () => {
      stored = { ...stored, status: 'voided' };
      return true;
    }),
  } as unknown as ReturnLabelsRepository;
  const links = { latestOf: jest.fn(async () => new Map()) } as unknown as ReturnLinksRepository;
  const rpc = { call: jest.fn(async (contract: { subject: string }, body: Record<string, unknown>) => money.push({ subject: contract.subject, ...body })) } as unknown as RpcClient;
  const carrier = { track: jest.fn(async () => (answers.track === undefined ? unused : answers.track)), void: jest.fn(async () => answers.void ?? { kind: 'voided' }) };
  const registry = { get: jest.fn(() => carrier) } as unknown as CarrierRegistry;
  return { useCase: new VoidReturnUseCase(returns, links, rpc, registry), money, carrier };
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
});
