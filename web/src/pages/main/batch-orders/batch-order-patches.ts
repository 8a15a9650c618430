import type { BulkOrder, BulkRecoverResponse, BulkRetryResponse } from '@labeldesk/contracts';

type BatchFiles = Pick<BulkOrder, 'pdfName' | 'zplName' | 'resultCSVName' | 'autoConfirmCSVName'>;

/** The batch's files after an action: a file the answer names replaces the row's, one it leaves out is kept. */
const filesAfter = (order: BulkOrder, fileData: BulkRetryResponse['fileData']): BatchFiles => ({
  pdfName: fileData.pdfName ?? order.pdfName,
  zplName: fileData.zplName ?? order.zplName,
  resultCSVName: fileData.resultCSVName ?? order.resultCSVName,
  autoConfirmCSVName: fileData.autoConfirmCSVName ?? order.autoConfirmCSVName,
});

/** What a retry changes in the row on screen: the status, the counts (the total only when the answer has one) and the files. */
export const retryPatch = (order: BulkOrder, result: BulkRetryResponse): Partial<BulkOrder> => ({
  status: result.status,
  processedCount: result.finalProcessedCount,
  failedCount: result.finalFailedCount,
  totalCount: result.updatedTotalCount > 0 ? result.updatedTotalCount : order.totalCount,
  ...filesAfter(order, result.fileData),
});

/** What a recovery changes in the row on screen: the status and the rebuilt files. */
export const recoverPatch = (order: BulkOrder, result: BulkRecoverResponse): Partial<BulkOrder> => ({
  status: result.status,
  ...filesAfter(order, result.fileData),
});
