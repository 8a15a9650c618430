// bench:shipments' labels, written straight into the orders schema as a bought single label leaves it (one `orders`
// row: completed, priced, a tracking number, a PDF, `label_bought_at`; the tracking poller's `label_tracking` row; a
// voided one's `label_voids` row; a refused one cancelled with its reason), by `generate_series` in slices, so a
// million take a minute or two instead of a million purchases. What these routes never read is left out: the label
// files (every seeded label points at one shared PDF row), the carrier's purchase records, the webhook outbox and
// the payments ledger.
//
// Label i (1…count) of the account, deterministic so the benchmark knows what to ask for without reading it back:
//   created   spread evenly over the `days` before `endAt` (oldest first), a few seconds of jitter, so newest-first
//             is not the insertion order
//   status    every 50th cancelled (no label, "Address not found"), the rest completed; of those every 40th voided
//             and refunded (label_voids), the others tracked (delivered when older than a week, else in transit)
//   reference 7 in 10 have the integrator's own `ORD-<i>` (unique), with metadata; the rest none
//   tracking  `9405511800` + i in 12 digits (unique), only for completed labels
//   format    every 10th ZPL, else PDF

const pad = (i, width) => String(i).padStart(width, '0');

/**
 * A version-4 UUID made from the md5 of `text` (SQL): the product's ids are random v4 ones, and the contracts check
 * the version and variant digits (zod's uuid), so a bare md5 would be a reply they refuse.
 */
const uuidOf = (text) => {
  const h = `md5(${text})`;
  return `(substr(${h}, 1, 12) || '4' || substr(${h}, 14, 3) || substr('89ab', get_byte(decode(substr(${h}, 17, 2), 'hex'), 0) % 4 + 1, 1) || substr(${h}, 18, 15))::uuid`;
};

/** What the seed decides for label i: the benchmark's requests are built from these, never from a read-back. */
export const seededLabel = (i, { count, endAt, days }) => {
  const cancelled = i % 50 === 0;
  const createdMs = endAt.getTime() - ((count - i) / count) * days * 86_400_000 - (i % 7) * 1_000;
  return {
    i,
    createdAt: new Date(createdMs),
    status: cancelled ? 'cancelled' : 'completed',
    reference: i % 10 < 7 ? `ORD-${pad(i, 8)}` : null,
    trackingNumber: cancelled ? null : `9405511800${pad(i, 12)}`,
    voided: !cancelled && i % 40 === 1,
  };
};

/** The label numbers from..to (inclusive) as SQL: the orders rows, then their voids and tracking, in one statement each. */
export const seedSliceSql = ({ userId, fileId, count, endAt, days, from, to }) => {
  const user = `'${userId}'::uuid`;
  // The same arithmetic as seededLabel, in SQL (endAt as an exact instant, the spread in milliseconds).
  const created = `(timestamptz '${endAt.toISOString()}' - make_interval(secs => ((${count} - i)::float8 / ${count}) * ${days} * 86400) - make_interval(secs => i % 7))`;
  const series = `generate_series(${from}, ${to}) as i`;
  const orderId = uuidOf(`'bench-shipments:' || ${user}::text || ':' || i`);
  const tracking = `'9405511800' || lpad(i::text, 12, '0')`;
  return `
insert into orders."orders" ("id", "user_id", "idempotency_key", "request_hash", "status", "service_name", "service_uid", "courier",
  "sender", "receiver", "package", "price_cents", "attempt", "tracking_number", "pdf_file_id", "pdf_name", "failure_reason",
  "created_at", "updated_at", "carrier", "carrier_refs", "cost_cents", "label_format", "label_bought_at", "retail_cents", "reference", "metadata")
select ${orderId}, ${user}, 'bench-shipments-' || i, md5('request:' || i) || md5('hash:' || i),
       case when i % 50 = 0 then 'cancelled' else 'completed' end,
       'USPS Priority Mail', 'usps_priority', 'usps',
       jsonb_build_object('sender_name', 'Acme Widgets Fulfillment', 'sender_phone', null, 'sender_company', null, 'sender_address1', '1200 Industrial Parkway',
         'sender_address2', null, 'sender_city', 'Columbus', 'sender_state_province', 'OH', 'sender_zip_postal', '43215', 'sender_country', 'US'),
       jsonb_build_object('receiver_name', (array['Jane Doe', 'Carlos Ruiz', 'Maximilian Montgomery'])[i % 3 + 1] || ' ' || (i % 997), 'receiver_phone', null, 'receiver_company', null,
         'receiver_address1', (array['350 Fifth Avenue', '1600 Pennsylvania Ave NW', '12345 North Johnson Creek Blvd'])[i % 3 + 1], 'receiver_address2', null,
         'receiver_city', (array['New York', 'Washington', 'Rancho Santa Margarita'])[i % 3 + 1], 'receiver_state_province', (array['NY', 'DC', 'CA'])[i % 3 + 1],
         'receiver_zip_postal', (array['10118', '20500', '92688'])[i % 3 + 1], 'receiver_country', 'US'),
       jsonb_build_object('package_length', 12, 'package_width', 10, 'package_height', 4, 'package_weight', 1 + i % 30, 'package_weight_unit', 'LB',
         'package_description', 'Blue widget, large', 'package_reference1', '1', 'package_reference2', 'WID-' || lpad((i % 100000)::text, 5, '0')),
       800 + i % 50, 1,
       case when i % 50 = 0 then null else ${tracking} end,
       case when i % 50 = 0 then null else '${fileId}'::uuid end,
       case when i % 50 = 0 then null else 'label_' || ${tracking} || '.pdf' end,
       case when i % 50 = 0 then 'Address not found' end,
       ${created}, ${created} + interval '1 second', 'sandbox', jsonb_build_object('serial', i::text), 700 + i % 50,
       case when i % 10 = 3 then 'ZPL' else 'PDF' end,
       case when i % 50 = 0 then null else ${created} + interval '1 second' end,
       980 + i % 50,
       case when i % 10 < 7 then 'ORD-' || lpad(i::text, 8, '0') end,
       case when i % 10 < 7 then jsonb_build_object('channel', (array['web', 'shopify', 'phone'])[i % 3 + 1], 'batch', 'B' || (i / 1000)) end
  from ${series};
insert into orders."label_voids" ("id", "label_kind", "label_id", "order_id", "user_id", "carrier", "tracking_number", "carrier_refs", "purchased_at",
  "amount_cents", "charge_key", "state", "requested_by", "requested_at", "settled_at", "next_check_at", "checks", "updated_at")
select ${uuidOf(`'bench-shipments-void:' || i`)}, 'single', ${orderId}, ${orderId}, ${user}, 'sandbox', ${tracking}, jsonb_build_object('serial', i::text),
       ${created} + interval '1 second', 800 + i % 50, 'order:' || ${orderId}::text, 'refunded', 'customer',
       ${created} + interval '2 hours', ${created} + interval '3 hours', ${created} + interval '3 hours', 1, ${created} + interval '3 hours'
  from ${series} where i % 50 <> 0 and i % 40 = 1;
insert into orders."label_tracking" ("label_kind", "label_id", "tracking_number", "carrier", "status", "used", "events", "checked_at", "next_poll_at", "updated_at")
select 'single', ${orderId}, ${tracking}, 'sandbox', s.status, true,
       jsonb_build_array(jsonb_build_object('status', s.status, 'message', s.message, 'occurredAt', to_char(s.at at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'), 'location', 'COLUMBUS, OH')),
       s.at, now() + interval '30 days', s.at
  from ${series},
       lateral (select case when ${created} < now() - interval '7 days' then 'delivered' else 'in_transit' end as status,
                       case when ${created} < now() - interval '7 days' then 'Delivered' else 'In transit' end as message,
                       least(${created} + interval '2 days', now()) as at) s
 where i % 50 <> 0 and i % 40 <> 1;`;
};

/** The one PDF every seeded label points at (the orders row needs a file; the label routes are not measured). */
export const seedFileSql = (userId, fileId) => `
insert into orders."files" ("id", "owner_id", "name", "content_type", "size_bytes", "data")
values ('${fileId}', '${userId}', 'bench-shipments-${fileId}.pdf', 'application/pdf', 9, convert_to('%PDF-1.3\n', 'UTF8'))`;

/** Statistics as a long-lived database has them (autovacuum would have analysed tables this size long ago). */
export const ANALYZE_SQL = 'vacuum analyze orders."orders", orders."label_voids", orders."label_tracking"';
