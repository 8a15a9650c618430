import { Body, Controller, Get, HttpCode, Inject, Param, Post, Query, Res } from '@nestjs/common';
import {
  DomainError,
  DOWNLOAD_NOTICE_HEADER,
  DOWNLOAD_KIND_TRAITS,
  downloadKindSchema,
  downloadQuerySchema,
  ErrorCode,
  FILE_CHUNK_BYTES,
  OrdersRpc,
  createdLabelResponseSchema,
  ordersListResponseSchema,
  pendingLabelResponseSchema,
  priceQuoteBodySchema,
  priceQuoteResponseSchema,
  PricingRpc,
  recentOrdersResponseSchema,
  singleOrderSchema,
  totalOrdersResponseSchema,
  type Caller,
  type PlaceOrderResponse,
  type PriceQuoteBody,
  type PriceQuoteResponse,
  type RecentOrdersResponse,
  type TotalOrdersResponse,
} from '@labeldesk/contracts';
import { requireSelfOrAdmin, RpcClient } from '@labeldesk/nest-transport';
import { ApiDoc } from '../docs/api-doc.decorator';
import type { Response } from 'express';
import type { z } from 'zod';
import { AllowQueryToken, Forwards } from '../auth/access.decorators';
import { Ctx, type CallContext } from '../auth/request-context';
import { GATEWAY_ENV, type GatewayEnv } from '../config/env.schema';
import { IdempotencyKey } from './idempotency-key.decorator';
import { ZodBody } from './zod-body.pipe';

/** Errors that mean "no answer yet", not "refused": the order may still complete. */
const NO_ANSWER: ReadonlySet<string> = new Set([ErrorCode.TIMEOUT, ErrorCode.SERVICE_UNAVAILABLE]);

/** Orders has no order under the key, and will not write one (writeWithinMs): nothing was or will be charged. */
export const NOT_CHARGED = 'The label service did not answer. Try again; you were not charged.';
/** Nobody could say whether the order was written: a retry with the same key is safe, a promise would not be. */
export const NOT_KNOWN =
  'The label service did not answer. Try again in a moment: a retry of the same purchase is never charged twice, and a label already started appears in Orders.';

/**
 * How long orders may take to write a new order: less than the gateway waits, so by the time it asks findByKey a
 * late order can no longer appear. The margin covers the trip to orders and the insert itself.
 */
export const writeWindowMs = (replyWaitMs: number): number => replyWaitMs - Math.min(1_000, Math.floor(replyWaitMs / 2));

/** The guard has verified the caller on every non-public route; this only narrows the type. */
const signedIn = (ctx: CallContext): Caller => {
  if (!ctx.caller) throw new DomainError(ErrorCode.UNAUTHENTICATED, 'Authentication required');
  return ctx.caller;
};

const contentDisposition = (fileName: string) => `attachment; filename="${fileName.replace(/[^A-Za-z0-9._-]/g, '_')}"`;

@Controller('orders')
export class OrdersController {
  constructor(
    private readonly rpc: RpcClient,
    @Inject(GATEWAY_ENV) private readonly env: Pick<GatewayEnv, 'ORDER_REPLY_WAIT_MS'>,
  ) {}

  @ApiDoc({ summary: 'Price shipments with the user\'s tiers (next whole pound)', body: priceQuoteBodySchema, response: priceQuoteResponseSchema })
  @Forwards(PricingRpc.quote)
  @Post('price/v2/bulk')
  @HttpCode(200)
  async price(@Body(new ZodBody(priceQuoteBodySchema)) body: PriceQuoteBody, @Ctx() ctx: CallContext): Promise<PriceQuoteResponse> {
    requireSelfOrAdmin(signedIn(ctx), body.userId);
    const items = body.shipments.map((s) => ({ serviceName: s.service_name, weightLb: s.package.package_weight }));
    const quote = await this.rpc.call(PricingRpc.quote, { userId: body.userId, items }, ctx);
    return { totalPrice: quote.totalCents };
  }

  /**
   * Buys one label; the `Idempotency-Key` header makes a double click or a retry answer the same order. When a service
   * on the way does not answer, the customer is not kept waiting: 202 with the order still in progress when orders
   * says the order exists (it is finished or refunded by recovery, and shows as pending in Orders meanwhile); 503 when
   * it says there is none (orders died before writing it, and writes none later); 503 without a promise when
   * nobody can say.
   */
  @ApiDoc({
    summary: 'Buy one label (send an Idempotency-Key header); 202 with the pending order when a service is slow',
    body: singleOrderSchema,
    response: createdLabelResponseSchema,
    also: [{ status: 202, description: 'A service on the way did not answer in time: the order is pending, and completes or is refunded by itself', response: pendingLabelResponseSchema }],
    errors: [ErrorCode.PAYMENTS_INSUFFICIENT_FUNDS, ErrorCode.ORDERS_IN_PROGRESS, ErrorCode.CONFLICT, ErrorCode.PRICING_WEIGHT_OVER_MAX, ErrorCode.ORDERS_CARRIER_FAILED, ErrorCode.ORDERS_NOT_ANSWERED],
  })
  @Forwards(OrdersRpc.placeSingle)
  @Post('v2')
  @HttpCode(200)
  async placeSingle(
    @Body(new ZodBody(singleOrderSchema)) order: z.output<typeof singleOrderSchema>,
    @IdempotencyKey() idempotencyKey: string,
    @Ctx() ctx: CallContext,
    @Res({ passthrough: true }) res: Response,
  ): Promise<PlaceOrderResponse> {
    const userId = order.user_id && ctx.caller?.role === 'admin' ? order.user_id : (ctx.caller?.userId ?? '');
    requireSelfOrAdmin(signedIn(ctx), order.user_id ?? userId);
    const wait = this.env.ORDER_REPLY_WAIT_MS;
    try {
      const placed = await this.rpc.call(OrdersRpc.placeSingle, { userId, idempotencyKey, order, writeWithinMs: writeWindowMs(wait) }, { ...ctx, timeoutMs: wait });
      return { data: { pdfName: placed.pdfName, orderId: placed.orderId, trackingNumber: placed.trackingNumber, price: placed.priceCents } };
    } catch (error) {
      if (!(error instanceof DomainError) || !NO_ANSWER.has(error.code)) throw error;
      const found = await this.rpc.call(OrdersRpc.findByKey, { userId, idempotencyKey }, { ...ctx, timeoutMs: 3_000 }).catch(() => undefined);
      if (found === undefined) throw new DomainError(ErrorCode.ORDERS_NOT_ANSWERED, NOT_KNOWN);
      // No order (orders died before writing it, or nobody took the request), or one refunded: nothing was charged.
      if (!found.order || found.order.status === 'cancelled') throw new DomainError(ErrorCode.ORDERS_NOT_ANSWERED, NOT_CHARGED);
      res.status(202);
      return {
        message: 'Your label is still being processed. It will appear in Orders when it is ready; if it cannot be made, you are not charged.',
        data: { orderId: found.order._id, status: 'pending' },
      };
    }
  }

  @ApiDoc({ summary: 'Latest orders, newest first', response: recentOrdersResponseSchema })
  @Forwards(OrdersRpc.recent)
  @Get('recent/:userId')
  recent(@Param('userId') userId: string, @Ctx() ctx: CallContext): Promise<RecentOrdersResponse> {
    return this.rpc.call(OrdersRpc.recent, { userId, limit: 20 }, ctx);
  }

  @ApiDoc({ summary: 'Number of labels bought, in all and bought singly or in batches', response: totalOrdersResponseSchema })
  @Forwards(OrdersRpc.total)
  @Get('total/:userId')
  total(@Param('userId') userId: string, @Ctx() ctx: CallContext): Promise<TotalOrdersResponse> {
    return this.rpc.call(OrdersRpc.total, { userId }, ctx);
  }

  /**
   * Spec 8 "Downloads": 404 not found, 202 still processing; the file is streamed in chunks. Someone else's file is
   * 404 too, the same answer as a missing one (the orders service decides), so names cannot be probed.
   */
  @ApiDoc({
    summary: "Download a file (PDF, or ZPL for kind zpl); 202 while processing, 404 when missing or not yours; token may be ?token=. A single order's PDF label (v2, pdf) comes on the caller's label size; ?size=4x6 or ?size=letter chooses this once. Kinds scan-form (a batch's SCAN forms, made on the first download, which an API key may do only with labels:buy; or one form by its id) and packing-slips (?variant=gift leaves prices out)",
    query: downloadQuerySchema,
  })
  @Forwards(OrdersRpc.fileInfo)
  @Get('download/:kind/:id')
  @AllowQueryToken()
  async download(
    @Param('kind') kind: string,
    @Param('id') id: string,
    @Query(new ZodBody(downloadQuerySchema)) query: z.output<typeof downloadQuerySchema>,
    @Ctx() ctx: CallContext,
    @Res() res: Response,
  ): Promise<void> {
    const parsedKind = downloadKindSchema.safeParse(kind);
    if (!parsedKind.success) throw new DomainError(ErrorCode.NOT_FOUND, 'File not found. This file may not have been generated yet.');
    const traits = DOWNLOAD_KIND_TRAITS[parsedKind.data];
    const variant = traits.takesVariant ? query.variant : undefined;
    const labelSize = traits.takesLabelSize ? query.size : undefined;
    const request = { kind: parsedKind.data, id, ...(variant ? { variant } : {}), ...(labelSize ? { labelSize } : {}) };
    const info = await this.rpc.call(OrdersRpc.fileInfo, request, traits.timeoutMs ? { ...ctx, timeoutMs: traits.timeoutMs } : ctx);
    if (info.status === 'processing') {
      res.status(202).json({ message: 'File is still being processed. Please try again in a few moments.', code: ErrorCode.ORDERS_FILE_NOT_READY });
      return;
    }
    res.status(200);
    res.setHeader('Content-Type', info.contentType);
    res.setHeader('Content-Length', String(info.sizeBytes));
    res.setHeader('Content-Disposition', contentDisposition(info.fileName));
    res.setHeader('Cache-Control', 'no-store');
    // Percent-encoded: a header carries Latin-1 only, and the words name carriers and labels.
    if (info.notice) res.setHeader(DOWNLOAD_NOTICE_HEADER, encodeURIComponent(info.notice));
    for (let offset = 0; offset < info.sizeBytes; offset += FILE_CHUNK_BYTES) {
      const chunk = await this.rpc.call(OrdersRpc.fileChunk, { fileId: info.fileId, offset, length: FILE_CHUNK_BYTES }, ctx);
      res.write(Buffer.from(chunk.base64, 'base64'));
      if (chunk.done) break;
    }
    res.end();
  }

  /** Spec: the whole list (oldest first, the web app reverses it). Declared last: `:userId` would match the routes above. */
  @ApiDoc({ summary: 'Every order, oldest first', response: ordersListResponseSchema })
  @Forwards(OrdersRpc.list)
  @Get(':userId')
  async list(@Param('userId') userId: string, @Ctx() ctx: CallContext, @Res() res: Response): Promise<void> {
    // The orders service's JSON as it sent it, checked there against the contract (decision 033): read into 200
    // objects, checked again and written again here, it was most of the gateway's CPU for this route.
    const json = await this.rpc.callForText(OrdersRpc.list, { userId }, ctx);
    res.status(200).setHeader('Content-Type', 'application/json; charset=utf-8');
    res.send(json);
  }

}
