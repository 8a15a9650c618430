import { z } from 'zod';

/**
 * Stores connected to a seller's account (issue 47, decision 105). Which stores exist is the orders service's list of
 * store plugins, not a list here: a connection names its store by `kind` (the plugin's id), and each plugin checks
 * the rest of the body against its own credentials schema.
 */

/** POST /api/stores: `{kind, …}`, the rest of the fields as the store asks them (WooCommerce: url, consumer_key, consumer_secret). */
export const connectStoreBodySchema = z
  .object({ kind: z.string({ error: 'kind must be text, e.g. woocommerce' }).trim().toLowerCase().min(1, 'kind is required, e.g. woocommerce').max(40) })
  .catchall(z.unknown());
export type ConnectStoreBody = z.infer<typeof connectStoreBodySchema>;

/** One field connecting a store asks for (a form shows it; `secret` ones are typed as passwords). */
export const storeConnectFieldSchema = z.object({ name: z.string(), label: z.string(), input: z.enum(['url', 'text', 'secret']), hint: z.string().nullable() });
export type StoreConnectField = z.infer<typeof storeConnectFieldSchema>;

/** A store the orders service can connect, as GET /api/stores lists it, with the fields connecting it asks for. */
export const storeKindSchema = z.object({ kind: z.string(), displayName: z.string(), fields: z.array(storeConnectFieldSchema) });
export type StoreKind = z.infer<typeof storeKindSchema>;

/** One connection of the caller's: its secrets are never answered. */
export const storeConnectionSchema = z.object({
  id: z.string(),
  kind: z.string(),
  /** The store's name as the connection shows it (its address for WooCommerce). */
  name: z.string(),
  url: z.string(),
  /** When orders were last imported, and why the last import failed (null when it did not). */
  lastSyncAt: z.string().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
});
export type StoreConnection = z.infer<typeof storeConnectionSchema>;

export const storeListSchema = z.object({ stores: z.array(storeConnectionSchema), kinds: z.array(storeKindSchema) });
export type StoreList = z.infer<typeof storeListSchema>;

/** POST /api/stores/{id}/sync (and the import on connect): orders new to us, and orders seen before (left as they were). */
export const storeSyncResultSchema = z.object({ imported: z.number().int(), alreadyImported: z.number().int() });
export type StoreSyncResult = z.infer<typeof storeSyncResultSchema>;

export const connectedStoreSchema = z.object({ store: storeConnectionSchema, sync: storeSyncResultSchema });
export type ConnectedStore = z.infer<typeof connectedStoreSchema>;

/**
 * What POST /api/stores answers (decision 107): a store connected with keys is connected and imported from at once
 * (`{store, sync}`); a store connected through OAuth answers where to send the seller to approve (`{authorizeUrl}`),
 * and its callback finishes the connection.
 */
export const connectStoreAnswerSchema = z.union([connectedStoreSchema, z.object({ authorizeUrl: z.string() })]);
export type ConnectStoreAnswer = z.infer<typeof connectStoreAnswerSchema>;

/** The gateway's connect request to orders: the seller's body, and the callback URL base on the gateway's public address. */
export const connectStoreRequestSchema = z.object({ fields: connectStoreBodySchema, callbackUrl: z.string().max(500) });

/** GET /api/stores/callback/{kind}: every query parameter the store sent back (at most 30 of at most 4,000 characters). */
export const storeOAuthCallbackQuerySchema = z
  .record(z.string().max(100), z.string().max(4_000))
  .refine((query) => Object.keys(query).length <= 30, 'At most 30 query parameters');

/** How a callback ended: the store connected (by its name), or why not (said to the seller on the Stores page). */
export const storeOAuthOutcomeSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), storeName: z.string() }),
  z.object({ ok: z.literal(false), message: z.string() }),
]);
export type StoreOAuthOutcome = z.infer<typeof storeOAuthOutcomeSchema>;

/** One item of an imported order, as the store lists it. */
export const storeOrderItemSchema = z.object({ sku: z.string(), name: z.string(), quantity: z.number().int().min(1) });
export type StoreOrderItem = z.infer<typeof storeOrderItemSchema>;

/** The receiver as the store gave it (the single order's receiver fields; checked when a label is bought). */
export const storeOrderReceiverSchema = z.object({
  receiver_name: z.string(),
  receiver_company: z.string().nullable(),
  receiver_phone: z.string().nullable(),
  receiver_address1: z.string(),
  receiver_address2: z.string().nullable(),
  receiver_city: z.string(),
  receiver_state_province: z.string(),
  receiver_zip_postal: z.string(),
  receiver_country: z.string(),
  receiver_email: z.string().nullable(),
});
export type StoreOrderReceiver = z.infer<typeof storeOrderReceiverSchema>;

/** What became of the label's tracking sent back to the store: waiting (to be sent or retried), sent, or failed for now. */
export const storeWriteBackSchema = z.object({
  state: z.enum(['waiting', 'sent']),
  attempts: z.number().int(),
  /**
   * "tracking not sent to WooCommerce: …" while the last attempt failed; null otherwise. On an order whose label was
   * voided after its tracking was sent, the store's cancel: "fulfilment not cancelled at Shopify: …" while it fails.
   */
  error: z.string().nullable(),
  sentAt: z.string().nullable(),
});
export type StoreWriteBack = z.infer<typeof storeWriteBackSchema>;

/** Package weight (lb) and box (in) from the seller's SKUs, or null when an item has no SKU preset. */
export const storeOrderPackageSchema = z.object({ weightLb: z.number(), length: z.number(), width: z.number(), height: z.number() });
export type StoreOrderPackage = z.infer<typeof storeOrderPackageSchema>;

export const storeOrderSchema = z.object({
  id: z.string(),
  storeId: z.string(),
  kind: z.string(),
  storeName: z.string(),
  orderNumber: z.string(),
  items: z.array(storeOrderItemSchema),
  receiver: storeOrderReceiverSchema,
  /** When the buyer placed it at the store; when we imported it. */
  placedAt: z.string(),
  importedAt: z.string(),
  /**
   * The label bought for it (one per imported order), null while awaiting shipment. `batchId`: the batch it was bought
   * in from the inbox (decision 113), absent for a single label; `boughtAt`: when it was bought (or last changed).
   */
  label: z.object({ orderId: z.string(), status: z.string(), trackingNumber: z.string().nullable(), batchId: z.string().optional(), boughtAt: z.string().optional() }).nullable(),
  writeBack: storeWriteBackSchema.nullable(),
  /**
   * Awaiting shipment, yet its order number already has a label bought in a batch (an uploaded file's order ID, decision
   * 113): "already shipped on {date}, tracking …", left out of a purchase unless the seller buys another on purpose.
   */
  shipped: z.object({ shippedAt: z.string(), trackingNumber: z.string() }).nullable().optional(),
});
export type StoreOrder = z.infer<typeof storeOrderSchema>;

/** An imported order as the inbox shows it: with its package worked out from the seller's SKUs. */
export const storeInboxOrderSchema = storeOrderSchema.extend({ package: storeOrderPackageSchema.nullable() });
export type StoreInboxOrder = z.infer<typeof storeInboxOrderSchema>;

/**
 * An imported order as orders answers it: with its package worked out by orders from the seller's SKUs (decision 121),
 * whoever asks, a session or an API key; absent when a replica of the previous release answers.
 */
export const storeOrderWithPackageSchema = storeOrderSchema.extend({ package: storeOrderPackageSchema.nullable().optional() });
export type StoreOrderWithPackage = z.infer<typeof storeOrderWithPackageSchema>;

export const STORE_ORDER_STATUSES = ['awaiting', 'shipped'] as const;

/** GET /api/stores/orders?status=awaiting&page=1&limit=50. */
export const storeOrdersQuerySchema = z
  .object({
    status: z.enum(STORE_ORDER_STATUSES, { error: `status must be one of ${STORE_ORDER_STATUSES.join(', ')}` }).default('awaiting'),
    page: z.coerce.number({ error: 'page must be a number' }).int().min(1, 'page must be 1 or more').default(1),
    limit: z.coerce.number({ error: 'limit must be a number' }).int().min(1).max(100, 'limit must be at most 100').default(50),
    /** Only this store connection's orders (decision 113). */
    store: z.uuid({ error: 'store must be a store connection id' }).optional(),
    /** Words found in the order number or the receiver's name, city or ZIP. */
    q: z.string().trim().max(100, 'q must be at most 100 characters').optional().transform((q) => q || undefined),
  })
  .strict();
export type StoreOrdersQuery = z.output<typeof storeOrdersQuerySchema>;

export const storeOrdersPageSchema = z.object({ orders: z.array(storeOrderWithPackageSchema), page: z.number().int(), limit: z.number().int(), total: z.number().int() });
export type StoreOrdersPage = z.infer<typeof storeOrdersPageSchema>;
export const storeInboxPageSchema = storeOrdersPageSchema.extend({ orders: z.array(storeInboxOrderSchema) });
export type StoreInboxPage = z.infer<typeof storeInboxPageSchema>;

/**
 * POST /api/stores/orders/{id}/buy: the service and the sender; the receiver comes from the store, the weight and box
 * from the seller's SKUs unless given here. Checked field by field as a single order (POST /api/orders/v2) is.
 */
export const buyStoreOrderBodySchema = z
  .object({
    service_name: z.unknown(),
    courier: z.unknown().optional(),
    sender: z.unknown(),
    label_format: z.unknown().optional(),
    package: z
      .object({ package_length: z.unknown(), package_width: z.unknown(), package_height: z.unknown(), package_weight: z.unknown() })
      .partial()
      .strict()
      .optional(),
  })
  .strict();
export type BuyStoreOrderBody = z.infer<typeof buyStoreOrderBodySchema>;
