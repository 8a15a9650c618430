import { z } from 'zod';
import { apiModeSchema } from '../caller';
import { labelStateSchema, trackingStatusSchema } from './label-lifecycle.schema';

export const orderStatusSchema = z.enum(['pending', 'completed', 'cancelled']);
export type OrderStatus = z.infer<typeof orderStatusSchema>;

/** Which mode's orders a list reads (decision 119): live or test, never both; a list names the field when refused. */
export const orderModeSchema = z.enum(apiModeSchema.options, { error: 'mode must be live or test' });

/** `?mode=` of the web app's order lists (GET /api/orders/{userId}, /recent/{userId}): live when absent. */
export const orderListQuerySchema = z.object({ mode: orderModeSchema.optional() });
/** Spec: Order (list item), plus price and counts for the Orders table. Money in cents. */
export const orderListItemSchema = z.object({
  _id: z.string(),
  service_name: z.string(),
  courier: z.string(),
  sender: z.object({ sender_name: z.string() }),
  /** The receiver's e-mail only when the order has one (decision 095): the seller's tracking e-mails go there. */
  receiver: z.object({ receiver_name: z.string(), receiver_email: z.string().optional() }),
  tracking_number: z.string().nullable(),
  createdAt: z.string(),
  pdfName: z.string().nullable(),
  status: orderStatusSchema,
  price: z.number().int(),
  ordered: z.number().int(),
  processed: z.number().int(),
  failureReason: z.string().nullable(),
  /** The label's life after purchase (null while the order has no label). */
  label_state: labelStateSchema.nullable(),
  /** The carrier's last tracking status, null before the first check. */
  tracking_status: trackingStatusSchema.nullable(),
  /** `test` for a label bought with a test key (the sandbox carrier, the test balance; decision 119); live otherwise. */
  mode: apiModeSchema.default('live'),
});
export type OrderListItem = z.infer<typeof orderListItemSchema>;

/** GET /api/orders/{userId}: every order, oldest first (the web app reverses it). */
export const ordersListResponseSchema = z.object({ orders: z.array(orderListItemSchema) });
export type OrdersListResponse = z.infer<typeof ordersListResponseSchema>;

/** GET /api/orders/recent/{userId}: the latest orders, newest first. */
export const recentOrdersResponseSchema = z.object({ recentOrders: z.array(orderListItemSchema) });
export type RecentOrdersResponse = z.infer<typeof recentOrdersResponseSchema>;

/**
 * GET /api/orders/total/{userId}: the number of labels bought, `totalOrders` (spec), and its two parts, so a page
 * can say what it counts: labels bought one at a time (the Orders page) and labels bought in batches (Batch Orders).
 */
export const totalOrdersResponseSchema = z.object({
  totalOrders: z.number().int().nonnegative(),
  singleLabels: z.number().int().nonnegative(),
  batchLabels: z.number().int().nonnegative(),
});
export type TotalOrdersResponse = z.infer<typeof totalOrdersResponseSchema>;

/** `scan-form`: a batch's SCAN forms or one form by its id; `packing-slips`: a batch's slips (`?variant=gift`); `zpl`: a ZPL batch's labels. */
export const DOWNLOAD_KINDS = ['v2', 'pdf', 'result-csv', 'auto-csv', 'zpl', 'scan-form', 'packing-slips'] as const;
export const downloadKindSchema = z.enum(DOWNLOAD_KINDS);
export type DownloadKind = z.infer<typeof downloadKindSchema>;

/** What the gateway must know of a kind of download; what the file is and whose it is, orders' download registry says. */
export interface DownloadKindTraits {
  /** How long the gateway waits for the file's info; left out: as long as for any call. */
  readonly timeoutMs?: number;
  /** The kind reads `?variant=` (packing slips: `gift` leaves the prices out); other kinds never see one. */
  readonly takesVariant?: true;
  /** The kind reads `?size=` (a single PDF label: 4x6 or letter, decision 096); other kinds never see one. */
  readonly takesLabelSize?: true;
}

/** Every kind's traits: a new kind is added to DOWNLOAD_KINDS, here, and to orders' registry (decision 081). */
export const DOWNLOAD_KIND_TRAITS: Readonly<Record<DownloadKind, DownloadKindTraits>> = {
  v2: { takesLabelSize: true },
  pdf: { takesLabelSize: true },
  'result-csv': {},
  'auto-csv': {},
  zpl: {},
  // Made on the first download, by asking the carrier: longer than reading a stored file.
  'scan-form': { timeoutMs: 120_000 },
  'packing-slips': { timeoutMs: 120_000, takesVariant: true },
};

export const fileInfoSchema = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('ready'),
    fileId: z.string(),
    fileName: z.string(),
    contentType: z.string(),
    sizeBytes: z.number().int(),
    /** What the seller must know beside the file: a batch's SCAN forms its carrier has not confirmed, not in it. */
    notice: z.string().optional(),
  }),
  z.object({ status: z.literal('processing') }),
]);
export type FileInfo = z.infer<typeof fileInfoSchema>;

/** Files cross the transport in chunks: NATS refuses messages over 1 MB by default. */
export const FILE_CHUNK_BYTES = 512 * 1024;
