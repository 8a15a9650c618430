/** What other features may use of bulk orders: the module, the batch rows, and the merged label PDF writer. */
export { BulkModule } from './bulk.module';
export { labelsFileNames, toBulkOrder } from './bulk-order.mapper';
export { BulkOrdersRepository } from './bulk-orders.repository';
export { batchInScope, BULK_ORDER_NOT_FOUND } from './batch-in-scope';
export { type BulkOrderRow } from './bulk.rows';
export { mergedLabelPdfChunks } from './output/merged-label-pdf.writer';
export { RegenerateFilesUseCase } from './usecases/regenerate-files.usecase';
/** The inbox buys imported orders as a batch (decision 113). */
export { BulkStagingRepository } from './bulk-staging.repository';
export { SubmitBulkOrderUseCase } from './usecases/submit-bulk-order.usecase';
export { BatchDownloads } from './batch-downloads';
/** Spreadsheet-safe CSV lines and dollar amounts, for every CSV orders writes. */
export { csvLine } from './output/safe-cell';
export { formatPriceUsd } from './output/result-csv.writer';
