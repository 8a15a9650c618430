import { ChargeOnUseRpc } from '@labeldesk/contracts';
import type { RpcClient } from '@labeldesk/nest-transport';
import type { CarrierAdapter, CarrierRegistry, TrackingReport } from '../carriers';
import type { ReturnLabelsRepository, ReturnRow } from './return-labels.repository';
import { firstUsingScan, ReturnScans } from './return-scans';

const at = (iso: string) => new Date(iso);
const created = { status: 'pre_transit' as const, message: 'Label created', occurredAt: at('2026-11-01T10:00:00Z'), location: null };
const accepted = { status: 'in_transit' as const, message: 'Accepted', occurredAt: at('2026-11-02T09:00:00Z'), location: 'Seattle, WA 98101' };
const moved = { status: 'in_transit' as const, message: 'Departed', occurredAt: at('2026-11-02T15:00:00Z'), location: 'Chicago, IL 60607' };

const row: ReturnRow = {
  id: 'a0a0a0a0-0000-4000-8000-000000000001',
  orderId: 'b0b0b0b0-0000-4000-8000-000000000002',
  userId: 'c0c0c0c0-0000-4000-8000-000000000003',
  generation: 1,
  status: 'awaiting_scan',
  payment: 'on_use',
  courier: 'usps',
  serviceUid: 'usps_priority',
  serviceName: 'USPS Priority Mail',
  priceCents: 850,
  carrier: 'sandbox',
  carrierRefs: {},
  trackingNumber: '9205599999999900010014',
  labelFileId: 'd0d0d0d0-0000-4000-8000-000000000004',
  labelName: 'return_x.pdf',
  purchasedAt: at('2026-11-01T10:00:00Z'),
  scannedAt: null,
  chargedAt: null,
  createdAt: at('2026-11-01T10:00:00Z'),
  updatedAt: at('2026-11-01T10:00:00Z'),
  voidedAt: null,
  refundRef: null,
  refundReason: null,
  refundChecks: 0,
  mode: 'live',
};

const setUp = (report: TrackingReport | null) => {
  const calls: Array<{ subject: string; body: unknown }> = [];
  const rpc = { call: jest.fn(async (contract: { subject: string }, body: unknown) => { calls.push({ subject: contract.subject, body }); return {}; }) } as unknown as RpcClient;
  const marked: string[] = [];
  const later: Array<[string, number]> = [];
  const returns = {
    markCharged: jest.fn(async (id: string) => { const first = !marked.includes(id); marked.push(id); return first; }),
    checkLater: jest.fn(async (id: string, seconds: number) => { later.push([id, seconds]); }),
  } as unknown as ReturnLabelsRepository;
  const carrier = { track: jest.fn(async () => report) } as unknown as CarrierAdapter;
  const registry = { get: () => carrier } as unknown as CarrierRegistry;
  const scans = new ReturnScans(returns, rpc, registry, { TRACKING_REFRESH_SECONDS: 14_400, RETURN_SCAN_POLL_SECONDS: 900 });
  return { scans, calls, marked, later };
};

describe('firstUsingScan', () => {
  it('is the earliest scan past "label created", and null while the label is unused', () => {
    expect(firstUsingScan({ status: 'in_transit', events: [created, moved, accepted] })).toEqual(accepted.occurredAt);
    expect(firstUsingScan({ status: 'pre_transit', events: [created] })).toBeNull();
    expect(firstUsingScan({ status: 'unknown', events: [] })).toBeNull();
  });
});

describe('ReturnScans', () => {
  it('charges nothing for a label not scanned yet and looks again soon while it is new, then as outbound labels are', async () => {
    const { scans, calls, later } = setUp({ status: 'pre_transit', events: [created] });
    expect(await scans.check({ ...row, purchasedAt: new Date() })).toBe(false);
    expect(await scans.check({ ...row, purchasedAt: new Date(Date.now() - 10 * 86_400_000) })).toBe(false);
    expect(calls).toEqual([]);
    expect(later).toEqual([[row.id, 900], [row.id, 14_400]]);
  });

  it("charges a scanned label its price once through payments' charge-on-use under the label's own key", async () => {
    const { scans, calls, marked } = setUp({ status: 'in_transit', events: [created, accepted] });
    expect(await scans.check(row)).toBe(true);
    expect(calls).toEqual([
      { subject: ChargeOnUseRpc.charge.subject, body: { userId: row.userId, amountCents: 850, reference: `return label ${row.id} (order ${row.orderId}) used`, idempotencyKey: `use:${row.id}` } },
    ]);
    expect(marked).toEqual([row.id]);
  });

  it('asks payments with the same key whenever the scan is seen again, so a repeat never makes a second charge', async () => {
    const { scans, calls } = setUp({ status: 'in_transit', events: [created, accepted, moved] });
    await scans.check(row);
    await scans.check(row);
    const keys = calls.map((call) => (call.body as { idempotencyKey: string }).idempotencyKey);
    expect(new Set(keys)).toEqual(new Set([`use:${row.id}`]));
  });

  it('charges nothing and looks again later when the carrier does not answer', async () => {
    const { scans, calls, later } = setUp(null);
    expect(await scans.check(row)).toBe(false);
    expect(calls).toEqual([]);
    expect(later.map(([id]) => id)).toEqual([row.id]);
  });
});
