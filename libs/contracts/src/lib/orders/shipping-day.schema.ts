import type { Courier } from './couriers.schema';
import { z } from 'zod';
import { idSchema } from '../common/ids';
import { labelSizeSchema } from './label-size.schema';

/** Packing slips with prices (`standard`) or without (`gift`). */
export const SLIP_VARIANTS = ['standard', 'gift'] as const;
export const slipVariantSchema = z.enum(SLIP_VARIANTS);
export type SlipVariant = z.infer<typeof slipVariantSchema>;

/**
 * Where a SCAN form stands for its seller: `created`, made and its file kept; `unconfirmed`, the carrier was asked
 * and may have made it, but never confirmed it readably. An unconfirmed form has no file; its labels stay on it (they
 * count as handed over, a void is a refund request) and must not go on another form, while an operator checks it.
 */
export const SCAN_FORM_STATES = ['created', 'unconfirmed'] as const;
export type ScanFormSummaryState = (typeof SCAN_FORM_STATES)[number];

/** What the seller reads of an unconfirmed form, `carrier` being the carrier's name (`USPS`, or `the carrier`). */
export const unconfirmedFormText = (carrier: string): string =>
  `${carrier.charAt(0).toUpperCase()}${carrier.slice(1)} has not confirmed this SCAN form; an operator is checking it. Do not hand these labels over on another form.`;

/** SCAN forms are USPS's (PS Form 5630), whichever label carrier made one: only USPS labels go on them. */
export const SCAN_FORM_COURIER: Courier = 'usps';

/** One SCAN form (USPS PS Form 5630) as a customer sees it. */
export const scanFormSummarySchema = z.object({
  id: z.string(),
  carrier: z.string(),
  state: z.enum(SCAN_FORM_STATES),
  /** `YYYY-MM-DD`. */
  mailingDate: z.string(),
  /** The form's own barcode number; empty when an unconfirmed form's carrier named none. */
  barcode: z.string(),
  sender: z.object({ name: z.string(), street1: z.string(), city: z.string(), state: z.string(), zip: z.string() }),
  count: z.number().int().positive(),
  trackingNumbers: z.array(z.string()),
  /** `GET /api/orders/download/scan-form/{id}`; null for an unconfirmed form, which has no file. */
  downloadPath: z.string().nullable(),
});
export type ScanFormSummary = z.infer<typeof scanFormSummarySchema>;

/**
 * POST /api/orders/scan-forms/today/{userId}: today's forms of the customer's single labels, one per sender, made
 * and unconfirmed alike (each says which); at least one of them is made, or the answer is a 422.
 */
export const todayScanFormsResponseSchema = z.object({ forms: z.array(scanFormSummarySchema) });
export type TodayScanFormsResponse = z.infer<typeof todayScanFormsResponseSchema>;

/**
 * Why one of today's labels may or may not go on a new SCAN form: `on_unconfirmed_form` is on a form its carrier
 * may have made without confirming it (see SCAN_FORM_STATES), kept off any other form.
 */
export const TODAY_LABEL_STATES = ['available', 'voided', 'on_form', 'on_unconfirmed_form'] as const;
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
export const todayFormLabelsResponseSchema = z.object({
  mailingDate: z.string(),
  labels: z.array(todayFormLabelSchema),
  /** Today's labels of other couriers, which no SCAN form takes, said in words (issue 45); absent when there are none. */
  noFormNeeded: z.string().optional(),
});
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

/**
 * The header of a download that says what the seller must know beside the file (percent-encoded): a batch's SCAN
 * form file holds the forms made, and this names those its carrier has not confirmed.
 */
export const DOWNLOAD_NOTICE_HEADER = 'x-download-notice';

/** `GET /api/orders/download/{kind}/{id}` query: `variant` is read for packing slips only. */
/** `size` (a PDF label's kinds only): this download on 4×6 or on Letter, whatever the user's preference (decision 096). */
export const downloadQuerySchema = z.object({ variant: slipVariantSchema.optional(), size: labelSizeSchema.optional() });
export type DownloadQuery = z.infer<typeof downloadQuerySchema>;
