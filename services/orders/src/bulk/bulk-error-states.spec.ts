import { DomainError, ErrorCode, type AnyRpcContract, PaymentsRpc } from '@labeldesk/contracts';
import { ownerFilterOf, type OwnerScope } from '@labeldesk/nest-transport';
import type { OrdersEnv } from '../config';
import type { BulkEngine } from './bulk-engine';
import type { BulkProgressPublisher } from './bulk-progress.publisher';
import type { BulkOrderRow, ClaimedItem } from './bulk.rows';
import { RegenerateFilesUseCase } from './usecases/regenerate-files.usecase';
import { regenerateRepositories } from './testing/bulk-repositories';
import { engineOf } from './testing/engine-of';

const batch = (change: Partial<BulkOrderRow> = {}): BulkOrderRow => ({
  id: 'b1', user_id: 'u1', status: 'processing', total_count: 3, processed_count: 0, failed_count: 0, quoted_cents: 2550, charged_cents: 0, quoted_saved_cents: null, saved_cents: 0,
  label_format: '4x6', sort_by_sku: false, round: 1, hold_id: 'bulk:b1:1', hold_cents: 2550, mode: 'live', pdf_file_id: null, result_file_id: null, confirm_file_id: null,
  pdf_name: null, result_csv_name: null, auto_confirm_csv_name: null, error: null, stuck_at: null, lease_until: null, created_at: new Date(), updated_at: new Date(),
  ...change,
});

/** The repository calls these paths make, recorded; each answers like the SQL would. */
const fakeRepository = (row: BulkOrderRow) => {
  const calls: string[] = [];
  const repository = {
    find: jest.fn(async () => row),
    findOwned: jest.fn(async (_id: string, scope: OwnerScope) => ([undefined, row.user_id].includes(ownerFilterOf(scope).userId) ? row : null)),
    markError: jest.fn(async (_id: string, from: string[], status: BulkOrderRow['status'], error: string) => {
      calls.push(`markError ${from.join('|')} → ${status}`);
      return { ...row, status, error };
    }),
    undoRetryRound: jest.fn(async (_id: string, round: number, status: string) => void calls.push(`undoRetryRound ${round} → ${status}`)),
    reopenForFiles: jest.fn(async () => true),
  };
  return { repository, calls };
};

const refusingPayments = {
  call: jest.fn(async (contract: AnyRpcContract) => {
    if (contract.subject === PaymentsRpc.placeHold.subject) throw new DomainError(ErrorCode.PAYMENTS_INSUFFICIENT_FUNDS, 'Insufficient balance: this order costs $25.50 and your balance is $0.00. Add $25.50 to continue.');
    throw new Error(`unexpected ${contract.subject}`);
  }),
  emit: jest.fn(async () => undefined),
};

const engineWith = (repository: object, publisher: { publish: jest.Mock; forget: jest.Mock }, rpc: object = refusingPayments) =>
  engineOf({ repository, rpc, progress: publisher, env: { BULK_CONCURRENCY: 4 } });

/** The engine's check that a round's hold is in place before it buys (private: exercised the way buy() calls it). */
const holdInPlace = (engine: BulkEngine, orderId: string, round: number) =>
  (engine as unknown as { holdInPlace(orderId: string, round: number): Promise<boolean> }).holdInPlace(orderId, round);

describe('bulk error states', () => {
  it('ends a batch in processing_error, buying nothing, when its hold is refused after a crash (the balance was spent meanwhile)', async () => {
    const { repository, calls } = fakeRepository(batch());
    const publisher = { publish: jest.fn(), forget: jest.fn() };
    await expect(holdInPlace(engineWith(repository, publisher), 'b1', 1)).resolves.toBe(false);
    expect(calls).toEqual(['markError processing → processing_error']);
    expect(publisher.publish).toHaveBeenCalledWith(expect.objectContaining({ status: 'processing_error', error: expect.stringContaining('could not be set aside') }));
  });

  it('puts the failed rows back and ends in retry_processing_error when a retry round\'s hold is refused', async () => {
    const { repository, calls } = fakeRepository(batch({ status: 'retrying_failed', round: 2, hold_id: 'bulk:b1:2', processed_count: 2, failed_count: 0 }));
    const publisher = { publish: jest.fn(), forget: jest.fn() };
    await expect(holdInPlace(engineWith(repository, publisher), 'b1', 2)).resolves.toBe(false);
    expect(calls).toEqual(['undoRetryRound 2 → completed_with_errors', 'markError completed_with_errors → retry_processing_error']);
  });

  it('answers recovery_failed when the files cannot be rebuilt, and says so to the user', async () => {
    const { repository, calls } = fakeRepository(batch({ status: 'completed', processed_count: 3 }));
    const publisher = { publish: jest.fn(), forget: jest.fn() };
    const engine = { finish: jest.fn(async () => Promise.reject(new Error('disk full'))) };
    const useCase = new RegenerateFilesUseCase(...regenerateRepositories(repository), engine as unknown as BulkEngine, publisher as unknown as BulkProgressPublisher);
    await expect(useCase.execute({ userId: 'u1', role: 'user' }, 'b1')).resolves.toEqual({ message: 'Recovery failed. Please try again.', status: 'recovery_failed', fileData: {} });
    expect(calls).toEqual(['markError generating_files → recovery_failed']);
  });

  it('refuses to rebuild files of someone else\'s batch as if it did not exist', async () => {
    const { repository } = fakeRepository(batch({ status: 'completed', processed_count: 3 }));
    const useCase = new RegenerateFilesUseCase(...regenerateRepositories(repository), {} as BulkEngine, { publish: jest.fn() } as unknown as BulkProgressPublisher);
    await expect(useCase.execute({ userId: 'u2', role: 'user' }, 'b1')).rejects.toMatchObject({ code: ErrorCode.NOT_FOUND, message: 'Bulk order not found' });
  });

  it("refuses to rebuild files of a draft as if it did not exist, and lets an admin rebuild a customer's", async () => {
    const draft = fakeRepository(batch({ status: 'draft' }));
    const refusing = new RegenerateFilesUseCase(...regenerateRepositories(draft.repository), {} as BulkEngine, { publish: jest.fn() } as unknown as BulkProgressPublisher);
    await expect(refusing.execute({ userId: 'u1', role: 'user' }, 'b1')).rejects.toMatchObject({ code: ErrorCode.NOT_FOUND, message: 'Bulk order not found' });
    const { repository } = fakeRepository(batch({ status: 'completed', processed_count: 3 }));
    const engine = { finish: jest.fn(async () => batch({ status: 'completed', processed_count: 3 })) };
    const useCase = new RegenerateFilesUseCase(...regenerateRepositories(repository), engine as unknown as BulkEngine, { publish: jest.fn() } as unknown as BulkProgressPublisher);
    await expect(useCase.execute({ userId: 'a1', role: 'admin' }, 'b1')).resolves.toMatchObject({ message: 'Files regenerated successfully' });
  });

  it("tells an admin whose powers are withheld to turn on two factors before rebuilding a customer's files (decision 070)", async () => {
    const { repository } = fakeRepository(batch({ status: 'completed', processed_count: 3 }));
    const useCase = new RegenerateFilesUseCase(...regenerateRepositories(repository), {} as BulkEngine, { publish: jest.fn() } as unknown as BulkProgressPublisher);
    await expect(useCase.execute({ userId: 'a1', role: 'admin', adminPowersWithheld: true }, 'b1')).rejects.toMatchObject({ code: ErrorCode.AUTH_TWO_FACTOR_ENROLMENT_REQUIRED });
  });
});

describe('bulk concurrency', () => {
  /** How many items the engine claims when its queue is empty: twice what it keeps in flight. */
  const claimedAtOnce = async (env: Partial<OrdersEnv>, carrierConcurrency: number): Promise<number> => {
    const claimItems = jest.fn(async () => []);
    const repository = { buyingBatches: jest.fn(async () => ['b1']), claimItems };
    const engine = engineOf({ repository, rpc: refusingPayments, purchaser: { carrierConcurrency }, env });
    await (engine as unknown as { refill(): Promise<number> }).refill();
    const [call] = claimItems.mock.calls as unknown as Array<[string, number, number]>;
    return call?.[1] ?? 0;
  };

  it('keeps as many labels in flight as the carriers take when BULK_CONCURRENCY is unset', async () => {
    expect(await claimedAtOnce({}, 16)).toBe(32);
  });

  it('stops at 128 labels in flight however many the carrier takes (the sandbox takes 256)', async () => {
    expect(await claimedAtOnce({}, 256)).toBe(256);
  });

  it("keeps to an operator's BULK_CONCURRENCY, below the carrier's limit", async () => {
    expect(await claimedAtOnce({ BULK_CONCURRENCY: 4 }, 16)).toBe(8);
  });
});

describe('bulk claims', () => {
  type ClaimCall = [orderId: string, limit: number, leaseSeconds: number, afterRowNo?: number];
  /** A repository whose batch 'b1' has pending rows `free` (by row number): each claim takes them as the database would. */
  const engineOver = (free: number[], buying = ['b1']) => {
    const calls: ClaimCall[] = [];
    const claimItems = jest.fn(async (...call: ClaimCall) => {
      calls.push(call);
      const [, limit, , after = -1] = call;
      const taken = free.filter((rowNo) => rowNo > after).slice(0, limit);
      free.splice(0, free.length, ...free.filter((rowNo) => !taken.includes(rowNo)));
      return taken.map((rowNo) => ({ id: `item-${rowNo}`, row_no: rowNo }) as ClaimedItem);
    });
    const engine = engineOf({ repository: { buyingBatches: jest.fn(async () => buying), claimItems }, rpc: refusingPayments, purchaser: { carrierConcurrency: 2 } });
    const internals = engine as unknown as { refill(): Promise<number>; queue: ClaimedItem[] };
    /** One refill with an empty queue (as after the last claim's items were bought): the rows it claimed. */
    const refill = async () => {
      internals.queue.splice(0);
      await internals.refill();
      return internals.queue.map((item) => item.row_no);
    };
    return { calls, refill };
  };

  it("starts each claim after the last row this worker claimed, not at the batch's first row", async () => {
    const { calls, refill } = engineOver([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(await refill()).toEqual([0, 1, 2, 3]);
    expect(await refill()).toEqual([4, 5, 6, 7]);
    expect(calls.map((call) => call[3])).toEqual([undefined, 3]);
  });

  it('goes back to the start of the batch when the rows after its last claim run short, and finds rows that came back pending', async () => {
    const free = [0, 1, 2, 3, 4, 5];
    const { calls, refill } = engineOver(free);
    expect(await refill()).toEqual([0, 1, 2, 3]);
    // Row 1's claim was given back (or its lease lapsed) while rows 4 and 5 were still waiting.
    free.push(1);
    expect(await refill()).toEqual([4, 5, 1]);
    expect(calls.slice(1).map((call) => [call[1], call[3]])).toEqual([[4, 3], [2, undefined]]);
    expect(await refill()).toEqual([]);
  });

  it('forgets where it was in a batch that is no longer being bought, so its retry round is claimed from the start', async () => {
    const free = [0, 1, 2, 3, 4, 5, 6, 7];
    const buying = ['b1'];
    const { calls, refill } = engineOver(free, buying);
    expect(await refill()).toEqual([0, 1, 2, 3]);
    buying.splice(0);
    expect(await refill()).toEqual([]);
    buying.push('b1');
    expect(await refill()).toEqual([4, 5, 6, 7]);
    expect(calls.at(-1)?.[3]).toBeUndefined();
  });
});
