import { UNRECORDED_LABEL_CARRIER } from '@labeldesk/contracts';

/**
 * The labels the admin's figures sum (the reports and the dashboard's margins card), as SQL: every live label bought in the span (a single order completed, a batch label
 * bought: the rows of the `labels` view, with their cost; a test-mode label, single or a test batch's, is play money and
 * counts nowhere, decision 127), on the instant of its purchase, each marked whether its void
 * gave the money back. `t` names a table in the service's schema; the two parameters are the span's first UTC day and
 * the day after its last, taken once per table. A label bought before its carrier was recorded is grouped as unrecorded.
 *
 * A label's last change comes at or after its purchase, so `updated_at` bounds the scan from below through the
 * finished-label indexes (migration 007) before the purchase time is read.
 */
export const reportLabelsSql = (t: (name: string) => string): string => `
  bought as (
    select 'single'::text as "kind", o."id", o."user_id", coalesce(o."carrier", '${UNRECORDED_LABEL_CARRIER}') as "carrier", coalesce(o."courier", 'usps') as "courier",
           coalesce(o."label_bought_at", o."updated_at") as "at", coalesce(o."price_cents", 0) as "price", o."cost_cents" as "cost"
      from ${t('orders')} o
     where o."status" = 'completed' and o."tracking_number" is not null and o."mode" = 'live'
       and o."updated_at" >= (?::date at time zone 'utc') and coalesce(o."label_bought_at", o."updated_at") < (?::date at time zone 'utc')
    union all
    select 'bulk', i."id", i."user_id", coalesce(i."carrier", '${UNRECORDED_LABEL_CARRIER}'), coalesce(i."data"->>'courier', 'usps'),
           coalesce(i."label_bought_at", i."updated_at"), i."price_cents", i."cost_cents"
      from ${t('bulk_items')} i join ${t('bulk_orders')} bo on bo."id" = i."bulk_order_id" and bo."mode" = 'live'
     where i."status" = 'succeeded' and i."tracking_number" is not null
       and i."updated_at" >= (?::date at time zone 'utc') and coalesce(i."label_bought_at", i."updated_at") < (?::date at time zone 'utc')
  ),
  report_labels as (
    select b.*, coalesce(v."state" in ('voided', 'refunded'), false) as "given_back"
      from bought b left join ${t('label_voids')} v on v."label_kind" = b."kind" and v."label_id" = b."id"
     where b."at" >= (?::date at time zone 'utc')
  )`;

/** The parameters of reportLabelsSql for a span of UTC days, both included. */
export const reportLabelsParams = (from: string, to: string): string[] => {
  const dayAfter = new Date(Date.parse(`${to}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  return [from, dayAfter, from, dayAfter, from];
};

/** The sums of one group of report_labels, named as AdminReportRow's fields. */
export const REPORT_SUMS = `
  count(*) filter (where not "given_back") as "labels",
  coalesce(sum("price") filter (where not "given_back"), 0) as "revenue",
  coalesce(sum("cost") filter (where not "given_back"), 0) as "cost",
  coalesce(sum("price") filter (where not "given_back" and "cost" is not null), 0) as "known_revenue",
  count(*) filter (where not "given_back" and "cost" is null) as "unknown_labels",
  coalesce(sum("price") filter (where not "given_back" and "cost" is null), 0) as "unknown_revenue",
  count(*) filter (where "given_back") as "given_back_labels",
  coalesce(sum("price") filter (where "given_back"), 0) as "given_back_cents"`;
