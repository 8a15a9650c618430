import { z } from 'zod';
import { idSchema } from '../common/ids';

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

/** Why one of today's labels may or may not go on a new SCAN form. */
export const TODAY_LABEL_STATES = ['available', 'voided', 'on_form'] as const;
export type TodayLabelState = (typeof TODAY_LABEL_STATES)[number];

/** One of today's single labels, as the "SCAN form for today" dialog lists it. */
export const todayFormLabelSchema = z.object({
  orderId: z.string(),
  trackingNumber: z.string(),
  carrier: z.string(),
  receiverName: z.string(),
  sender: scanFormSummarySchema.shape.sender,
  purchasedAt: z.string(),
  state: z.enum(TODAY_LABEL_STATES),
});
export type TodayFormLabel = z.infer<typeof todayFormLabelSchema>;

/** GET /api/orders/scan-forms/today/{userId}: today's single labels (USPS's Central day), oldest first. */
export const todayFormLabelsResponseSchema = z.object({ mailingDate: z.string(), labels: z.array(todayFormLabelSchema) });
export type TodayFormLabelsResponse = z.infer<typeof todayFormLabelsResponseSchema>;

/** The most labels one request may choose: a day's forms hold 200 each, and a choice is made by hand. */
export const MAX_CHOSEN_FORM_LABELS = 1_000;

const chosenOrderIdsSchema = z
  .array(idSchema, { error: 'orderIds must be a list of order ids' })
  .min(1, { error: 'Choose at least one label for the SCAN form' })
  .max(MAX_CHOSEN_FORM_LABELS, { error: `Choose at most ${MAX_CHOSEN_FORM_LABELS} labels for one request` })
  .transform((ids) => [...new Set(ids)]);

/** The labels chosen among today's, by order id. */
export const chosenScanFormsBodySchema = z.object({ orderIds: chosenOrderIdsSchema });
export type ChosenScanFormsBody = z.output<typeof chosenScanFormsBodySchema>;

/**
 * POST /api/orders/scan-forms/today/{userId}: with `orderIds`, SCAN forms for those of today's labels; without, for
 * all of today's labels on no form yet (an empty body, as before).
 */
export const todayScanFormsBodySchema = z.object({ orderIds: chosenOrderIdsSchema.optional() });

/** `GET /api/orders/download/{kind}/{id}` query: `variant` is read for packing slips only. */
export const downloadQuerySchema = z.object({ variant: slipVariantSchema.optional() });
export type DownloadQuery = z.infer<typeof downloadQuerySchema>;
