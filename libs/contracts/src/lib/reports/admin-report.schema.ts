// Subjects are public API between processes: do not change one without a migration plan (add a v2 instead).
import { z } from 'zod';
import { defineRpc } from '../define';
import { idSchema } from '../common/ids';

/** The longest span one admin report covers, in UTC days (a year, a leap day included). */
export const ADMIN_REPORT_DAYS_MAX = 366;
/** The span an admin report covers when none is asked for: the last 30 UTC days, today included. */
export const ADMIN_REPORT_DEFAULT_DAYS = 30;
/** How many top customers a report names unless asked otherwise, and the most it names. */
export const ADMIN_REPORT_TOP_DEFAULT = 10;
export const ADMIN_REPORT_TOP_MAX = 100;

const DAY_MS = 86_400_000;
const utcDaySchema = z.iso.date({ error: 'Dates are YYYY-MM-DD' });
const dayNumber = (day: string): number => Date.parse(`${day}T00:00:00Z`) / DAY_MS;
const dayOf = (time: number): string => new Date(time).toISOString().slice(0, 10);

/** How many UTC days `from` to `to` cover, both included. */
export const utcDaysBetween = (from: string, to: string): number => dayNumber(to) - dayNumber(from) + 1;

const topBounds = (top: z.ZodNumber) =>
  top.int({ error: 'top must be a whole number' }).min(1, { error: 'top must be at least 1' }).max(ADMIN_REPORT_TOP_MAX, { error: `top must be at most ${ADMIN_REPORT_TOP_MAX}` });

/** A span of UTC days, both included, in order and at most a year long. */
const spanChecked = <T extends z.ZodType<{ from: string; to: string }>>(schema: T) =>
  schema
    .refine((q) => q.from <= q.to, { error: 'The start date must not be after the end date', path: ['from'] })
    .refine((q) => utcDaysBetween(q.from, q.to) <= ADMIN_REPORT_DAYS_MAX, { error: `A report covers at most ${ADMIN_REPORT_DAYS_MAX} days`, path: ['from'] });

const requestFields = z.object({ from: utcDaySchema, to: utcDaySchema, top: topBounds(z.number()) });
/** What orders is asked: a span of UTC days (both included, at most a year) and how many top customers to name. */
export const adminReportRequestSchema = spanChecked(requestFields);
export type AdminReportRequest = z.output<typeof adminReportRequestSchema>;

/**
 * The span a report covers when its ends are left out: up to `to` (today by default), from 29 days before it (30 days
 * in all) unless `from` is given.
 */
export const adminReportSpan = (asked: { from?: string | undefined; to?: string | undefined }, now: Date): { from: string; to: string } => {
  const to = asked.to ?? dayOf(now.getTime());
  return { from: asked.from ?? dayOf(Date.parse(`${to}T00:00:00Z`) - (ADMIN_REPORT_DEFAULT_DAYS - 1) * DAY_MS), to };
};

/** The table a CSV export holds: one row per day, per carrier, or per top customer. */
export const ADMIN_REPORT_TABLES = ['days', 'carriers', 'customers'] as const;
export const adminReportTableSchema = z.enum(ADMIN_REPORT_TABLES, { error: `table must be one of: ${ADMIN_REPORT_TABLES.join(', ')}` });
export type AdminReportTable = z.infer<typeof adminReportTableSchema>;

const queryFields = z.object({
  from: utcDaySchema.optional(),
  to: utcDaySchema.optional(),
  top: topBounds(z.coerce.number({ error: 'top must be a number' })).default(ADMIN_REPORT_TOP_DEFAULT),
});
/** GET /api/admin/reports: `from` and `to` UTC days (both optional: the last 30 days), `top` customers (10). */
export const adminReportQuerySchema = queryFields.transform((q) => ({ ...q, ...adminReportSpan(q, new Date()) })).pipe(adminReportRequestSchema);
/** GET /api/admin/reports/csv: the same span and the table to export. */
export const adminReportCsvQuerySchema = queryFields
  .extend({ table: adminReportTableSchema })
  .transform((q) => ({ ...q, ...adminReportSpan(q, new Date()) }))
  .pipe(spanChecked(requestFields.extend({ table: adminReportTableSchema })));
export type AdminReportCsvQuery = z.output<typeof adminReportCsvQuerySchema>;

const cents = z.number().int();
const count = z.number().int().min(0);

/**
 * The figures of a group of labels: those bought in the span (single orders completed, batch labels bought), on the
 * UTC day of their purchase. A label whose void gave the customer the money back (voided, refunded) is neither revenue
 * nor cost and is counted in `givenBack`; one whose refund is pending or was rejected is revenue (decision 045:
 * pending money is not money). The carrier cost is known for labels bought since carriers were recorded: the margin
 * is the revenue of the labels with a known cost minus that cost, and the others are counted in `withoutCost`, never
 * taken as free.
 */
export const adminReportFiguresSchema = z.object({
  /** Labels kept (bought and not given back). */
  labels: count,
  /** What the customers paid for them, in cents. */
  revenueCents: cents,
  /** What the carriers charged for those of them with a recorded cost. */
  costCents: cents,
  /** Revenue of the labels with a recorded cost minus their cost (negative when sold at a loss). */
  marginCents: cents,
  withoutCost: z.object({ labels: count, revenueCents: cents }),
  /** Labels bought in the span and given back since, and the money returned for them. */
  givenBack: z.object({ labels: count, cents }),
});
export type AdminReportFigures = z.infer<typeof adminReportFiguresSchema>;

/** The carrier of labels bought before each label's carrier was recorded (migration 006): shown as not recorded. */
export const UNRECORDED_LABEL_CARRIER = 'unrecorded';

/** The carrier that sold the labels (sandbox, easypost, usps, or unrecorded) and the courier that carries them (usps, ups…). */
const carrierGroup = { carrier: z.string().min(1), courier: z.string().min(1) };

/** What orders answers: the figures by day (every day of the span), by carrier (most revenue first), top customers by revenue. */
export const adminReportFiguresAnswerSchema = z.object({
  from: utcDaySchema,
  to: utcDaySchema,
  totals: adminReportFiguresSchema,
  byDay: z.array(adminReportFiguresSchema.extend({ day: utcDaySchema })),
  byCarrier: z.array(adminReportFiguresSchema.extend(carrierGroup)),
  topCustomers: z.array(adminReportFiguresSchema.extend({ userId: idSchema })),
});
export type AdminReportFiguresAnswer = z.infer<typeof adminReportFiguresAnswerSchema>;

/** GET /api/admin/reports: the same, each top customer named (a deleted account has no name or e-mail any more). */
export const adminReportSchema = adminReportFiguresAnswerSchema.extend({
  topCustomers: z.array(adminReportFiguresSchema.extend({ userId: idSchema, name: z.string().nullable(), email: z.string().nullable() })),
});
export type AdminReport = z.infer<typeof adminReportSchema>;

export const AdminReportRpc = {
  /** Revenue, carrier cost and margin of every customer's labels in a span: admins only. */
  figures: defineRpc('orders.admin.report.v1', adminReportRequestSchema, adminReportFiguresAnswerSchema, { who: 'admin' }),
} as const;
