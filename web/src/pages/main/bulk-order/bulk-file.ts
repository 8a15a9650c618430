import type { BulkLimits } from '@labeldesk/contracts';
import { DEFAULT_BULK_LIMITS } from '../../../services/bulk-orders/bulk-limits';

/** Why a file gave no rows; `parse` is 'Error parsing file', the rest 'File processing failed' (spec 8). */
export type BulkFileErrorKind = 'parse' | 'processing' | 'limit' | 'address';

/** A file that gave no rows; the message says what to change. */
export class BulkFileError extends Error {
  constructor(
    readonly kind: BulkFileErrorKind,
    message: string,
  ) {
    super(message);
    this.name = 'BulkFileError';
  }
}

export type BulkFileKind = 'csv' | 'amazon-report';

/** .csv is the template's format; .txt (and .tsv) is Amazon's tab-separated unshipped-orders report. */
export const bulkFileKind = (fileName: string): BulkFileKind | null => {
  const extension = /\.([a-z0-9]+)$/i.exec(fileName.trim())?.[1]?.toLowerCase();
  if (extension === 'csv') return 'csv';
  if (extension === 'txt' || extension === 'tsv') return 'amazon-report';
  return null;
};

const megabytes = (bytes: number): string => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
const count = (value: number): string => value.toLocaleString('en-US');

/** The limits as the upload area states them: "10 MB", "10,000". */
export const maxFileText = (limits: BulkLimits): string => `${Math.round(limits.maxFileBytes / (1024 * 1024))} MB`;
export const maxRowsText = (limits: BulkLimits): string => count(limits.maxRows);

export const fileTooLargeMessage = (bytes: number, limits: BulkLimits = DEFAULT_BULK_LIMITS): string =>
  `This file is ${megabytes(bytes)}. A bulk upload can be at most ${maxFileText(limits)}: split it into smaller files.`;

export const tooManyRowsMessage = (rows: number, limits: BulkLimits = DEFAULT_BULK_LIMITS): string =>
  `This file gives ${count(rows)} rows. A bulk order holds at most ${maxRowsText(limits)} rows: split it into several files.`;

/** Refuses a file before it is read: wrong type or over the size limit. Nothing is sent either way. */
export const checkBulkFile = (file: { name: string; size: number }, limits: BulkLimits = DEFAULT_BULK_LIMITS): BulkFileKind => {
  const kind = bulkFileKind(file.name);
  if (!kind) throw new BulkFileError('processing', 'Choose a .csv file made from the Bulk Template, or an Amazon unshipped-orders .txt file.');
  if (file.size > limits.maxFileBytes) throw new BulkFileError('limit', fileTooLargeMessage(file.size, limits));
  if (file.size === 0) throw new BulkFileError('processing', 'The file is empty.');
  return kind;
};

export const checkRowCount = (rows: number, limits: BulkLimits = DEFAULT_BULK_LIMITS): void => {
  if (rows > limits.maxRows) throw new BulkFileError('limit', tooManyRowsMessage(rows, limits));
  if (rows === 0) throw new BulkFileError('processing', 'The file has no rows under its header line.');
};

/**
 * The file's text: UTF-8 (a BOM is dropped), or Windows-1252 when the bytes are not UTF-8, as Amazon's
 * reports from some marketplaces are (formats.md 3.1).
 */
export const decodeText = (bytes: Uint8Array): string => {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
};
