import type { Caller } from '@labeldesk/contracts';
import { foundInScope, ownerScopeOf } from '@labeldesk/nest-transport';
import type { BulkOrdersRepository } from './bulk-orders.repository';
import type { BulkOrderRow } from './bulk.rows';

/** The spec's words for a batch the caller cannot see, whether it does not exist or is another user's. */
export const BULK_ORDER_NOT_FOUND = 'Bulk order not found';

/**
 * The batch read in the caller's scope, or the one not-found answer (decision 070's 403 for an admin whose powers are
 * withheld). `submitted`: a draft, not yet a bulk order to its owner, is not found either.
 */
export const batchInScope = async (batches: BulkOrdersRepository, caller: Caller, id: string, which: 'any' | 'submitted' = 'any'): Promise<BulkOrderRow> => {
  const scope = ownerScopeOf(caller);
  const batch = await batches.findOwned(id, scope);
  return foundInScope(batch && (which === 'any' || batch.status !== 'draft') ? batch : null, scope, BULK_ORDER_NOT_FOUND);
};
