// Subjects are public API between processes: do not change one without a migration plan (add a v2 instead).
import { z } from 'zod';
import { defineRpc } from '../define';
import { idSchema } from '../common/ids';

/**
 * A customer's spending drawn over time (issue 49, decision 092). Days are UTC; a week starts on Monday (ISO), a month
 * on its 1st. A period is named by its first day, even when the range starts inside it (only the range's days count).
 */
export const REPORT_GROUPINGS = ['day', 'week', 'month'] as const;
export const reportGroupingSchema = z.enum(REPORT_GROUPINGS, { error: `groupBy must be one of: ${REPORT_GROUPINGS.join(', ')}` });
export type ReportGrouping = z.infer<typeof reportGroupingSchema>;

/** The longest range per grouping: a day chart of a year, a week or month chart of three years. */
export const REPORT_MAX_DAYS: Readonly<Record<ReportGrouping, number>> = { day: 366, week: 1_096, month: 1_096 };
/** Without `from`, a report covers this many days up to `to` (today by default). */
export const REPORT_DEFAULT_DAYS = 30;

const DAY_MS = 86_400_000;
const utcDaySchema = z.iso.date({ error: 'Dates are YYYY-MM-DD' });
const todayUtc = (): string => new Date().toISOString().slice(0, 10);
const daysBetween = (from: string, to: string): number => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
const dayBefore = (day: string, days: number): string => new Date(Date.parse(`${day}T00:00:00Z`) - days * DAY_MS).toISOString().slice(0, 10);

const reportRangeFields = z.object({ from: utcDaySchema.optional(), to: utcDaySchema.optional(), groupBy: reportGroupingSchema.default('day') });

/**
 * The range and grouping asked for, every field optional: `to` is today (UTC), `from` 30 days up to `to`, grouped by
 * day. Refused with a 400 saying why when the days are out of order or the range is longer than its grouping allows.
 */
const withRange = <T extends z.output<typeof reportRangeFields>>(schema: z.ZodType<T>) =>
  schema
    .transform((q) => {
      const to = q.to ?? todayUtc();
      return { ...q, from: q.from ?? dayBefore(to, REPORT_DEFAULT_DAYS - 1), to };
    })
    .refine((q) => q.from <= q.to, { error: 'The start date must not be after the end date', path: ['from'] })
    .refine((q) => daysBetween(q.from, q.to) <= REPORT_MAX_DAYS[q.groupBy], {
      error: `A report covers at most ${REPORT_MAX_DAYS.day} days by day, ${REPORT_MAX_DAYS.week} by week or month`,
      path: ['from'],
    });

/** GET /api/reports/{userId}: from, to (UTC days, inclusive) and groupBy. */
export const customerReportQuerySchema = withRange(reportRangeFields);
export type CustomerReportQuery = z.output<typeof customerReportQuerySchema>;

/** The report's tables, each downloadable as CSV: by period, by service, by courier. */
export const CUSTOMER_REPORT_TABLES = ['periods', 'services', 'carriers'] as const;
export type CustomerReportTable = (typeof CUSTOMER_REPORT_TABLES)[number];

/** GET /api/reports/{userId}/csv: the same range and grouping, and which table (by period unless said). */
export const customerReportCsvQuerySchema = withRange(
  reportRangeFields.extend({ table: z.enum(CUSTOMER_REPORT_TABLES, { error: `table must be one of: ${CUSTOMER_REPORT_TABLES.join(', ')}` }).default('periods') }),
);
export type CustomerReportCsvQuery = z.output<typeof customerReportCsvQuerySchema>;

const count = z.number().int().nonnegative();
const cents = z.number().int();

/**
 * What one group of labels (a period, a service, a courier, or all of them) came to. A label counts where and when it
 * was bought, whatever happened to it later:
 * - `labels`, `chargedCents`: every label bought, at the price charged;
 * - `refundedLabels`, `refundedCents`: of those, the ones whose money came back (voided at once, or refunded by the
 *   carrier); a void the carrier is still deciding about stays spent until it is refunded;
 * - `spentCents` = charged − refunded; `averageCents`: spent over the labels kept (bought − refunded), to the nearest
 *   cent, null when none was kept;
 * - `savedCents`: retail − price over the kept labels whose carrier gave a retail rate (`retailKnownLabels` of them;
 *   labels bought before retail rates were kept, or from a carrier without one, are left out, not guessed).
 */
export const reportFiguresSchema = z.object({
  labels: count,
  chargedCents: cents,
  refundedLabels: count,
  refundedCents: cents,
  spentCents: cents,
  averageCents: cents.nullable(),
  savedCents: cents,
  retailKnownLabels: count,
});
export type ReportFigures = z.infer<typeof reportFiguresSchema>;

export const customerReportSchema = z.object({
  userId: idSchema,
  from: utcDaySchema,
  to: utcDaySchema,
  groupBy: reportGroupingSchema,
  totals: reportFiguresSchema,
  /** Every period of the range in order, empty ones with zeros, named by their first day. */
  periods: z.array(reportFiguresSchema.extend({ period: utcDaySchema })),
  /** By shipping service, the most labels first. */
  services: z.array(reportFiguresSchema.extend({ service: z.string() })),
  /** By courier (`usps`, `ups`…), the most labels first. */
  carriers: z.array(reportFiguresSchema.extend({ carrier: z.string() })),
});
export type CustomerReport = z.infer<typeof customerReportSchema>;

export const CustomerReportRpc = {
  /** The user's own labels over the range (an admin may ask for anyone's). */
  report: defineRpc('orders.report.customer.v1', withRange(reportRangeFields.extend({ userId: idSchema })), customerReportSchema, {
    who: { selfOrAdmin: 'userId' },
    scope: 'labels:read',
  }),
} as const;
