/**
 * The imported order a single purchase is for, from its idempotency key (`store-order:<id>`, storeOrderIdempotencyKey
 * in the contracts); null for any other key. Only a key of that exact shape is read, so a caller's own key that merely
 * starts alike names no imported order.
 */
export const storeOrderIdOfKey = (idempotencyKey: string): string | null =>
  /^store-order:([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i.exec(idempotencyKey)?.[1]?.toLowerCase() ?? null;

/**
 * Wraps a single order's insert (bound parameters first, then the imported order's id) so that, in the same
 * statement, the imported order it is bought for is marked as asked for a label (decision 117): the write-back round
 * reads only marked orders. Both commit or neither; the mark is kept from the first purchase. Orders names the stores'
 * table here, below the stores folder, because the mark must commit with the label's order row or not at all.
 */
export const markLabelAskedSql = (insert: string, storeOrdersTable: string): string =>
  `with placed as (${insert} returning "user_id")
   update ${storeOrdersTable} s set "label_asked_at" = coalesce(s."label_asked_at", now()) from placed
    where s."id" = ?::uuid and s."user_id" = placed."user_id"`;
