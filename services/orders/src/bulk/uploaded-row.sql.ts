/**
 * A bulk item's row as the customer uploaded it is kept once, in `bulk_staged_rows`, from the upload on; the item
 * itself holds only what changes as it is bought (docs/decisions/059). Items of batches submitted before that kept a
 * copy in their own `data`, which still comes first.
 *
 * `uploadedRowJoin(staged, 'i', 's')` joins item alias `i` to its row as `s`; `uploadedRow('i', 's')` is the row.
 */
export const uploadedRowJoin = (stagedTable: string, item: string, staged: string): string =>
  `left join ${stagedTable} ${staged} on ${staged}."bulk_order_id" = ${item}."bulk_order_id" and ${staged}."row_no" = ${item}."row_no"`;

export const uploadedRow = (item: string, staged: string): string => `coalesce(${item}."data", ${staged}."data")`;
