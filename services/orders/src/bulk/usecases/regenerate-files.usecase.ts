import { Injectable, Logger } from '@nestjs/common';
import { DomainError, ErrorCode, type BulkStatus, type Caller, type OrdersRpc, type ResponseOf } from '@labeldesk/contracts';
import { batchInScope } from '../batch-in-scope';
import { fileDataOf } from '../bulk-order.mapper';
import { BulkEngine } from '../bulk-engine';
import { BulkProgressPublisher } from '../bulk-progress.publisher';
import { BulkOrdersRepository } from '../bulk-orders.repository';
import { BulkFilesRepository } from '../bulk-files.repository';

/** States whose files can be rebuilt: finished with labels, a failed earlier rebuild, or a build left stuck. */
const REBUILDABLE: readonly BulkStatus[] = ['completed', 'completed_with_errors', 'recovery_failed', 'generating_files'];

/** 'Regenerate Files' (`/bulk/recover`): rebuilds the three files from the items; a failure is `recovery_failed`. */
@Injectable()
export class RegenerateFilesUseCase {
  private readonly logger = new Logger(RegenerateFilesUseCase.name);

  constructor(
    private readonly batches: BulkOrdersRepository,
    private readonly batchFiles: BulkFilesRepository,
    private readonly engine: BulkEngine,
    private readonly progress: BulkProgressPublisher,
  ) {}

  async execute(caller: Caller, orderId: string): Promise<ResponseOf<typeof OrdersRpc.bulkRecover>> {
    const batch = await batchInScope(this.batches, caller, orderId, 'submitted');
    if (!REBUILDABLE.includes(batch.status) || (batch.status !== 'generating_files' && batch.processed_count === 0)) {
      throw new DomainError(ErrorCode.VALIDATION_FAILED, 'This bulk order has no labels to build files from');
    }
    if (!(await this.batchFiles.reopenForFiles(orderId, REBUILDABLE))) {
      throw new DomainError(ErrorCode.ORDERS_IN_PROGRESS, 'The files of this order are being built right now. Please try again in a few moments.');
    }
    try {
      const final = await this.engine.finish(orderId);
      if (!final) throw new Error('another worker took the rebuild over');
      return { message: 'Files regenerated successfully', status: final.status, fileData: fileDataOf(final) };
    } catch (error) {
      this.logger.error(`regenerating files of ${orderId}: ${String(error)}`);
      const failed = await this.batches.markError(orderId, ['generating_files'], 'recovery_failed', `Files could not be rebuilt: ${error instanceof Error ? error.message : String(error)}`);
      if (failed) this.progress.publish(failed);
      return { message: 'Recovery failed. Please try again.', status: 'recovery_failed', fileData: {} };
    }
  }
}
