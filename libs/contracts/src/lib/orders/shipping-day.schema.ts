import { z } from 'zod';

/** Packing slips with prices (`standard`) or without (`gift`). */
export const SLIP_VARIANTS = ['standard', 'gift'] as const;
export const slipVariantSchema = z.enum(SLIP_VARIANTS);
export type SlipVariant = z.infer<typeof slipVariantSchema>;

/** One SCAN form (USPS PS Form 5630) as a customer sees it. */
export const scanFormSummarySchema = z.object({
  id: z.string(),
  carrier: z.string(),
  /** `YYYY-MM-DD`. */
  mailingDate: z.string(),
  /** The form's own barcode number. */
  barcode: z.string(),
  sender: z.object({ name: z.string(), street1: z.string(), city: z.string(), state: z.string(), zip: z.string() }),
  count: z.number().int().positive(),
  trackingNumbers: z.array(z.string()),
  /** `GET /api/orders/download/scan-form/{id}`. */
  downloadPath: z.string(),
});
export type ScanFormSummary = z.infer<typeof scanFormSummarySchema>;

/** POST /api/orders/scan-forms/today/{userId}: today's forms of the customer's single labels, one per sender. */
export const todayScanFormsResponseSchema = z.object({ forms: z.array(scanFormSummarySchema) });
export type TodayScanFormsResponse = z.infer<typeof todayScanFormsResponseSchema>;

/** `GET /api/orders/download/{kind}/{id}` query: `variant` is read for packing slips only. */
export const downloadQuerySchema = z.object({ variant: slipVariantSchema.optional() });
export type DownloadQuery = z.infer<typeof downloadQuerySchema>;
