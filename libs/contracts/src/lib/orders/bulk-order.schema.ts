import { z } from 'zod';
import { apiModeSchema } from '../caller';
import { oneLine, optionalField } from '../common/fields';
import { courierField, packageSchema, receiverSchema, senderSchema } from './single-order.schema';
import { shippedRowSchema } from './already-shipped.schema';
import { rateRuleSchema } from './bulk-rate-rule.schema';
import { BULK_ROW_MAX_ITEMS, bulkQuantityField, bulkRowItemsField } from './bulk-order-items.schema';
import { customsSchema } from './customs.schema';
import { insuranceSchema } from './extra-services.schema';
import { orderModeSchema } from './order.schema';

export * from './already-shipped.schema';
export * from './bulk-order-customs';
export * from './bulk-row-customs-columns';
export * from './bulk-order-items.schema';
export * from './bulk-rate-rule.schema';

/**
 * Limits of one bulk order, stated in the UI (GET /api/orders/bulk/limits) and enforced by the gateway and the orders
 * service. BULK_MAX_ROWS is the default and the most one `bulk/process` body holds; a deployment may raise the
 * limit to BULK_ROWS_CEILING with orders' BULK_MAX_ROWS setting (decision 055), and larger batches go up in slices.
 */
export const BULK_MAX_ROWS = 10_000;
export const BULK_MAX_FILE_BYTES = 10 * 1024 * 1024;
/** The most rows any setting allows. */
export const BULK_ROWS_CEILING = 100_000;

/** The largest file the page reads for a row limit: 10 MB for 10,000 rows, and as much again per 10,000 rows more. */
export const bulkMaxFileBytes = (maxRows: number): number => Math.max(BULK_MAX_FILE_BYTES, Math.ceil(maxRows / BULK_MAX_ROWS) * BULK_MAX_FILE_BYTES);

/** `GET /api/orders/bulk/limits`: the rows a batch may hold and the largest file the page reads. */
export const bulkLimitsSchema = z.object({ maxRows: z.number().int().min(1), maxFileBytes: z.number().int().min(1) });
export type BulkLimits = z.infer<typeof bulkLimitsSchema>;

/** The refusal of a batch over the limit, in the gateway, the orders service and the page alike. */
export const tooManyBulkRowsMessage = (maxRows: number): string => `A bulk order holds at most ${maxRows.toLocaleString('en-US')} rows`;
/** Rows per message between the gateway and orders: 250 rows at every field's maximum stay under NATS's 1 MB. */
export const BULK_STAGE_ROWS = 250;
/**
 * Rows per request of an upload in slices (`POST /api/orders/bulk/rows/{userId}`): about 1.4 MB of JSON for typical
 * rows, up to 8 MB with every field at its maximum. A batch sent in slices never has to be one body in memory.
 */
export const BULK_UPLOAD_SLICE_ROWS = 2_000;
/** Spec 9: a .txt row's quantity is split into rows of at most the SKU's maxQty (default 4). */
export const DEFAULT_SKU_MAX_QTY = 4;

/** Spec 4 "Batch order statuses"; `draft` is an initialised order nothing was submitted for (never listed). */
export const BULK_STATUSES = [
  'draft',
  'processing',
  'generating_files',
  'completed',
  'completed_with_errors',
  'failed',
  'retrying_failed',
  'processing_error',
  'retry_processing_error',
  'recovery_failed',
] as const;
export const bulkStatusSchema = z.enum(BULK_STATUSES);
export type BulkStatus = z.infer<typeof bulkStatusSchema>;

/** Statuses after which nothing more happens on its own (the widget may close, the list shows files). */
export const FINAL_BULK_STATUSES: readonly BulkStatus[] = ['completed', 'completed_with_errors', 'failed', 'processing_error', 'retry_processing_error', 'recovery_failed'];

/** `zpl`: one .zpl file of the batch's labels for thermal printers, instead of the merged PDF (docs/decisions/047). */
export const LABEL_FORMATS = ['4x6', 'letter_2up', 'zpl'] as const;
export const labelFormatSchema = z.enum(LABEL_FORMATS);
export type LabelFormat = z.infer<typeof labelFormatSchema>;

/** Spec 7 `orderData[].package`: the single order's package plus the Amazon keys and the quantity it ships. */
export const bulkPackageSchema = packageSchema.extend({
  order_id: optionalField('Order ID', 100),
  order_item_id: optionalField('Order item ID', 100),
  sku_number: optionalField('SKU', 64),
  quantity: bulkQuantityField(),
  /** The order's items when the row ships several (a Shopify order's item lines, decision 091); the slip lists them. */
  items: bulkRowItemsField,
});

/** Spec 7 `POST /api/orders/bulk/process/{userId}` `orderData[]`. */
export const bulkOrderItemSchema = z.object({
  courier: courierField,
  service_name: z.preprocess(
    (v) => (typeof v === 'string' ? oneLine(v) : v),
    z.string({ error: 'Service name must be selected from the dropdown' }).min(1, { error: 'Service name must be selected from the dropdown' }).max(80),
  ),
  manifested: z.boolean().default(false),
  /** The row's order ID already has a label and the seller buys another on purpose (issue 47); otherwise such a row is left out. */
  buy_another: z.boolean({ error: 'buy_another must be true or false' }).optional(),
  sender: senderSchema,
  receiver: receiverSchema,
  package: bulkPackageSchema,
  /**
   * The row's customs declaration (issue 46): required abroad, filled from its SKUs by the page (customsFromSkus) or
   * sent by an API client. Only its shape is checked here; its rules for the receiver (an HS number to the EU, an ITN
   * over $2,500) refuse the one row, not the batch (bulkRowCustomsRefusal, decision 100).
   */
  customs: z.preprocess(
    (value) => (value === null ? undefined : value),
    customsSchema
      .optional()
      .refine((customs) => !customs || customs.items.length <= BULK_ROW_MAX_ITEMS, { error: `A bulk row declares at most ${BULK_ROW_MAX_ITEMS} customs items`, path: ['items'] }),
  ),
  /**
   * The row's declared value to insure (decision 122), as a single order's (decision 102): filled by the page from its
   * column or its SKUs' declared values. A service that cannot be insured refuses the one row, not the batch.
   */
  insurance: z.preprocess((value) => (value === null ? undefined : value), insuranceSchema.optional()),
});
export type BulkOrderItemInput = z.input<typeof bulkOrderItemSchema>;
export type BulkOrderItem = z.output<typeof bulkOrderItemSchema>;

export const bulkOptionsSchema = z.object({
  /** One 4x6 label per page (thermal printers), two per 8.5x11 page (desk printers), or ZPL (thermal printers, raw). */
  labelFormat: labelFormatSchema.default('4x6'),
  /** Order the merged PDF by SKU, so a picker walks the shelf once. */
  sortBySku: z.boolean().default(false),
  /**
   * How the rows choose their service (decision 086); absent: each row's own service. A row whose service column says
   * "Cheapest" or "Cheapest within N days" follows that rule whatever the batch's.
   */
  rateRule: rateRuleSchema.optional(),
});
export type BulkOptions = z.output<typeof bulkOptionsSchema>;

/** The draft's id from `bulk/init`, in each body that submits rows. */
const bulkOrderIdField = z.string({ error: 'orderId is required' }).uuid({ error: 'orderId is not valid' });
/** A body's options, the defaults when it names none. */
const bulkOptionsField = bulkOptionsSchema.default({ labelFormat: '4x6', sortBySku: false });

export const bulkProcessBodySchema = z.object({
  orderId: bulkOrderIdField,
  orderData: z
    .array(bulkOrderItemSchema)
    .min(1, { error: 'No rows to process' })
    .max(BULK_MAX_ROWS, { error: tooManyBulkRowsMessage(BULK_MAX_ROWS) }),
  options: bulkOptionsField,
});
export type BulkProcessBody = z.output<typeof bulkProcessBodySchema>;

const tooManyRows = tooManyBulkRowsMessage(BULK_ROWS_CEILING);

/** `POST /api/orders/bulk/rows/{userId}`: one slice of a batch's rows, from row `firstRow` (0-based) on. */
export const bulkRowsBodySchema = z
  .object({
    orderId: bulkOrderIdField,
    firstRow: z.number({ error: 'firstRow must be a whole number' }).int({ error: 'firstRow must be a whole number' }).min(0, { error: 'firstRow must be 0 or more' }),
    orderData: z
      .array(bulkOrderItemSchema)
      .min(1, { error: 'No rows to upload' })
      .max(BULK_UPLOAD_SLICE_ROWS, { error: `A slice holds at most ${BULK_UPLOAD_SLICE_ROWS.toLocaleString('en-US')} rows` }),
  })
  .refine((body) => body.firstRow + body.orderData.length <= BULK_ROWS_CEILING, { error: tooManyRows, path: ['firstRow'] });
export type BulkRowsBody = z.output<typeof bulkRowsBodySchema>;

export const bulkRowsResponseSchema = z.object({
  /** Rows of this slice now held for the batch (0 when the batch was already submitted). */
  staged: z.number().int(),
  /** Rows of this slice whose order ID already has a label (absent when none): left out at submit unless they say `buy_another`. */
  alreadyShipped: z.array(shippedRowSchema).optional(),
});
export type BulkRowsResponse = z.infer<typeof bulkRowsResponseSchema>;

/** `POST /api/orders/bulk/submit/{userId}`: submits the rows uploaded in slices, rows 0 … rowCount - 1. */
export const bulkSubmitBodySchema = z.object({
  orderId: bulkOrderIdField,
  rowCount: z.number({ error: 'rowCount must be a whole number' }).int({ error: 'rowCount must be a whole number' }).min(1, { error: 'No rows to process' }).max(BULK_ROWS_CEILING, { error: tooManyRows }),
  options: bulkOptionsField,
});
export type BulkSubmitBody = z.output<typeof bulkSubmitBodySchema>;

export const bulkFileDataSchema = z.object({
  pdfName: z.string().optional(),
  resultCSVName: z.string().optional(),
  autoConfirmCSVName: z.string().optional(),
  /** The batch's labels as one .zpl file (labelFormat `zpl`), instead of pdfName. */
  zplName: z.string().optional(),
});
export type BulkFileData = z.infer<typeof bulkFileDataSchema>;

/** The files part of a progress event or a reply: only the names that exist. */
export const bulkFileData = (names: { pdfName: string | null; resultCSVName: string | null; autoConfirmCSVName: string | null; zplName?: string | null }): BulkFileData => ({
  ...(names.pdfName ? { pdfName: names.pdfName } : {}),
  ...(names.resultCSVName ? { resultCSVName: names.resultCSVName } : {}),
  ...(names.autoConfirmCSVName ? { autoConfirmCSVName: names.autoConfirmCSVName } : {}),
  ...(names.zplName ? { zplName: names.zplName } : {}),
});

export const failedLabelSchema = z.object({
  /** 1-based row of the submitted orderData. */
  row: z.number().int(),
  itemId: z.string(),
  orderId: z.string().nullable(),
  orderItemId: z.string().nullable(),
  skuNumber: z.string().nullable(),
  recipient: z.string(),
  error: z.string(),
});
export type FailedLabel = z.infer<typeof failedLabelSchema>;

/** Spec 3 "Batch/bulk order". Money in cents. */
export const bulkOrderSchema = z.object({
  _id: z.string(),
  status: bulkStatusSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
  totalCount: z.number().int(),
  processedCount: z.number().int(),
  failedCount: z.number().int(),
  /** The first 1,000 failed rows (failedCount is exact; the result CSV lists every row). */
  failedLabels: z.array(failedLabelSchema),
  bulkOrderData: z.object({
    /** What was charged: the sum of the labels bought. */
    cost: z.number().int(),
    /** What was held when the batch started (every row priced). */
    quotedCost: z.number().int(),
    labelFormat: labelFormatSchema,
    sortBySku: z.boolean(),
    /**
     * What the rate rules saved against the dearest rate offered for each row's parcel, integer cents: of the labels
     * bought (`savedCents`), and as quoted when the batch started (`quotedSavedCents`). Absent for a batch with no rule.
     */
    savedCents: z.number().int().nonnegative().optional(),
    quotedSavedCents: z.number().int().nonnegative().optional(),
  }),
  pdfName: z.string().nullable(),
  resultCSVName: z.string().nullable(),
  autoConfirmCSVName: z.string().nullable(),
  /** The labels of a `zpl` batch, one ^XA … ^XZ each (such a batch has no pdfName); absent or null otherwise. */
  zplName: z.string().nullable().optional(),
  /** Set while the batch sits in an error state or in generating_files: since when. */
  stuckAt: z.string().nullable(),
  /** `test` for a batch made with a test key (decision 124); absent from a previous release's replica: live. */
  mode: apiModeSchema.optional(),
  /**
   * Its labels voided since they were bought (issue 49: a batch whose labels were all voided read "4 bought ·
   * $28.50 · Completed"): `voided` labels voided or refunded, their money back on the balance (`voidedCents`), and
   * `pending` labels whose void or refund the carrier has not settled (`pendingCents`). Absent when none was voided.
   */
  voids: z
    .object({ voided: z.number().int().nonnegative(), voidedCents: z.number().int().nonnegative(), pending: z.number().int().nonnegative(), pendingCents: z.number().int().nonnegative() })
    .optional(),
});
export type BulkOrder = z.infer<typeof bulkOrderSchema>;
export type BatchVoids = NonNullable<BulkOrder['voids']>;

export const bulkProcessResponseSchema = z.object({
  message: z.string(),
  orderId: z.string(),
  status: bulkStatusSchema,
  totalCount: z.number().int(),
  /** Held on the balance now, released for labels that fail. */
  costCents: z.number().int(),
  /** Rows left out because their order ID already has a label (issue 47); absent when the batch was submitted before. */
  alreadyShippedCount: z.number().int().min(0).optional(),
  /** What the rate rules save against the dearest rates offered, if every label is bought (absent: no row under a rule). */
  savedCents: z.number().int().nonnegative().optional(),
});
export type BulkProcessResponse = z.infer<typeof bulkProcessResponseSchema>;

/** Spec 7 retry-failed: every field it names. */
export const bulkRetryResponseSchema = z.object({
  message: z.string(),
  fileData: bulkFileDataSchema,
  finalProcessedCount: z.number().int(),
  finalFailedCount: z.number().int(),
  status: bulkStatusSchema,
  updatedTotalCount: z.number().int(),
  newlySuccessfulCount: z.number().int(),
});
export type BulkRetryResponse = z.infer<typeof bulkRetryResponseSchema>;

export const bulkRecoverResponseSchema = z.object({ message: z.string(), status: bulkStatusSchema, fileData: bulkFileDataSchema });
export type BulkRecoverResponse = z.infer<typeof bulkRecoverResponseSchema>;

/** POST /api/orders/bulk/init: the user the draft batch is for. */
export const bulkInitBodySchema = z.object({ userId: z.string({ error: 'userId is required' }) });
export type BulkInitBody = z.input<typeof bulkInitBodySchema>;

/** The draft batch's id, to submit the rows under. */
export const bulkInitResponseSchema = z.object({ orderId: z.string().min(1) });
export type BulkInitResponse = z.infer<typeof bulkInitResponseSchema>;

/** GET /api/orders/bulk/{userId}: one page, newest first (spec 9: 7 a page). */
export const bulkOrdersQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(7),
  /** A session's choice of mode (live when absent; the web app's Test mode switch asks test); a key lists its own (decision 127). */
  mode: orderModeSchema.optional(),
});
export type BulkOrdersQuery = z.input<typeof bulkOrdersQuerySchema>;

export const bulkOrdersPageSchema = z.object({ bulkOrders: z.array(bulkOrderSchema), totalCount: z.number().int() });
export type BulkOrdersPage = z.infer<typeof bulkOrdersPageSchema>;

/** GET /api/orders/bulk/active/{userId}: the user's newest batch not in a final status, or null. */
export const activeBulkOrderResponseSchema = z.object({ bulkOrder: bulkOrderSchema.nullable() });
export type ActiveBulkOrderResponse = z.infer<typeof activeBulkOrderResponseSchema>;

/** The columns of the spec's "Bulk row", in the template's order. */
export const BULK_TEMPLATE_COLUMNS = [
  'orderId', 'orderItemId', 'skuNumber', 'quantity', 'courier', 'ServiceName',
  'FromSenderName', 'FromCompany', 'FromPhone', 'FromStreet1', 'FromStreet2', 'FromCity', 'FromStateProvince', 'FromZipPostal', 'FromCountry',
  'ToRecipientName', 'ToCompany', 'ToPhone', 'ToStreet1', 'ToStreet2', 'ToCity', 'ToStateProvince', 'ToZipPostal', 'ToCountry',
  // Optional (decision 095): where the seller's tracking e-mails go; never printed on the label.
  'ToEmail',
  'PackageLength', 'PackageWidth', 'PackageHeight', 'PackageWeight', 'PackageDescription', 'PackageReference1', 'PackageReference2',
  // Optional (decision 116): a row's customs where its SKUs do not give them; the page builds the row's `customs`.
  'ContentsType', 'CustomsDescription', 'CustomsHsCode', 'CustomsOrigin', 'CustomsValue',
  // Optional (decision 122): the value the row's label is insured for, in dollars; blank takes its SKUs' declared values.
  'DeclaredValue',
] as const;
export type BulkTemplateColumn = (typeof BULK_TEMPLATE_COLUMNS)[number];
