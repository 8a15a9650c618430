import { Controller, Get, Param, Query } from '@nestjs/common';
import { OrdersRpc } from '@labeldesk/contracts';
import { RpcClient } from '@labeldesk/nest-transport';
import type { z } from 'zod';
import { Forwards } from '../auth/access.decorators';
import { CountsSessions } from '../auth/rate-limit-headers';
import { Ctx, type CallContext } from '../auth/request-context';
import { ApiDoc } from '../docs/api-doc.decorator';
import { decodePageCursor, encodePageCursor } from './page-cursor';
import { pathId } from './path-id';
import { StrictBody } from './strict-body.pipe';
import { v1BatchSchema, v1BatchShipmentsPageSchema, v1BatchShipmentsQuerySchema, type V1Batch, type V1BatchShipmentsPage } from './v1.schemas';

const batchId = (id: string): string => pathId(id, 'Batch not found');

/**
 * Batches (labels bought together, on the web app's Bulk Order page) as integrators read them (issue 48, decision 103):
 * one with its progress, and its labels a page at a time in the file's row order.
 */
@CountsSessions()
@Controller('v1/batches')
export class V1BatchesController {
  constructor(private readonly rpc: RpcClient) {}

  @ApiDoc({ summary: 'One batch: its status, counts and money', response: v1BatchSchema })
  @Forwards(OrdersRpc.bulkGet)
  @Get(':id')
  async one(@Param('id') id: string, @Ctx() ctx: CallContext): Promise<V1Batch> {
    const batch = await this.rpc.call(OrdersRpc.bulkGet, { orderId: batchId(id) }, ctx);
    return {
      id: batch._id,
      status: batch.status,
      total_count: batch.totalCount,
      processed_count: batch.processedCount,
      failed_count: batch.failedCount,
      cost_cents: batch.bulkOrderData.cost,
      quoted_cents: batch.bulkOrderData.quotedCost,
      label_format: batch.bulkOrderData.labelFormat,
      created_at: batch.createdAt,
      updated_at: batch.updatedAt,
    };
  }

  @ApiDoc({
    summary: "A batch's labels in the file's row order, a page at a time: send the answer's next_cursor as cursor while has_more",
    query: v1BatchShipmentsQuerySchema,
    response: v1BatchShipmentsPageSchema,
  })
  @Forwards(OrdersRpc.bulkLabels)
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
