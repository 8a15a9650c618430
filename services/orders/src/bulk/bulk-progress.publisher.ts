import { Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { OrdersEvents, type BulkProgressEvent } from '@labeldesk/contracts';
import { RpcClient } from '@labeldesk/nest-transport';
import { fileDataOf } from './bulk-order.mapper';
import type { BulkOrderRow } from './bulk.rows';

/** At most this many events a second per batch, besides one on every status change. */
const MIN_INTERVAL_MS = 250;

interface Sent {
  at: number;
  status: string;
  trailing: NodeJS.Timeout | null;
  latest: BulkProgressEvent | null;
}

const toEvent = (row: BulkOrderRow): BulkProgressEvent => ({
  orderId: row.id,
  userId: row.user_id,
  processedCount: row.processed_count,
  failedCount: row.failed_count,
  status: row.status,
  totalCount: row.total_count,
  fileData: fileDataOf(row),
});

/**
 * Progress of a batch for the gateway to relay to its Socket.IO room. Throttled per batch: a change of status
 * goes out at once, counts at most every 250 ms, and the last count of a burst is never dropped.
 */
@Injectable()
export class BulkProgressPublisher implements OnApplicationShutdown {
  private readonly logger = new Logger(BulkProgressPublisher.name);
  private readonly sent = new Map<string, Sent>();

  constructor(private readonly rpc: RpcClient) {}

  publish(row: BulkOrderRow): void {
    const event = toEvent(row);
    const now = Date.now();
    const last = this.sent.get(row.id);
    if (!last || last.status !== event.status || now - last.at >= MIN_INTERVAL_MS) {
      if (last?.trailing) clearTimeout(last.trailing);
      this.sent.set(row.id, { at: now, status: event.status, trailing: null, latest: null });
      this.emit(event);
      return;
    }
    last.latest = event;
    last.trailing ??= setTimeout(() => {
      last.trailing = null;
      if (!last.latest) return;
      last.at = Date.now();
      this.emit(last.latest);
      last.latest = null;
    }, MIN_INTERVAL_MS - (now - last.at));
  }

  /** A batch that reached a final state needs no throttle state any more. */
  forget(orderId: string): void {
    const last = this.sent.get(orderId);
    if (last?.trailing) clearTimeout(last.trailing);
    this.sent.delete(orderId);
  }

  onApplicationShutdown(): void {
    for (const last of this.sent.values()) if (last.trailing) clearTimeout(last.trailing);
    this.sent.clear();
  }

  private emit(event: BulkProgressEvent): void {
    this.rpc.emit(OrdersEvents.bulkProgressed, event).catch((error: unknown) => this.logger.warn(`progress of ${event.orderId} not sent: ${String(error)}`));
  }
}
