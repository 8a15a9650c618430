import { z } from 'zod';
import { defineRpc } from '../define';
import { labelCarrierSchema } from '../orders/label-carrier.schema';

/**
 * Why an admin is alerted about a carrier:
 * - `upstream_funds`: no funds left at the upstream (batches pause, single labels are refused uncharged);
 * - `unavailable`: it stopped answering (its circuit opened);
 * - `unreadable_answer`: it answered a purchase or a SCAN form in a way we could not read (or not at all once the
 *   form was asked), so a label may have been sold or a form made that we hold no record of; nothing is bought or
 *   made again for them, and the admin checks the carrier's account.
 * - `price_below_cost`: a customer's price for a service was under what the carrier charges for a parcel, so the
 *   service was not offered for it (issue 45): the admin raises that price list.
 * The first two clear themselves once the carrier sells a label; an unreadable answer and a price below cost are not
 * undone by a sale and end UNREADABLE_ANSWER_ALERT_DAYS after they were last seen.
 */
export const CARRIER_ALERT_REASONS = ['upstream_funds', 'unavailable', 'unreadable_answer', 'price_below_cost'] as const;
export type CarrierAlertReason = (typeof CARRIER_ALERT_REASONS)[number];

/**
 * How long an unreadable-answer alert stands after it was last seen (there is no dismiss): a week spans a weekend and
 * a holiday for an admin who looks on working days, and still leaves most of the void window (28 days by default) to
 * void a label that turns out to have been sold twice.
 */
export const UNREADABLE_ANSWER_ALERT_DAYS = 7;

/** What an admin must know about the carriers now. */
export const carrierAlertSchema = z.object({
  carrier: labelCarrierSchema,
  carrierName: z.string(),
  reason: z.enum(CARRIER_ALERT_REASONS),
  message: z.string(),
  /** When the trouble started, and when it was last seen (ISO 8601). */
  since: z.string(),
  lastSeen: z.string(),
});
export type CarrierAlert = z.infer<typeof carrierAlertSchema>;

export const carrierAlertsResponseSchema = z.object({ alerts: z.array(carrierAlertSchema) });
export type CarrierAlertsResponse = z.infer<typeof carrierAlertsResponseSchema>;

export const CarrierAlertsRpc = {
  list: defineRpc('orders.admin.carrier-alerts.v1', z.object({}), carrierAlertsResponseSchema, { who: 'admin' }),
} as const;
