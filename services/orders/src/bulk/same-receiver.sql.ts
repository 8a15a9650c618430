/** A label's items as the check compares them: its SKU, or its description when it has no SKU, lower-cased and trimmed. */
const items = (sku: string, description: string) => `lower(trim(coalesce(nullif(trim(${sku}), ''), ${description}, '')))`;

/**
 * The user's newest label bought in the last `?` hours, single or in a batch, to a receiver of this name, street
 * and ZIP (any case; the ZIP's first five digits) with these items, unless it was voided or refunded. Values, in
 * order: hours, the user id twice, receiver name, street, ZIP, items.
 *
 * Each part reads only the user's labels of those hours: single orders by orders_user_created_idx, a batch's by
 * the user's labels with a tracking number (bulk_items_user_order_id_idx leads with the user).
 */
export const sameReceiverLabelSql = (t: (name: string) => string): string => `
  with "since" as (select now() - make_interval(hours => ?::int) as "at"),
  "recent" as (
    select 'single'::text as "kind", o."id" as "label_id", coalesce(o."label_bought_at", o."updated_at") as "purchased_at", o."tracking_number",
           o."receiver" as "receiver", ${items(`o."package"->>'package_reference2'`, `o."package"->>'package_description'`)} as "items"
    from ${t('orders')} o, "since"
    where o."user_id" = ?::uuid and o."created_at" > "since"."at" and o."status" = 'completed' and o."tracking_number" is not null
    union all
    select 'bulk', i."id", coalesce(i."label_bought_at", i."updated_at"), i."tracking_number",
           i."data"->'receiver', ${items(`coalesce(nullif(trim(i."data"->'package'->>'sku_number'), ''), i."data"->'package'->>'package_reference2')`, `i."data"->'package'->>'package_description'`)}
    from ${t('bulk_items')} i, "since"
    where i."user_id" = ?::uuid and i."tracking_number" is not null and i."status" in ('labelled', 'succeeded') and i."updated_at" > "since"."at"
  )
  select r."purchased_at", r."tracking_number"
  from "recent" r, "since"
  where r."purchased_at" > "since"."at"
    and lower(trim(r."receiver"->>'receiver_name')) = lower(trim(?::text))
    and lower(trim(r."receiver"->>'receiver_address1')) = lower(trim(?::text))
    and left(trim(r."receiver"->>'receiver_zip_postal'), 5) = left(trim(?::text), 5)
    and r."items" = lower(trim(?::text))
    and not exists (
      select 1 from ${t('label_voids')} v where v."label_kind" = r."kind" and v."label_id" = r."label_id" and v."state" in ('voided', 'refunded')
    )
  order by r."purchased_at" desc
  limit 1`;
