import { BULK_MAX_ROWS, BULK_STAGE_ROWS, DomainError, ErrorCode, OrdersRpc, tooManyBulkRowsMessage, type BulkOrderItem, type ShippedRow } from '@labeldesk/contracts';
import type { RpcClient } from '@labeldesk/nest-transport';
import type { CallContext } from '../auth/request-context';
import { stageInSlices } from './bulk-staging';

/**
 * A batch's rows to orders in messages of BULK_STAGE_ROWS (NATS takes 1 MB a message), for the web app's Bulk Order
 * and the public API's batches alike; answers how many were held and adds the rows orders marked as already shipped
 * to `shipped`. Rows past the deployment's limit are refused before any of them is sent, so a refused slice leaves no
 * part of itself behind.
 */
export const stageBulkRows = async (
  rpc: RpcClient,
  batch: { userId: string; orderId: string; firstRow: number },
  rows: readonly BulkOrderItem[],
  ctx: CallContext,
  shipped: ShippedRow[] = [],
): Promise<number> => {
  // An orders replica older than the limits RPC (a rolling update, decision 020) holds the default limit.
  const { maxRows } = await rpc.call(OrdersRpc.bulkLimits, {}, ctx).catch(() => ({ maxRows: BULK_MAX_ROWS }));
  if (batch.firstRow + rows.length > maxRows) throw new DomainError(ErrorCode.VALIDATION_FAILED, tooManyBulkRowsMessage(maxRows));
  return stageInSlices(rows, batch.firstRow, BULK_STAGE_ROWS, async (slice) => {
    const answer = await rpc.call(OrdersRpc.bulkStage, { userId: batch.userId, orderId: batch.orderId, firstRow: slice.firstRow, rows: slice.rows }, ctx);
    shipped.push(...(answer.alreadyShipped ?? []));
    return answer.staged;
  });
};
