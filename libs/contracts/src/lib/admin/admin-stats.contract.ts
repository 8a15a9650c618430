import { z } from 'zod';
import { defineRpc } from '../define';
import { labelMarginsSchema } from './label-costs.schema';

/** Days are UTC calendar days, `YYYY-MM-DD`; "today" is the current UTC day. */
const daySchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const statsRequestSchema = z.object({ days: z.number().int().min(1).max(366) });

export const ordersStatsSchema = z.object({
  /** Single orders placed plus bulk orders submitted. */
  orders: z.object({ total: z.number().int(), today: z.number().int() }),
  /** Labels bought: completed single orders plus succeeded bulk items. */
  labels: z.object({ total: z.number().int(), today: z.number().int() }),
  batches: z.object({ pending: z.number().int(), failed: z.number().int() }),
  labelsPerDay: z.array(z.object({ day: daySchema, count: z.number().int() })),
  /** Revenue, carrier cost and margin of the labels finished today and in the `days` asked for. */
  margins: labelMarginsSchema,
});
export type OrdersStats = z.infer<typeof ordersStatsSchema>;

export const paymentsStatsSchema = z.object({
  /** Labels charged minus labels refunded, in cents. */
  revenueCents: z.object({ total: z.number().int(), today: z.number().int() }),
  deposits: z.object({ totalCents: z.number().int(), todayCents: z.number().int(), count: z.number().int(), todayCount: z.number().int() }),
  revenuePerDay: z.array(z.object({ day: daySchema, cents: z.number().int() })),
});
export type PaymentsStats = z.infer<typeof paymentsStatsSchema>;

export const OrdersAdminRpc = {
  stats: defineRpc('orders.admin.stats.v1', statsRequestSchema, ordersStatsSchema, { who: 'admin' }),
} as const;

export const PaymentsAdminRpc = {
  stats: defineRpc('payments.admin.stats.v1', statsRequestSchema, paymentsStatsSchema, { who: 'admin' }),
} as const;

/** GET /api/admin/stats (beyond the spec, whose dashboard was sample data): the business at a glance. */
export const adminStatsSchema = z.object({
  users: z.object({ total: z.number().int(), today: z.number().int() }),
  orders: ordersStatsSchema.shape.orders,
  labels: ordersStatsSchema.shape.labels,
  revenueCents: paymentsStatsSchema.shape.revenueCents,
  deposits: paymentsStatsSchema.shape.deposits,
  batches: ordersStatsSchema.shape.batches,
  /** Labels finished today and in the last 30 days (UTC), single and batch. */
  margins: labelMarginsSchema,
  perDay: z.array(z.object({ day: daySchema, labels: z.number().int(), revenueCents: z.number().int() })),
});
export type AdminStats = z.infer<typeof adminStatsSchema>;
export const ADMIN_STATS_DAYS = 30;
