/**
 * The newest label of each order ID asked for (bound as a JSON array of text, then the user's id, then a mode) that the
 * user bought in a batch of that mode and that was neither voided nor refunded: a test batch's label never marks an
 * order shipped for a live batch, nor a live one for a test batch (decision 127). A label still being charged (`labelled`) counts: the
 * carrier sold it. One statement for a whole slice of IDs: each ID is one probe of bulk_items_user_order_id_idx
 * (migration 016), and the void check one probe of label_voids' unique key.
 *
 * Single labels carry no order ID, so only batches' labels can match.
 */
export const shippedOrdersSql = (t: (name: string) => string): string => `
  select k."order_id", l."shipped_at", l."tracking_number"
  from (select distinct jsonb_array_elements_text(?::jsonb) as "order_id") k
  cross join lateral (
    select coalesce(i."label_bought_at", i."updated_at") as "shipped_at", i."tracking_number"
    from ${t('bulk_items')} i join ${t('bulk_orders')} b on b."id" = i."bulk_order_id"
    where i."user_id" = ?::uuid and (i."data"->'package'->>'order_id') = k."order_id" and b."mode" = ?
      and i."tracking_number" is not null and i."status" in ('labelled', 'succeeded')
      and not exists (
        select 1 from ${t('label_voids')} v
        where v."label_kind" = 'bulk' and v."label_id" = i."id" and v."state" in ('voided', 'refunded')
      )
    order by coalesce(i."label_bought_at", i."updated_at") desc
    limit 1
  ) l`;
