import { Body, Controller, Get, Headers, Param, Post, Query } from '@nestjs/common';
import { DomainError, ErrorCode, modeOf, OrdersRpc, type BulkOrder } from '@labeldesk/contracts';
import { RpcClient } from '@labeldesk/nest-transport';
import type { z } from 'zod';
import { Forwards } from '../auth/access.decorators';
import { CountsSessions } from '../auth/rate-limit-headers';
import { TestModeReady } from '../auth/test-mode';
import { Ctx, type CallContext } from '../auth/request-context';
import { ApiDoc } from '../docs/api-doc.decorator';
import { stageBulkRows } from '../http/bulk-rows';
import { IdempotencyKey } from '../http/idempotency-key.decorator';
import { batchIdFor } from './batch-id';
import { decodePageCursor, encodePageCursor } from './page-cursor';
import { pathId } from './path-id';
import { signedIn } from './signed-in';
import { StrictBody } from './strict-body.pipe';
import { IDEMPOTENCY_KEY_REQUIRED } from './v1-shipments.controller';
import { v1BatchBodySchema, v1BatchSchema, v1BatchShipmentsPageSchema, v1BatchShipmentsQuerySchema, type V1Batch, type V1BatchShipmentsPage } from './v1.schemas';

const batchId = (id: string): string => pathId(id, 'Batch not found');

/** Checks, prices and holds a batch's total before answering; buying goes on after (as the web app's Bulk Order). */
const PROCESS_TIMEOUT_MS = 60_000;

const toV1Batch = (batch: BulkOrder): V1Batch => ({
  id: batch._id,
  status: batch.status,
  total_count: batch.totalCount,
  processed_count: batch.processedCount,
  failed_count: batch.failedCount,
  cost_cents: batch.bulkOrderData.cost,
  quoted_cents: batch.bulkOrderData.quotedCost,
  label_format: batch.bulkOrderData.labelFormat,
  mode: batch.mode ?? 'live',
  created_at: batch.createdAt,
  updated_at: batch.updatedAt,
});

/**
 * Batches (labels bought together) for integrators (issue 48, decision 103): submitted under an Idempotency-Key, read
 * with their progress, and their labels a page at a time in row order. Each acts in the key's mode (decision 124): a
 * test key's batch is bought from the sandbox on the test balance, and another mode's batch is not found.
 */
@CountsSessions()
@Controller('v1/batches')
export class V1BatchesController {
  constructor(private readonly rpc: RpcClient) {}

  /**
   * Submits a batch under the caller's Idempotency-Key (required): every row is checked and priced and the total held
   * before the answer (402 when the balance is short, nothing held); the labels are bought after it, as
   * `GET /api/v1/batches/{id}` shows. The key names the batch, so a retry answers the batch the first try made.
   */
  @ApiDoc({
    summary: 'Buy a batch of labels (Idempotency-Key required): rows checked, priced and the total held, then bought in the background; a retry answers the same batch',
    body: v1BatchBodySchema,
    response: v1BatchSchema,
    errors: [ErrorCode.PAYMENTS_INSUFFICIENT_FUNDS, ErrorCode.CONFLICT],
  })
  @Forwards(OrdersRpc.bulkProcess)
  @TestModeReady()
  @Post()
  async create(
    @Body(new StrictBody(v1BatchBodySchema)) body: z.output<typeof v1BatchBodySchema>,
    @IdempotencyKey() idempotencyKey: string,
    @Headers('idempotency-key') sentKey: string | undefined,
    @Ctx() ctx: CallContext,
  ): Promise<V1Batch> {
    if (!sentKey) throw new DomainError(ErrorCode.VALIDATION_FAILED, IDEMPOTENCY_KEY_REQUIRED, [{ path: 'Idempotency-Key', message: IDEMPOTENCY_KEY_REQUIRED }]);
    const caller = signedIn(ctx);
    // A test key's Idempotency-Key names a test batch of its own (decision 124): the same key sent with a live key names another.
    const orderId = batchIdFor(caller.userId, caller.mode === 'test' ? `test:${idempotencyKey}` : idempotencyKey);
    const userId = caller.userId;
    const made = await this.rpc.call(OrdersRpc.bulkGet, { orderId }, ctx).catch((error: unknown) => {
      if (error instanceof DomainError && error.code === ErrorCode.NOT_FOUND) return null;
      throw error;
    });
    if (made && made.status !== 'draft') {
      if (made.totalCount !== body.shipments.length) throw new DomainError(ErrorCode.CONFLICT, 'This Idempotency-Key was already used for a different batch');
      return toV1Batch(made);
    }
    // A test key's batch is made and submitted only by replicas that know a batch's mode (decision 124): never one of
    // the previous release during a rolling update, which would make it live.
    const inTestMode = modeOf(caller) === 'test';
    await this.rpc.call(inTestMode ? OrdersRpc.bulkInitInTestMode : OrdersRpc.bulkInit, { userId, orderId }, ctx);
    await stageBulkRows(this.rpc, { userId, orderId, firstRow: 0 }, body.shipments, ctx);
    const submission = { userId, orderId, rowCount: body.shipments.length, options: body.options ?? {} };
    await this.rpc.call(inTestMode ? OrdersRpc.bulkProcessInTestMode : OrdersRpc.bulkProcess, submission, { ...ctx, timeoutMs: PROCESS_TIMEOUT_MS });
    return toV1Batch(await this.rpc.call(OrdersRpc.bulkGet, { orderId }, ctx));
  }

  @ApiDoc({ summary: 'One batch: its status, counts and money', response: v1BatchSchema })
  @Forwards(OrdersRpc.bulkGet)
  @TestModeReady()
  @Get(':id')
  async one(@Param('id') id: string, @Ctx() ctx: CallContext): Promise<V1Batch> {
    return toV1Batch(await this.rpc.call(OrdersRpc.bulkGet, { orderId: batchId(id) }, ctx));
  }

  @ApiDoc({
    summary: "A batch's labels in the file's row order, a page at a time: send the answer's next_cursor as cursor while has_more",
    query: v1BatchShipmentsQuerySchema,
    response: v1BatchShipmentsPageSchema,
  })
  @Forwards(OrdersRpc.bulkLabels)
  @TestModeReady()
  @Get(':id/shipments')
  async shipments(
    @Param('id') id: string,
    @Query(new StrictBody(v1BatchShipmentsQuerySchema)) query: z.output<typeof v1BatchShipmentsQuerySchema>,
    @Ctx() ctx: CallContext,
  ): Promise<V1BatchShipmentsPage> {
    const page = query.cursor ? decodePageCursor(query.cursor) : 1;
    const labels = await this.rpc.call(OrdersRpc.bulkLabels, { orderId: batchId(id), page, limit: query.limit }, ctx);
    const hasMore = page * query.limit < labels.totalCount;
    return {
      data: labels.labels.map((label) => ({
        item_id: label.itemId,
        row: label.row,
        tracking_number: label.trackingNumber,
        receiver_name: label.receiverName,
        service_name: label.serviceName,
        price_cents: label.price,
        label_state: label.state,
        tracking_status: label.trackingStatus,
        reason: label.reason,
      })),
      has_more: hasMore,
      next_cursor: hasMore ? encodePageCursor(page + 1) : null,
    };
  }
}
