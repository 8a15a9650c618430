/**
 * The mode a label was bought in, as SQL over the label's id (`id`, an SQL expression of type uuid): a single label's
 * order's (decision 119), a batch row's batch's (decision 124); `live` for any other label (a return, a label of before
 * test mode).
 */
export const labelModeSql = (table: (name: string) => string, id: string): string =>
  `coalesce((select o."mode" from ${table('orders')} o where o."id" = ${id}),
            (select b."mode" from ${table('bulk_items')} i join ${table('bulk_orders')} b on b."id" = i."bulk_order_id" where i."id" = ${id}), 'live')`;
