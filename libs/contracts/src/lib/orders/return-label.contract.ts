// Subjects are public API between processes: do not change one without a migration plan (add a v2 instead).
import { z } from 'zod';
import { defineRpc } from '../define';
import { apiModeSchema } from '../caller';
import { idSchema } from '../common/ids';
import { labelCarrierSchema } from './label-carrier.schema';
import { FILE_CHUNK_BYTES } from './order.schema';
import {
  bulkReturnsBodySchema,
  bulkReturnsSchema,
  createdReturnSchema,
  issuedReturnLinkSchema,
  publicReturnSchema,
  returnLabelSchema,
  returnQuoteSchema,
  returnTokenSchema,
} from './return-label.schema';

const chunkSchema = z.object({ base64: z.string(), done: z.boolean() });
const chunkRange = { offset: z.number().int().min(0), length: z.number().int().min(1).max(FILE_CHUNK_BYTES) };

/**
 * Return labels (decision 101): made by an order's owner or an admin (API keys need the scope buying needs), the
 * buyer's link opened by anyone holding its token.
 */
export const ReturnsRpc = {
  /** What a return label of this order would cost and when it would be charged; buys and holds nothing. */
  quote: defineRpc('orders.returns.quote.v1', z.object({ orderId: idSchema, carrier: labelCarrierSchema.optional() }), returnQuoteSchema, { who: 'signed-in', scope: 'labels:buy' }),
  /**
   * Makes the order's return label, or answers the one it has unless `again`; bought from the outbound label's carrier
   * unless `carrier` names another that makes returns of its courier (decision 123).
   */
  create: defineRpc(
    'orders.returns.create.v1',
    z.object({ orderId: idSchema, again: z.boolean().default(false), carrier: labelCarrierSchema.optional() }),
    createdReturnSchema,
    { who: 'signed-in', scope: 'labels:buy' },
  ),
  /** Return labels for several orders, each exactly once unless `again`; one answer per order. */
  createMany: defineRpc('orders.returns.create-many.v1', bulkReturnsBodySchema, bulkReturnsSchema, { who: 'signed-in', scope: 'labels:buy' }),
  /**
   * The caller's return labels of these orders (all the caller's when none are named), newest first, of one mode: a
   * key's own; a session's `mode` (live when absent; with orderIds, the orders' own whatever their mode).
   */
  list: defineRpc(
    'orders.returns.list.v1',
    z.object({ orderIds: z.array(idSchema).max(5_000).optional(), mode: apiModeSchema.optional() }),
    z.object({ returns: z.array(returnLabelSchema) }),
    { who: 'signed-in', scope: 'labels:read' },
  ),
  /** A new link for the buyer (any earlier one stops working); its token is answered this once. */
  issueLink: defineRpc('orders.returns.issue-link.v1', z.object({ returnId: idSchema }), issuedReturnLinkSchema, { who: 'signed-in', scope: 'labels:read' }),
  /** Turns the return's live link off; false when it had none. */
  revokeLink: defineRpc('orders.returns.revoke-link.v1', z.object({ returnId: idSchema }), z.object({ revoked: z.boolean() }), { who: 'signed-in', scope: 'labels:read' }),
  /** Part of a return label's file, for its owner or an admin. */
  fileChunk: defineRpc('orders.returns.file-chunk.v1', z.object({ returnId: idSchema, ...chunkRange }), chunkSchema.extend({ fileName: z.string(), sizeBytes: z.number().int() }), { who: 'signed-in', scope: 'labels:read' }),
  /**
   * Voids an unused return label at the carrier that sold it and gives a prepaid charge back once (decision 123); a
   * voided one is answered as it is, a used one refused.
   */
  void: defineRpc('orders.returns.void.v1', z.object({ returnId: idSchema }), returnLabelSchema, { who: 'signed-in', scope: 'labels:buy' }),
  /** The buyer's page: anyone holding a live token. */
  publicReturn: defineRpc('orders.returns.public.v1', z.object({ token: returnTokenSchema }), publicReturnSchema, { who: 'public' }),
  publicFileChunk: defineRpc('orders.returns.public-file-chunk.v1', z.object({ token: returnTokenSchema, ...chunkRange }), chunkSchema, { who: 'public' }),
} as const;
