import { DomainError, type Caller } from '@labeldesk/contracts';
import { batchInScope } from './batch-in-scope';
import type { BulkOrdersRepository } from './bulk-orders.repository';
import type { BulkOrderRow } from './bulk.rows';
import { holdOf } from './hold-refusal';

const session: Caller = { userId: 'u1', role: 'user' };
const liveKey: Caller = { userId: 'u1', role: 'user', authMethod: 'api_key', scopes: ['labels:read'] };
const testKey: Caller = { ...liveKey, mode: 'test' };

/** A repository holding one batch of user u1, of the mode given. */
const holding = (mode: 'live' | 'test') =>
  ({ findOwned: async (id: string) => (id === 'b1' ? ({ id: 'b1', user_id: 'u1', status: 'completed', mode } as BulkOrderRow) : null) }) as unknown as BulkOrdersRepository;

const seen = (batches: BulkOrdersRepository, caller: Caller) =>
  batchInScope(batches, caller, 'b1').then(
    (batch) => batch.id,
    (error: unknown) => (error instanceof DomainError ? error.code : String(error)),
  );

describe("a batch in the caller's scope and mode (decision 124)", () => {
  it("finds a key's own mode's batch, and another mode's as not found, as another user's", async () => {
    expect([await seen(holding('test'), testKey), await seen(holding('test'), liveKey), await seen(holding('live'), testKey), await seen(holding('live'), liveKey)]).toEqual([
      'b1',
      'NOT_FOUND',
      'NOT_FOUND',
      'b1',
    ]);
  });

  it('lets a session read a batch of either mode', async () => {
    expect([await seen(holding('live'), session), await seen(holding('test'), session)]).toEqual(['b1', 'b1']);
  });

  it("holds a test batch on the test account and a live one as the previous release named it, by the user's id alone", () => {
    expect([holdOf({ user_id: 'u1', mode: 'test' }), holdOf({ user_id: 'u1', mode: 'live' })]).toEqual([{ userId: 'u1', mode: 'test' }, { userId: 'u1' }]);
  });
});
