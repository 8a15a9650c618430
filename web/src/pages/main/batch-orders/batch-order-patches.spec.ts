import type { BulkOrder, BulkRecoverResponse, BulkRetryResponse } from '@labeldesk/contracts';
import { recoverPatch, retryPatch } from './batch-order-patches';

const order = {
  _id: 'b1',
  totalCount: 10,
  pdfName: 'old.pdf',
  zplName: null,
  resultCSVName: 'old.csv',
  autoConfirmCSVName: 'old-amazon.csv',
} as unknown as BulkOrder;

const files: BulkRetryResponse['fileData'] = { pdfName: 'new.pdf' };

describe('a batch row after Retry or Recover', () => {
  it('takes the counts and status the retry answered, and keeps the files the answer does not name', () => {
    const result: BulkRetryResponse = { message: 'ok', fileData: files, finalProcessedCount: 9, finalFailedCount: 1, status: 'completed_with_errors', updatedTotalCount: 12, newlySuccessfulCount: 2 };
    expect(retryPatch(order, result)).toEqual({
      status: 'completed_with_errors',
      processedCount: 9,
      failedCount: 1,
      totalCount: 12,
      pdfName: 'new.pdf',
      zplName: null,
      resultCSVName: 'old.csv',
      autoConfirmCSVName: 'old-amazon.csv',
    });
  });

  it('keeps the total it had when the retry answers none', () => {
    const result: BulkRetryResponse = { message: 'ok', fileData: files, finalProcessedCount: 10, finalFailedCount: 0, status: 'completed', updatedTotalCount: 0, newlySuccessfulCount: 1 };
    expect(retryPatch(order, result).totalCount).toBe(10);
  });

  it('takes only the status and the rebuilt files from a recovery', () => {
    const result: BulkRecoverResponse = { message: 'Files rebuilt', status: 'completed', fileData: files };
    expect(recoverPatch(order, result)).toEqual({ status: 'completed', pdfName: 'new.pdf', zplName: null, resultCSVName: 'old.csv', autoConfirmCSVName: 'old-amazon.csv' });
  });
});
