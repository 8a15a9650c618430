import { BATCH_VOID_PAGE, ErrorCode, type Caller } from '@labeldesk/contracts';
import { ownerFilterOf, type OwnerScope } from '@labeldesk/nest-transport';
import type { BulkOrdersRepository } from '../bulk';
import type { OrderRepository } from '../orders';
import type { ChargedLabel, LabelVoid, LabelVoidsRepository } from './label-voids.repository';
import type { TrackingRefresh } from './tracking-refresh';
import { VoidLabelUseCase } from './void-label.usecase';
import type { VoidSettlement } from './void-settlement';

const OWNER: Caller = { userId: 'owner-1', role: 'user' };
const BATCH = 'batch-1';

/** A batch of `count` unused sandbox labels, rows 1..count, bought an hour ago. */
const batchOf = (count: number): ChargedLabel[] =>
  Array.from({ length: count }, (_, i) => ({
    kind: 'bulk', labelId: `item-${i + 1}`, orderId: BATCH, userId: OWNER.userId, carrier: 'sandbox', trackingNumber: `TN${i + 1}`,
    carrierRefs: {}, purchasedAt: new Date(Date.now() - 3_600_000), amountCents: 850, chargeKey: `bulk-item:item-${i + 1}`,
    serviceName: 'Ground', receiverName: 'Ada', row: i + 1, voidState: null, voidReason: null, trackingStatus: null,
  }) as ChargedLabel);

/** Whether OWNER's rows are in the scope, as the repositories' owner filter decides. */
const isMine = (scope: OwnerScope): boolean => [undefined, OWNER.userId].includes(ownerFilterOf(scope).userId);

/** The use case over an in-memory batch whose labels the sandbox voids at once. */
const setup = (labels: ChargedLabel[]) => {
  const reads: Array<[number, number]> = [];
  const voids = {
    batchLabelsFrom: jest.fn(async (_batch: string, fromRow: number, limit: number) => {
      reads.push([fromRow, limit]);
      return labels.filter((l) => (l.row ?? 0) >= fromRow).slice(0, limit);
    }),
    batchLabels: jest.fn(async (_batch: string, numbers: readonly string[]) => {
      const wanted = new Set(numbers);
      return labels.filter((l) => wanted.has(l.trackingNumber));
    }),
    claim: jest.fn(async (label: ChargedLabel, _by: string, _actorId: string | null) => ({ ...label, id: `void-${label.labelId}`, state: 'void_requested' }) as unknown as LabelVoid),
  };
  const settlement = { carrierOf: () => ({}), voidAtCarrier: jest.fn(async () => ({ state: 'voided' as const })) };
  const bulk = { findOwned: async (_id: string, scope: OwnerScope) => (isMine(scope) ? { id: BATCH, user_id: OWNER.userId } : null) };
  const useCase = new VoidLabelUseCase(
    voids as unknown as LabelVoidsRepository, settlement as unknown as VoidSettlement, {} as TrackingRefresh, {} as OrderRepository, bulk as unknown as BulkOrdersRepository,
    { VOID_WINDOW_DAYS: 30, CARRIER_TIMEOUT_MS: 10_000 },
  );
  return { useCase, reads, settlement, voids };
};

describe('VoidLabelUseCase.voidBatch', () => {
  it('voids a whole batch one page at a time and names the row the next page starts at', async () => {
    const { useCase, reads } = setup(batchOf(2 * BATCH_VOID_PAGE + 1));
    const first = await useCase.voidBatch(OWNER, BATCH);
    expect([first.results.length, first.results[0]?.trackingNumber, first.nextRow, first.voided, first.amountBack]).toEqual([BATCH_VOID_PAGE, 'TN1', BATCH_VOID_PAGE + 1, BATCH_VOID_PAGE, BATCH_VOID_PAGE * 850]);
    const second = await useCase.voidBatch(OWNER, BATCH, { fromRow: BATCH_VOID_PAGE + 1 });
    expect([second.results.length, second.results[0]?.trackingNumber, second.nextRow]).toEqual([BATCH_VOID_PAGE, `TN${BATCH_VOID_PAGE + 1}`, 2 * BATCH_VOID_PAGE + 1]);
    const last = await useCase.voidBatch(OWNER, BATCH, { fromRow: 2 * BATCH_VOID_PAGE + 1 });
    expect([last.results.map((r) => r.trackingNumber), last.nextRow]).toEqual([[`TN${2 * BATCH_VOID_PAGE + 1}`], null]);
    // One label past the page is read to know whether another page follows; never the whole batch.
    expect(reads).toEqual([[1, BATCH_VOID_PAGE + 1], [BATCH_VOID_PAGE + 1, BATCH_VOID_PAGE + 1], [2 * BATCH_VOID_PAGE + 1, BATCH_VOID_PAGE + 1]]);
  });

  it('ends on a full last page with no next row', async () => {
    const { useCase } = setup(batchOf(BATCH_VOID_PAGE));
    expect((await useCase.voidBatch(OWNER, BATCH)).nextRow).toBeNull();
  });

  it('answers an empty page past the last row, and refuses a batch with no labels at all', async () => {
    const { useCase, settlement } = setup(batchOf(2));
    await expect(useCase.voidBatch(OWNER, BATCH, { fromRow: 9 })).resolves.toMatchObject({ results: [], voided: 0, nextRow: null });
    expect(settlement.voidAtCarrier).not.toHaveBeenCalled();
    const empty = setup([]);
    await expect(empty.useCase.voidBatch(OWNER, BATCH)).rejects.toMatchObject({ message: 'This batch has no labels to void.' });
  });

  it('voids listed labels in one answer whatever their number, with no next row', async () => {
    // More than a page of them: a list is answered whole.
    const batch = batchOf(BATCH_VOID_PAGE + 2);
    const { useCase } = setup(batch);
    const listed = await useCase.voidBatch(OWNER, BATCH, { trackingNumbers: [...batch.map((l) => l.trackingNumber), 'NOPE'] });
    expect([listed.results.length, listed.voided, listed.refused, listed.nextRow]).toEqual([BATCH_VOID_PAGE + 3, BATCH_VOID_PAGE + 2, 1, null]);
  });
});

describe('VoidLabelUseCase: who asked for a void', () => {
  it('names the admin behind a login-as session, asking as an admin, not the customer (decision 069)', async () => {
    const { useCase, voids } = setup(batchOf(2));
    await useCase.voidBatch({ ...OWNER, authMethod: 'login_as', impersonatorId: 'admin-1' }, BATCH);
    expect(voids.claim.mock.calls.map(([, by, actorId]) => [by, actorId])).toEqual([['admin', 'admin-1'], ['admin', 'admin-1']]);
  });

  it("names the owner in their own session, asking as the customer", async () => {
    const { useCase, voids } = setup(batchOf(1));
    await useCase.voidBatch(OWNER, BATCH);
    expect(voids.claim.mock.calls.map(([, by, actorId]) => [by, actorId])).toEqual([['customer', OWNER.userId]]);
  });
});

describe('VoidLabelUseCase: whose labels', () => {
  const STRANGER: Caller = { userId: 'stranger-1', role: 'user' };
  const WITHHELD_ADMIN: Caller = { userId: 'admin-1', role: 'admin', adminPowersWithheld: true };
  /** OWNER's single order `order-1`, placed but without a label yet, read in the caller's scope. */
  const singleSetup = () => {
    const voids = { singleLabel: async () => null };
    const orders = { findOwned: async (id: string, scope: OwnerScope) => (id === 'order-1' && isMine(scope) ? { id, userId: OWNER.userId } : null) };
    return new VoidLabelUseCase(
      voids as unknown as LabelVoidsRepository, {} as VoidSettlement, {} as TrackingRefresh, orders as unknown as OrderRepository, {} as BulkOrdersRepository,
      { VOID_WINDOW_DAYS: 30, CARRIER_TIMEOUT_MS: 10_000 },
    );
  };

  it("answers a stranger voiding someone else's order exactly as an order that does not exist", async () => {
    const useCase = singleSetup();
    const theirs: unknown = await useCase.voidSingle(STRANGER, 'order-1').catch((e: unknown) => e);
    const missing: unknown = await useCase.voidSingle(STRANGER, 'order-2').catch((e: unknown) => e);
    expect(theirs).toMatchObject({ code: ErrorCode.NOT_FOUND, message: 'Order not found' });
    expect(missing).toEqual(theirs);
    await expect(useCase.voidSingle(OWNER, 'order-1')).rejects.toMatchObject({ code: ErrorCode.ORDERS_LABEL_NOT_VOIDABLE });
    await expect(useCase.voidSingle({ userId: 'admin-2', role: 'admin' }, 'order-1')).rejects.toMatchObject({ code: ErrorCode.ORDERS_LABEL_NOT_VOIDABLE });
  });

  it("tells an admin whose powers are withheld to turn on two factors before voiding a customer's labels (decision 070)", async () => {
    await expect(singleSetup().voidSingle(WITHHELD_ADMIN, 'order-1')).rejects.toMatchObject({ code: ErrorCode.AUTH_TWO_FACTOR_ENROLMENT_REQUIRED });
    await expect(setup(batchOf(1)).useCase.voidBatch(WITHHELD_ADMIN, BATCH)).rejects.toMatchObject({ code: ErrorCode.AUTH_TWO_FACTOR_ENROLMENT_REQUIRED });
  });

  it("answers a stranger voiding someone else's batch as a missing batch, and lets an admin void it as an admin", async () => {
    const { useCase, voids } = setup(batchOf(1));
    await expect(useCase.voidBatch(STRANGER, BATCH)).rejects.toMatchObject({ code: ErrorCode.NOT_FOUND, message: 'Bulk order not found' });
    await expect(useCase.voidBatch({ userId: 'admin-2', role: 'admin' }, BATCH)).resolves.toMatchObject({ voided: 1 });
    expect(voids.claim.mock.calls.map(([, by]) => by)).toEqual(['admin']);
  });
});
