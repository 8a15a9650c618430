// Subjects are public API between processes: do not change one without a migration plan (add a v2 instead).
import { z } from 'zod';
import { defineRpc } from '../define';
import { idSchema } from '../common/ids';
import {
  apiEventsAfterSchema,
  apiEventsFilterSchema,
  apiEventsPageSchema,
  apiShipmentSchema,
  SHIPMENTS_PAGE_MAX,
  shipmentsAfterSchema,
  shipmentsFilterSchema,
  shipmentsPageSchema,
} from './api-shipment.schema';

/** Single-label orders and webhook events as the public API v1 reads them (issue 48, decision 103). */
export const OrdersApiRpc = {
  /** One order in any state, pending included, with its reference and metadata (owner or admin; another's is not found). */
  shipment: defineRpc('orders.shipment.get.v1', z.object({ orderId: idSchema }), apiShipmentSchema, { who: 'signed-in', scope: 'labels:read' }),
  /** The caller's orders, newest first, after `after` (the previous page's `next`), filtered. */
  shipments: defineRpc(
    'orders.shipment.page.v1',
    shipmentsFilterSchema.extend({ after: shipmentsAfterSchema.optional(), limit: z.number().int().min(1).max(SHIPMENTS_PAGE_MAX) }),
    shipmentsPageSchema,
    { who: 'signed-in', scope: 'labels:read' },
  ),
  /**
   * The caller's webhook events of the last WEBHOOK_RETENTION_DAYS (all of them, whatever endpoints they had; decision
   * 111), newest first, each once with its sequence, after `after`: what an integrator reads to catch up on what they missed.
   */
  events: defineRpc(
    'orders.api-event.page.v1',
    apiEventsFilterSchema.extend({ after: apiEventsAfterSchema.optional(), limit: z.number().int().min(1).max(SHIPMENTS_PAGE_MAX) }),
    apiEventsPageSchema,
    { who: 'signed-in', scope: 'webhooks:manage' },
  ),
} as const;
