import type { ExportCursor, OrderSearchFilters, OrderSearchState } from '@labeldesk/contracts';
import type { OwnerScope } from '@labeldesk/nest-transport';
import { addAfter, addDays, addOwner, Conditions, contains, startsWith, type SqlWhere } from './search-conditions';

/**
 * Each state as a condition on the order `o` and its label's void `v` (null when nobody voided it). A bought label
 * nobody voided is `completed`; a voided one is found by its void's state only, so it never reads as live.
 */
const STATE_CONDITIONS: Readonly<Record<OrderSearchState, string>> = {
  completed: `o."status" = 'completed' and v."state" is null`,
  pending: `o."status" = 'pending'`,
  cancelled: `o."status" = 'cancelled'`,
  void_requested: `v."state" = 'void_requested'`,
  voided: `v."state" = 'voided'`,
  refund_pending: `v."state" = 'refund_pending'`,
  refunded: `v."state" = 'refunded'`,
  refund_rejected: `v."state" = 'refund_rejected'`,
};

/**
 * The where clause of a single-order search on `o` (orders) and `v` (its label's void). The text finds an order by
 * its id's or tracking number's beginning, or by any part of the receiver's name or a package reference, ignoring case.
 */
export const orderSearchWhere = (filters: OrderSearchFilters, scope: OwnerScope, after?: ExportCursor): SqlWhere => {
  const where = new Conditions();
  addOwner(where, 'o."user_id"', scope, filters.userId);
  // One mode's orders, never both (decision 119): live unless test is asked for.
  where.add(`o."mode" = ?`, filters.mode ?? 'live');
  if (filters.q) {
    const [begins, within] = [startsWith(filters.q), contains(filters.q)];
    where.add(
      `(o."id"::text like ? or lower(o."tracking_number") like ? or lower(o."receiver"->>'receiver_name') like ?
        or lower(o."package"->>'package_reference1') like ? or lower(o."package"->>'package_reference2') like ?)`,
      begins,
      begins,
      within,
      within,
      within,
    );
  }
  if (filters.state) where.add(STATE_CONDITIONS[filters.state]);
  if (filters.service) where.add(`lower(o."service_name") = lower(?)`, filters.service);
  if (filters.carrier) where.add(`o."courier" = ?`, filters.carrier);
  addDays(where, 'o."created_at"', filters);
  addAfter(where, 'o', after);
  return where.build();
};
