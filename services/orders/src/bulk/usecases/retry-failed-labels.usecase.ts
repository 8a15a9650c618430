import { Injectable } from '@nestjs/common';
import { DomainError, ErrorCode, FINAL_BULK_STATUSES, PaymentsRpc, type BulkRetryResponse, type BulkStatus, type Caller } from '@labeldesk/contracts';
import { RpcClient } from '@labeldesk/nest-transport';
import { batchInScope, BULK_ORDER_NOT_FOUND } from '../batch-in-scope';
import { fileDataOf } from '../bulk-order.mapper';
import { BulkWorkSignal } from '../bulk-work.signal';
import { BulkProgressPublisher } from '../bulk-progress.publisher';
import { BulkOrdersRepository } from '../bulk-orders.repository';
import { BulkRoundsRepository } from '../bulk-rounds.repository';
import type { BulkOrderRow } from '../bulk.rows';
import { holdOf, isHoldRefusal } from '../hold-refusal';

/** Where a retry may start from: a finished batch with failures (every label failed counts too). */
const RETRYABLE: readonly BulkStatus[] = ['completed_with_errors', 'failed'];
/** The reply waits this long for the retry to end; past it the reply says it goes on (the widget follows by socket). */
const WAIT_MS = 100_000;

export const NO_FAILED_LABELS = 'No failed labels found for this order';

/**
 * 'Retry Failed': only the failed items are bought again, under a new hold for exactly their price; the items
 * keep their carrier key, so a label the carrier did make is answered again instead of bought twice.
 */
@Injectable()
export class RetryFailedLabelsUseCase {
  constructor(
    private readonly batches: BulkOrdersRepository,
    private readonly rounds: BulkRoundsRepository,
    private readonly rpc: RpcClient,
    private readonly work: BulkWorkSignal,
    private readonly progress: BulkProgressPublisher,
  ) {}

  async execute(caller: Caller, orderId: string, waitMs = WAIT_MS): Promise<BulkRetryResponse> {
    const batch = await batchInScope(this.batches, caller, orderId, 'submitted');
    if (!FINAL_BULK_STATUSES.includes(batch.status)) throw new DomainError(ErrorCode.ORDERS_IN_PROGRESS, 'This bulk order is still being processed. Please wait for it to finish.');
    if (!RETRYABLE.includes(batch.status) || batch.failed_count === 0) throw new DomainError(ErrorCode.VALIDATION_FAILED, NO_FAILED_LABELS);

    const round = await this.rounds.startRetryRound(orderId, RETRYABLE);
    if (!round) throw new DomainError(ErrorCode.VALIDATION_FAILED, NO_FAILED_LABELS);
    if (round.holdCents > 0) {
      try {
        await this.rpc.call(PaymentsRpc.placeHold, { ...holdOf(batch), holdId: round.holdId, amountCents: round.holdCents, reference: `bulk order ${orderId} retry ${round.round - 1}` }, { asService: true });
      } catch (error) {
        if (isHoldRefusal(error)) {
          await this.rounds.undoRetryRound(orderId, round.round, batch.status);
          throw error;
        }
        // No clear answer: the engine places the same hold again before buying.
      }
    }
    const retrying = await this.batches.find(orderId);
    if (retrying) this.progress.publish(retrying);
    this.work.announce(orderId);

    const final = await this.waitForEnd(orderId, waitMs);
    const newly = final.processed_count - batch.processed_count;
    const ended = FINAL_BULK_STATUSES.includes(final.status);
    return {
      message: !ended
        ? `Retrying ${round.count} failed label(s): still working, progress follows live.`
        : final.failed_count > 0
          ? `${newly} labels recovered. ${final.failed_count} still failed.`
          : `All ${newly} failed labels recovered.`,
      fileData: fileDataOf(final),
      finalProcessedCount: final.processed_count,
      finalFailedCount: final.failed_count,
      status: final.status,
      updatedTotalCount: final.total_count,
      newlySuccessfulCount: newly,
    };
  }

  private async waitForEnd(orderId: string, waitMs: number): Promise<BulkOrderRow> {
    const until = Date.now() + waitMs;
    for (;;) {
      const row = await this.batches.find(orderId);
      if (!row) throw new DomainError(ErrorCode.NOT_FOUND, BULK_ORDER_NOT_FOUND);
      if (FINAL_BULK_STATUSES.includes(row.status) || Date.now() >= until) return row;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}
