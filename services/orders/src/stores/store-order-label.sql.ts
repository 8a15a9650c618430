/**
 * The label of imported order `s` (decision 113): its single label, bought under the idempotency key
 * `store-order:<id>` (storeOrderIdempotencyKey in the contracts), or the item of the batch row it names
 * (`bulk_order_id`, `bulk_row_no`), whichever stands, the newest first. A label the carrier voided (voided, refund
 * pending or refunded) is `cancelled`, as is a single order refunded or a failed batch item: no label stands; a batch
 * item is otherwise `completed` once succeeded, else `pending`. `label_batch_id` is the batch's id, null for a single
 * label.
 *
 * A lateral join: `left join lateral (${storeOrderLabelSql(t)}) l on true`.
 */
/** The states of a void the carrier accepted: the label can no longer travel. */
const VOIDED = `'voided', 'refund_pending', 'refunded'`;

export const storeOrderLabelSql = (t: (name: string) => string): string => `
  select "label_id", "label_status", "label_tracking", "label_courier", "label_at", "label_batch_id" from (
    select o."id" as "label_id", case when sv."state" in (${VOIDED}) then 'cancelled' else o."status" end as "label_status", o."tracking_number" as "label_tracking",
           o."courier" as "label_courier", coalesce(o."label_bought_at", o."updated_at") as "label_at", null::uuid as "label_batch_id"
      from ${t('orders')} o
      left join ${t('label_voids')} sv on sv."label_kind" = 'single' and sv."label_id" = o."id"
     where o."user_id" = s."user_id" and o."idempotency_key" = 'store-order:' || s."id"::text
    union all
    select i."id",
           case when i."status" = 'failed' or v."state" in (${VOIDED}) then 'cancelled' when i."status" = 'succeeded' then 'completed' else 'pending' end,
           i."tracking_number", coalesce(i."data"->>'courier', 'usps'), coalesce(i."label_bought_at", i."updated_at"), i."bulk_order_id"
      from ${t('bulk_items')} i
      left join ${t('label_voids')} v on v."label_kind" = 'bulk' and v."label_id" = i."id"
     where s."bulk_order_id" is not null and i."bulk_order_id" = s."bulk_order_id" and i."row_no" = s."bulk_row_no"
  ) labels
  order by ("label_status" <> 'cancelled') desc, "label_at" desc
  limit 1`;

/**
 * Of the seller's imported orders of an id list (bound: the user's id, then a uuid[] literal), those whose order number
 * is the order ID of a label bought in a batch (an uploaded file's row, as the upload guard reads it: labelled or
 * succeeded, neither voided nor refunded) that is not another imported order's batch row, with the newest such label's
 * date and tracking number: "already shipped" in the inbox (decision 113). Each order is one probe of
 * bulk_items_user_order_id_idx.
 */
export const shippedByNumberSql = (t: (name: string) => string): string =>
  `select s."id", l."shipped_at", l."tracking_number" from ${t('store_orders')} s
       cross join lateral (
         select coalesce(i."label_bought_at", i."updated_at") as "shipped_at", i."tracking_number"
           from ${t('bulk_items')} i
          where i."user_id" = s."user_id" and (i."data"->'package'->>'order_id') = s."order_number"
            and i."tracking_number" is not null and i."status" in ('labelled', 'succeeded')
            and not exists (select 1 from ${t('label_voids')} v where v."label_kind" = 'bulk' and v."label_id" = i."id" and v."state" in ('voided', 'refunded'))
            and not exists (select 1 from ${t('store_orders')} x where x."bulk_order_id" = i."bulk_order_id" and x."bulk_row_no" = i."row_no" and x."id" <> s."id")
          order by 1 desc limit 1
       ) l
       where s."user_id" = ?::uuid and s."id" = any(?::uuid[])`;
