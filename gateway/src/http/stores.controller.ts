import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Post, Query, Req, Res } from '@nestjs/common';
import type { RawBodyRequest } from '@nestjs/common';
import {
  AddressRpc,
  authMethodOf,
  buyStoreOrderBodySchema,
  connectStoreAnswerSchema,
  connectStoreBodySchema,
  createdLabelResponseSchema,
  DomainError,
  ErrorCode,
  singleOrderSchema,
  storeInboxPageSchema,
  storeListSchema,
  storeOrderIdempotencyKey,
  storeOrderPackage,
  storeOrdersQuerySchema,
  StoresRpc,
  storeSyncResultSchema,
  validationError,
  type BuyStoreOrderBody,
  type ConnectStoreAnswer,
  type ConnectStoreBody,
  type PlaceOrderResponse,
  type SkuPackageFacts,
  type StoreOrderPackage,
  type StoreInboxPage,
  type StoreList,
  type StoreOrderWithPackage,
  type StoreOrdersQuery,
  type StoreSyncResult,
} from '@labeldesk/contracts';
import { RpcClient } from '@labeldesk/nest-transport';
import type { Request, Response } from 'express';
import { Forwards, Public } from '../auth/access.decorators';
import { Ctx, type CallContext } from '../auth/request-context';
import { GATEWAY_ENV, type GatewayEnv } from '../config/env.schema';
import { ApiDoc } from '../docs/api-doc.decorator';
import { PENDING_LABEL_ANSWER, placeOrderAnswer, purchaseSingle } from './single-purchase';
import { pushHeadersOf } from './push-headers';
import { WebhookSenderLimit } from './retry-after-throttler.guard';
import { ZodBody } from './zod-body.pipe';

/** Calls to a store may page through its orders: longer than an ordinary request. */
const STORE_CALL_MS = 120_000;

/** An imported order's package as orders worked it out (decision 121), else from the caller's SKUs (a previous-release replica). */
const packageFrom = (order: StoreOrderWithPackage, skus: readonly SkuPackageFacts[] | null): StoreOrderPackage | null =>
  order.package !== undefined ? order.package : skus === null ? null : storeOrderPackage(order.items, skus);

/**
 * A seller's connected stores and the orders imported from them (issue 47, decision 105). Each route acts on the
 * caller's own connections and orders, which orders finds by the caller's id: another seller's id answers 404.
 */
@Controller('stores')
export class StoresController {
  constructor(
    private readonly rpc: RpcClient,
    @Inject(GATEWAY_ENV) private readonly env: Pick<GatewayEnv, 'ORDER_REPLY_WAIT_MS' | 'PUBLIC_URL'>,
  ) {}

  @ApiDoc({ summary: "The caller's store connections (secrets are never shown), and the stores that can be connected", response: storeListSchema })
  @Forwards(StoresRpc.list)
  @Get()
  list(@Ctx() ctx: CallContext): Promise<StoreList> {
    return this.rpc.call(StoresRpc.list, {}, ctx);
  }

  @ApiDoc({
    summary:
      'Connect a store: {kind, …the fields that store asks for} (kinds as GET /api/stores lists them). A store of keys is checked with the store and its orders awaiting shipment imported ({store, sync}); an OAuth store answers {authorizeUrl}, where to send the seller to approve',
    body: connectStoreBodySchema,
    response: connectStoreAnswerSchema,
    errors: [ErrorCode.VALIDATION_FAILED, ErrorCode.CONFLICT],
  })
  @Forwards(StoresRpc.connect)
  @Post()
  connect(@Body(new ZodBody(connectStoreBodySchema)) body: ConnectStoreBody, @Ctx() ctx: CallContext): Promise<ConnectStoreAnswer> {
    return this.rpc.call(StoresRpc.connect, { fields: body, callbackUrl: `${this.env.PUBLIC_URL}/api/stores/callback` }, { ...ctx, timeoutMs: STORE_CALL_MS });
  }

  /**
   * Where a store sends the seller back after approving (decision 107). No session: the state names the pending
   * connection, used once. The browser is sent on to the Stores page, which says how it went.
   */
  @ApiDoc({ summary: "A store's OAuth redirect back (code, state and the store's own parameters): finishes the connection, then redirects to the web app's Stores page" })
  @Get('callback/:kind')
  @Public()
  async callback(@Param('kind') kind: string, @Req() request: Request, @Res() res: Response): Promise<void> {
    const query = Object.fromEntries(Object.entries(request.query).flatMap(([name, value]) => (typeof value === 'string' ? [[name, value]] : [])).slice(0, 30));
    const outcome = await this.rpc.call(StoresRpc.oauthCallback, { kind: kind.slice(0, 40), query }, { timeoutMs: STORE_CALL_MS });
    const result = outcome.ok ? `connected=${encodeURIComponent(outcome.storeName)}` : `connect_error=${encodeURIComponent(outcome.message)}`;
    res.redirect(302, `${this.env.PUBLIC_URL}/main/stores?${result}`);
  }

  @ApiDoc({ summary: 'The imported orders: awaiting shipment (default) or shipped, oldest first, with the parcel worked out from your SKUs', query: storeOrdersQuerySchema, response: storeInboxPageSchema })
  @Forwards(StoresRpc.orders)
  @Get('orders')
  async inbox(@Query(new ZodBody(storeOrdersQuerySchema)) query: StoreOrdersQuery, @Ctx() ctx: CallContext): Promise<StoreInboxPage> {
    const page = await this.rpc.call(StoresRpc.orders, query, ctx);
    // Orders weighs each order from the seller's SKUs (decision 121); a replica of the previous release leaves that here.
    const skus = page.orders.every((order) => order.package !== undefined) ? null : await this.skusOf(ctx);
    return { ...page, orders: page.orders.map((order) => ({ ...order, package: packageFrom(order, skus) })) };
  }

  /**
   * Buys the label of one imported order through the single purchase (the same checks, price, ledger entry and
   * recovery), under the order's own idempotency key: a second click, or a retry, answers the same label, never a
   * second one. The receiver is the store's; the weight and box the SKUs' unless the body gives them.
   */
  @ApiDoc({
    summary: 'Buy the label of an imported order (service and sender; weight and box from your SKUs unless given); one label per order',
    body: buyStoreOrderBodySchema,
    response: createdLabelResponseSchema,
    also: [PENDING_LABEL_ANSWER],
    errors: [ErrorCode.VALIDATION_FAILED, ErrorCode.NOT_FOUND, ErrorCode.PAYMENTS_INSUFFICIENT_FUNDS, ErrorCode.ORDERS_IN_PROGRESS, ErrorCode.ORDERS_CARRIER_FAILED, ErrorCode.ORDERS_NOT_ANSWERED],
  })
  @Forwards(StoresRpc.order)
  @Post('orders/:id/buy')
  @HttpCode(200)
  async buy(
    @Param('id') id: string,
    @Body(new ZodBody(buyStoreOrderBodySchema)) body: BuyStoreOrderBody,
    @Ctx() ctx: CallContext,
    @Res({ passthrough: true }) res: Response,
  ): Promise<PlaceOrderResponse> {
    const userId = ctx.caller?.userId ?? '';
    const imported = await this.rpc.call(StoresRpc.order, { id }, ctx);
    // Bought in a batch from the inbox (decision 113): this key would not find that label, so a second one is refused here.
    if (imported.label?.batchId && imported.label.status !== 'cancelled') {
      throw new DomainError(ErrorCode.CONFLICT, `Order #${imported.orderNumber} was already shipped on ${(imported.label.boughtAt ?? '').slice(0, 10)}, tracking ${imported.label.trackingNumber ?? '(being bought)'}`);
    }
    const order = singleOrderSchema.safeParse(await this.singleOrderOf(imported, body, ctx));
    if (!order.success) throw validationError(order.error);
    const purchase = await purchaseSingle(this.rpc, { userId, idempotencyKey: storeOrderIdempotencyKey(imported.id), order: order.data }, this.env.ORDER_REPLY_WAIT_MS, ctx);
    return placeOrderAnswer(purchase, res);
  }

  @ApiDoc({ summary: "Import now the store's orders changed since the last import (orders seen before are left as they are)", response: storeSyncResultSchema })
  @Forwards(StoresRpc.sync)
  @Post(':id/sync')
  @HttpCode(200)
  sync(@Param('id') id: string, @Ctx() ctx: CallContext): Promise<StoreSyncResult> {
    return this.rpc.call(StoresRpc.sync, { id }, { ...ctx, timeoutMs: STORE_CALL_MS });
  }

  @ApiDoc({ summary: 'Disconnect a store: its keys are forgotten at once, it is no longer imported from nor written back to' })
  @Forwards(StoresRpc.revoke)
  @Delete(':id')
  revoke(@Param('id') id: string, @Ctx() ctx: CallContext): Promise<{ deleted: boolean }> {
    return this.rpc.call(StoresRpc.revoke, { id }, ctx);
  }

  /** The caller's SKU presets; null for an API key, which SKU presets are not read with (sessions only). */
  private async skusOf(ctx: CallContext): Promise<SkuPackageFacts[] | null> {
    if (!ctx.caller || authMethodOf(ctx.caller) === 'api_key') return null;
    return (await this.rpc.call(AddressRpc.listSkus, { userId: ctx.caller.userId }, ctx)).SkuData;
  }

  /** The single order an imported order makes: its receiver, the body's service and sender, the parcel from the body or the SKUs. */
  private async singleOrderOf(imported: StoreOrderWithPackage, body: BuyStoreOrderBody, ctx: CallContext): Promise<Record<string, unknown>> {
    const given = body.package ?? {};
    const wanted = given.package_weight === undefined || given.package_length === undefined;
    const skus = !wanted || imported.package !== undefined ? null : await this.skusOf(ctx);
    const parcel = packageFrom(imported, skus);
    const items = imported.items.map((item) => `${item.sku || item.name} × ${item.quantity}`).join(', ');
    return {
      service_name: body.service_name,
      courier: body.courier,
      sender: body.sender,
      receiver: imported.receiver,
      label_format: body.label_format,
      package: {
        package_length: given.package_length ?? parcel?.length,
        package_width: given.package_width ?? parcel?.width,
        package_height: given.package_height ?? parcel?.height,
        package_weight: given.package_weight ?? parcel?.weightLb,
        package_description: `Order ${imported.orderNumber}`.slice(0, 200),
        package_reference1: String(imported.items.reduce((sum, item) => sum + item.quantity, 0)).slice(0, 50),
        package_reference2: (items.length > 64 ? `${items.slice(0, 63)}…` : items) || null,
      },
    };
  }
}

/**
 * Stores' pushes (decision 107; Shopify's orders/create), one route for every store. No session: each is
 * authenticated by its signature over the exact body, checked by orders, which holds the store's secrets. The body
 * is read by readSmallBody (256 KB) and the route is limited per client address, as the carriers' pushes are.
 */
@Controller('webhooks/stores')
export class StorePushesController {
  constructor(private readonly rpc: RpcClient) {}

  @ApiDoc({ summary: "A store's push of an order, {kind} a store as GET /api/stores lists it (Shopify: orders/create, X-Shopify-Hmac-Sha256 over the raw body)" })
  @Post(':kind')
  @Public()
  @HttpCode(200)
  @WebhookSenderLimit()
  async push(@Param('kind') kind: string, @Req() request: RawBodyRequest<Request>): Promise<{ ok: true }> {
    const body = request.rawBody?.toString('utf8') ?? '';
    const { accepted } = await this.rpc.call(StoresRpc.push, { kind: kind.slice(0, 40), body, headers: pushHeadersOf(request.headers) }, { timeoutMs: STORE_CALL_MS });
    if (!accepted) throw new DomainError(ErrorCode.UNAUTHENTICATED, 'Webhook signature missing or invalid');
    return { ok: true };
  }
}
