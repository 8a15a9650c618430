import { Body, Controller, Get, HttpCode, Inject, Param, Post, Query, Res } from '@nestjs/common';
import {
  DomainError,
  DOWNLOAD_KIND_TRAITS,
  downloadKindSchema,
  downloadQuerySchema,
  ErrorCode,
  OrdersRpc,
  createdLabelResponseSchema,
  orderListQuerySchema,
  ordersListResponseSchema,
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
import { TestModeReady } from '../auth/test-mode';
import { Ctx, type CallContext } from '../auth/request-context';
import { GATEWAY_ENV, type GatewayEnv } from '../config/env.schema';
import { streamFile } from './file-stream';
import { PENDING_LABEL_ANSWER, placeOrderAnswer, purchaseSingle } from './single-purchase';
import { IdempotencyKey } from './idempotency-key.decorator';
import { ZodBody } from './zod-body.pipe';

// Where the web app's purchase and the public API's agree (decision 103); imported from here by older tests.
export { NOT_CHARGED, NOT_KNOWN, writeWindowMs } from './single-purchase';

/** The guard has verified the caller on every non-public route; this only narrows the type. */
const signedIn = (ctx: CallContext): Caller => {
  if (!ctx.caller) throw new DomainError(ErrorCode.UNAUTHENTICATED, 'Authentication required');
  return ctx.caller;
};

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
   * nobody can say. A test key (`ld_test_`) buys in test mode as `POST /api/v1/shipments` does (decision 126): the
   * sandbox, the test balance, its key kept as `test:<key>`, the order marked test. Customs items may name the caller's
   * SKUs, filled by orders from their customs defaults.
   */
  @ApiDoc({
    summary:
      "Buy one label (send an Idempotency-Key header); 202 with the pending order when a service is slow. Customs items may name your SKU ({sku, quantity}): its customs defaults fill the fields you leave out. A test key (ld_test_) buys a sample label on the test balance",
    body: singleOrderSchema,
    response: createdLabelResponseSchema,
    also: [PENDING_LABEL_ANSWER],
    errors: [ErrorCode.PAYMENTS_INSUFFICIENT_FUNDS, ErrorCode.ORDERS_IN_PROGRESS, ErrorCode.CONFLICT, ErrorCode.PRICING_WEIGHT_OVER_MAX, ErrorCode.ORDERS_CARRIER_FAILED, ErrorCode.ORDERS_NOT_ANSWERED],
  })
  @Forwards(OrdersRpc.placeSingle)
  @TestModeReady()
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
    const purchase = await purchaseSingle(this.rpc, { userId, idempotencyKey, order }, this.env.ORDER_REPLY_WAIT_MS, ctx);
    return placeOrderAnswer(purchase, res);
  }

  @ApiDoc({ summary: 'Latest orders, newest first: live ones, or the labels bought in test mode with mode=test', query: orderListQuerySchema, response: recentOrdersResponseSchema })
  @Forwards(OrdersRpc.recent)
  @Get('recent/:userId')
  recent(@Param('userId') userId: string, @Query(new ZodBody(orderListQuerySchema)) query: z.output<typeof orderListQuerySchema>, @Ctx() ctx: CallContext): Promise<RecentOrdersResponse> {
    return this.rpc.call(OrdersRpc.recent, { userId, limit: 20, ...query }, ctx);
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
    await streamFile(this.rpc, info, ctx, res);
  }

  /** Spec: the whole list (oldest first, the web app reverses it). Declared last: `:userId` would match the routes above. */
  @ApiDoc({ summary: 'Every order, oldest first: live ones, or the labels bought in test mode with mode=test', query: orderListQuerySchema, response: ordersListResponseSchema })
  @Forwards(OrdersRpc.list)
  @Get(':userId')
  async list(
    @Param('userId') userId: string,
    @Query(new ZodBody(orderListQuerySchema)) query: z.output<typeof orderListQuerySchema>,
    @Ctx() ctx: CallContext,
    @Res() res: Response,
  ): Promise<void> {
    // The orders service's JSON as it sent it, checked there against the contract (decision 033): read into 200
    // objects, checked again and written again here, it was most of the gateway's CPU for this route.
    const json = await this.rpc.callForText(OrdersRpc.list, { userId, ...query }, ctx);
    res.status(200).setHeader('Content-Type', 'application/json; charset=utf-8');
    res.send(json);
  }

}
