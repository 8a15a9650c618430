import type { BatchSearchFilters, ExportCursor } from '@labeldesk/contracts';
import type { OwnerScope } from '@labeldesk/nest-transport';
import { addAfter, addDays, addOwner, Conditions, contains, startsWith, type SqlWhere } from './search-conditions';

/**
 * The where clause of a batch search on `b` (bulk_orders): never a draft (an upload not yet submitted is no batch),
 * and of one mode only (live unless test is asked).
 * The text finds a batch by its id's beginning or any part of one of its files' names, ignoring case.
 */
export const batchSearchWhere = (filters: BatchSearchFilters, scope: OwnerScope, after?: ExportCursor): SqlWhere => {
  const where = new Conditions().add(`b."status" <> 'draft'`);
  addOwner(where, 'b."user_id"', scope, filters.userId);
  // One mode's batches (decision 127), read through the (user, mode, newest first) index of migration 048.
  where.add(`b."mode" = ?`, filters.mode ?? 'live');
  if (filters.q) {
    const [begins, within] = [startsWith(filters.q), contains(filters.q)];
    where.add(
      `(b."id"::text like ? or lower(b."pdf_name") like ? or lower(b."result_csv_name") like ? or lower(b."auto_confirm_csv_name") like ?)`,
      begins,
      within,
      within,
      within,
    );
  }
  if (filters.status) where.add(`b."status" = ?`, filters.status);
  addDays(where, 'b."created_at"', filters);
  addAfter(where, 'b', after);
  return where.build();
};
