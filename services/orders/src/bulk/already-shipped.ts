import type { ShippedOrder, ShippedRow } from '@labeldesk/contracts';
import type { StagedRowSummary } from './bulk.rows';

/** Answers which of these order IDs already have a label (BulkStagingRepository.shippedOrders). */
export type ShippedLookup = (orderIds: readonly string[]) => Promise<ShippedOrder[]>;

/** Order IDs per look-up at submit: a 10,000-row batch is two statements, not 10,000. */
export const SHIPPED_LOOKUP_PAGE = 5_000;

const distinctIds = (ids: ReadonlyArray<string | null | undefined>): string[] => [...new Set(ids.filter((id): id is string => !!id))];

/** The rows of a slice (from `firstRow` on) whose order ID already has a label, each with that label. */
export const markShippedRows = async (firstRow: number, rows: ReadonlyArray<{ package: { order_id: string | null } }>, lookup: ShippedLookup): Promise<ShippedRow[]> => {
  const ids = distinctIds(rows.map((row) => row.package.order_id));
  if (ids.length === 0) return [];
  const byId = new Map((await lookup(ids)).map((order) => [order.orderId, order]));
  return rows.flatMap((row, i) => {
    const earlier = row.package.order_id ? byId.get(row.package.order_id) : undefined;
    return earlier ? [{ ...earlier, rowIndex: firstRow + i }] : [];
  });
};

/**
 * The rows to buy, and how many were left out because their order ID already has a label. A row that says
 * `buy_another` is bought whatever its order has; its ID is not even looked up.
 */
export const leaveOutShipped = async (
  rows: readonly StagedRowSummary[],
  lookup: ShippedLookup,
  page = SHIPPED_LOOKUP_PAGE,
): Promise<{ kept: StagedRowSummary[]; leftOut: number }> => {
  const asked = distinctIds(rows.filter((row) => !row.buyAnother).map((row) => row.orderId));
  const shipped = new Set<string>();
  for (let i = 0; i < asked.length; i += page) {
    for (const order of await lookup(asked.slice(i, i + page))) shipped.add(order.orderId);
  }
  const kept = rows.filter((row) => row.buyAnother || row.orderId === null || !shipped.has(row.orderId));
  return { kept, leftOut: rows.length - kept.length };
};
