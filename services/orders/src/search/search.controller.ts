import { Controller } from '@nestjs/common';
import { OrdersSearchRpc, type BulkOrdersPage, type Caller, type CsvChunk, type OrderSearchPage, type ParsedRequestOf } from '@labeldesk/contracts';
import { CurrentCaller, ownerScopeOf, RpcHandler, RpcPayload } from '@labeldesk/nest-transport';
import { BulkOrdersRepository, toBulkOrder } from '../bulk';
import { listedMode, rowToOrderListItem } from '../orders';
import { BatchSearchRepository } from './batch-search.repository';
import { batchesCsv } from './batches-csv';
import { OrderSearchRepository } from './order-search.repository';
import { ordersCsv } from './orders-csv';

type Req<K extends keyof typeof OrdersSearchRpc> = ParsedRequestOf<(typeof OrdersSearchRpc)[K]>;

/** The next part starts after the last row of a full part; a short part was the last. */
const nextAfter = (rows: ReadonlyArray<{ id: string; cursor_at: string }>, limit: number): CsvChunk['next'] => {
  const last = rows.at(-1);
  return last && rows.length === limit ? { createdAt: last.cursor_at, id: last.id } : null;
};

/**
 * Orders and batches found by the seller's filters, a page at a time or as CSV parts, in the caller's scope: a
 * customer's own, an admin's every customer's (or the one asked for).
 */
@Controller()
export class SearchController {
  constructor(
    private readonly orders: OrderSearchRepository,
    private readonly batches: BatchSearchRepository,
    private readonly bulk: BulkOrdersRepository,
  ) {}

  @RpcHandler(OrdersSearchRpc.orders)
  async onOrders(@CurrentCaller() caller: Caller, @RpcPayload(OrdersSearchRpc.orders) body: Req<'orders'>): Promise<OrderSearchPage> {
    const { page, limit, ...filters } = body;
    const found = await this.orders.page({ ...filters, mode: listedMode(caller, filters.mode) }, ownerScopeOf(caller), page, limit);
    return { orders: found.rows.map(rowToOrderListItem), total: found.total };
  }

  @RpcHandler(OrdersSearchRpc.ordersCsv)
  async onOrdersCsv(@CurrentCaller() caller: Caller, @RpcPayload(OrdersSearchRpc.ordersCsv) body: Req<'ordersCsv'>): Promise<CsvChunk> {
    const { after, limit, ...filters } = body;
    const rows = await this.orders.after({ ...filters, mode: listedMode(caller, filters.mode) }, ownerScopeOf(caller), after, limit);
    return { csv: ordersCsv(rows, after === undefined), rows: rows.length, next: nextAfter(rows, limit) };
  }

  @RpcHandler(OrdersSearchRpc.batches)
  async onBatches(@CurrentCaller() caller: Caller, @RpcPayload(OrdersSearchRpc.batches) body: Req<'batches'>): Promise<BulkOrdersPage> {
    const { page, limit, ...filters } = body;
    const found = await this.batches.page({ ...filters, mode: listedMode(caller, filters.mode) }, ownerScopeOf(caller), page, limit);
    const voids = await this.bulk.voidsOf(found.rows.map((row) => row.id));
    const bulkOrders = await Promise.all(found.rows.map(async (row) => toBulkOrder(row, row.failed_count > 0 ? await this.bulk.failedItems(row.id) : [], voids.get(row.id))));
    return { bulkOrders, totalCount: found.total };
  }

  @RpcHandler(OrdersSearchRpc.batchesCsv)
  async onBatchesCsv(@CurrentCaller() caller: Caller, @RpcPayload(OrdersSearchRpc.batchesCsv) body: Req<'batchesCsv'>): Promise<CsvChunk> {
    const { after, limit, ...filters } = body;
    const rows = await this.batches.after({ ...filters, mode: listedMode(caller, filters.mode) }, ownerScopeOf(caller), after, limit);
    return { csv: batchesCsv(rows, after === undefined), rows: rows.length, next: nextAfter(rows, limit) };
  }
}
