import { z } from 'zod';
import { defineRpc } from '../define';

/**
 * What an admin must know about the carriers now: one that has no funds left at the upstream (batches pause, single
 * labels are refused uncharged) or that stopped answering. An alert clears itself once the carrier sells a label.
 */
export const carrierAlertSchema = z.object({
  carrier: z.enum(['sandbox', 'easypost', 'usps']),
  carrierName: z.string(),
  reason: z.enum(['upstream_funds', 'unavailable']),
  message: z.string(),
  /** When the trouble started, and when it was last seen (ISO 8601). */
  since: z.string(),
  lastSeen: z.string(),
});
export type CarrierAlert = z.infer<typeof carrierAlertSchema>;

export const carrierAlertsResponseSchema = z.object({ alerts: z.array(carrierAlertSchema) });
export type CarrierAlertsResponse = z.infer<typeof carrierAlertsResponseSchema>;

export const CarrierAlertsRpc = {
  list: defineRpc('orders.admin.carrier-alerts.v1', z.object({}), carrierAlertsResponseSchema),
} as const;
