import { Controller, Get, Query, Res } from '@nestjs/common';
import {
  batchSearchFiltersSchema,
  batchSearchQuerySchema,
  bulkOrdersPageSchema,
  EXPORT_CHUNK_ROWS,
  EXPORT_ROWS_CEILING,
  orderSearchFiltersSchema,
  orderSearchPageSchema,
  orderSearchQuerySchema,
  OrdersSearchRpc,
  type BatchSearchFilters,
  type BatchSearchQuery,
  type BulkOrdersPage,
  type CsvChunk,
  type ExportCursor,
  type OrderSearchFilters,
  type OrderSearchPage,
  type OrderSearchQuery,
} from '@labeldesk/contracts';
import { RpcClient } from '@labeldesk/nest-transport';
import type { Response } from 'express';
import { Forwards } from '../auth/access.decorators';
import { Ctx, type CallContext } from '../auth/request-context';
import { ApiDoc } from '../docs/api-doc.decorator';
import { ZodBody } from './zod-body.pipe';

/** Asks for one part of an export after a cursor (none: the first part, with the header). */
type ChunkReader = (after: ExportCursor | undefined, limit: number) => Promise<CsvChunk>;

/**
 * Writes an export part by part as orders answers them, up to the ceiling, so no export is held whole here. The first
 * part is asked for before anything is sent, so a refused filter or a service that is down is a plain error answer.
 */
const streamCsv = async (res: Response, fileName: string, read: ChunkReader): Promise<void> => {
  let chunk = await read(undefined, Math.min(EXPORT_CHUNK_ROWS, EXPORT_ROWS_CEILING));
  res.status(200);
  res.setHeader('Content-Type', 'text/csv; charset=utf-8');
  res.setHeader('Content-Disposition', `attachment; filename="${fileName}"`);
  res.setHeader('Cache-Control', 'no-store');
  let written = 0;
  try {
    for (;;) {
      res.write(chunk.csv);
      written += chunk.rows;
      const left = EXPORT_ROWS_CEILING - written;
      if (chunk.next === null || left <= 0) break;
      chunk = await read(chunk.next, Math.min(EXPORT_CHUNK_ROWS, left));
    }
    res.end();
  } catch {
    // Half a file must not look whole: the download fails instead of ending cleanly.
    res.destroy();
  }
};

const today = (): string => new Date().toISOString().slice(0, 10);

/**
 * The Orders and Batch Orders pages' searches (issue 49): the filters, a page and the total, or every matching row
 * (up to EXPORT_ROWS_CEILING) as CSV. Apart from GET /api/orders/{userId}, whose whole-list answer the spec fixes. A
 * customer finds only their own; an admin every customer's, or one's with `userId`.
 */
@Controller()
export class OrderSearchController {
  constructor(private readonly rpc: RpcClient) {}

  @ApiDoc({
    summary: "Single orders, newest first, a page at a time with the total: search the order id, tracking number, receiver's name or package reference (q); filter by state, service, carrier (courier), UTC days and, for an admin, userId",
    query: orderSearchQuerySchema,
    response: orderSearchPageSchema,
  })
  @Forwards(OrdersSearchRpc.orders)
  @Get('order-search')
  orders(@Query(new ZodBody(orderSearchQuerySchema)) query: OrderSearchQuery, @Ctx() ctx: CallContext): Promise<OrderSearchPage> {
    return this.rpc.call(OrdersSearchRpc.orders, query, ctx);
  }

  @ApiDoc({ summary: `The same search's orders as a CSV file (newest first, at most ${EXPORT_ROWS_CEILING} rows), cells safe to open in a spreadsheet`, query: orderSearchFiltersSchema })
  @Forwards(OrdersSearchRpc.ordersCsv)
  @Get('order-search/csv')
  async ordersCsv(@Query(new ZodBody(orderSearchFiltersSchema)) filters: OrderSearchFilters, @Ctx() ctx: CallContext, @Res() res: Response): Promise<void> {
    await streamCsv(res, `Orders_${today()}.csv`, (after, limit) => this.rpc.call(OrdersSearchRpc.ordersCsv, { ...filters, limit, ...(after ? { after } : {}) }, ctx));
  }

  @ApiDoc({
    summary: "Batch orders, newest first, a page at a time with the total: search the batch id or its files' names (q); filter by status, UTC days and, for an admin, userId; live batches, or those made in test mode with mode=test",
    query: batchSearchQuerySchema,
    response: bulkOrdersPageSchema,
  })
  @Forwards(OrdersSearchRpc.batches)
  @Get('batch-search')
  batches(@Query(new ZodBody(batchSearchQuerySchema)) query: BatchSearchQuery, @Ctx() ctx: CallContext): Promise<BulkOrdersPage> {
    return this.rpc.call(OrdersSearchRpc.batches, query, ctx);
  }

  @ApiDoc({ summary: `The same search's batches as a CSV file (newest first, at most ${EXPORT_ROWS_CEILING} rows)`, query: batchSearchFiltersSchema })
  @Forwards(OrdersSearchRpc.batchesCsv)
  @Get('batch-search/csv')
  async batchesCsv(@Query(new ZodBody(batchSearchFiltersSchema)) filters: BatchSearchFilters, @Ctx() ctx: CallContext, @Res() res: Response): Promise<void> {
    await streamCsv(res, `Batch_Orders_${today()}.csv`, (after, limit) => this.rpc.call(OrdersSearchRpc.batchesCsv, { ...filters, limit, ...(after ? { after } : {}) }, ctx));
  }
}
