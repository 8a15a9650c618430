import type { Caller } from '@labeldesk/contracts';
import { foundInScope, ownerScopeOf } from '@labeldesk/nest-transport';
import { keyModeOf } from '../common';
import type { BulkOrdersRepository } from './bulk-orders.repository';
import type { BulkOrderRow } from './bulk.rows';

/** The spec's words for a batch the caller cannot see, whether it does not exist or is another user's. */
export const BULK_ORDER_NOT_FOUND = 'Bulk order not found';

/**
 * The batch read in the caller's scope, or the one not-found answer (decision 070's 403 for an admin whose powers are
 * withheld). `submitted`: a draft, not yet a bulk order to its owner, is not found either. A key reaches only batches of
 * its own mode (decision 124): another mode's is not found, as another user's; a session reaches both.
 */
export const batchInScope = async (batches: BulkOrdersRepository, caller: Caller, id: string, which: 'any' | 'submitted' = 'any'): Promise<BulkOrderRow> => {
  const scope = ownerScopeOf(caller);
  const batch = await batches.findOwned(id, scope);
  const bound = keyModeOf(caller);
  const seen = batch && (which === 'any' || batch.status !== 'draft') && (bound === undefined || batch.mode === bound);
  return foundInScope(seen ? batch : null, scope, BULK_ORDER_NOT_FOUND);
};
