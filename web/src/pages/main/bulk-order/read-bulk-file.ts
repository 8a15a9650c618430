import type { BulkLimits, SavedAddress, SkuRecord } from '@labeldesk/contracts';
import { parseAmazonTxt } from './amazon-parser';
import { BulkFileError, checkBulkFile, decodeText } from './bulk-file';
import { csvHeaderLine, isTemplateHeader, parseBulkCsv } from './csv-parser';
import { readForeignCsv } from './foreign-csv';
import type { ForeignCsv } from './foreign-csv';
import type { LoadedRow } from './use-bulk-rows';

export interface ReadBulkFileOptions {
  /** The service chosen on the page, for Amazon rows (they name none). */
  serviceName: string;
  /** The sender picked on the page; the first saved address when it is gone. */
  senderId: string;
  /** This deployment's limits (GET /api/orders/bulk/limits). */
  limits: BulkLimits;
  /** Presets and addresses as they are now: a SKU saved a minute ago is in the file already. */
  amazonContext: () => Promise<{ addresses: readonly SavedAddress[]; skus: readonly SkuRecord[] }>;
}

export interface ReadBulkFile {
  kind: 'rows';
  rows: LoadedRow[];
  /** What the user should know about the Amazon rows that were flagged or skipped. */
  note: string | undefined;
}

/** A CSV whose header is not the template's: its columns are mapped before it becomes rows (issue 24). */
export interface ReadForeignFile {
  kind: 'foreign';
  file: ForeignCsv;
}

/** Lets the browser paint (the spinner) before a long synchronous parse. */
const nextFrame = (): Promise<void> => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

/**
 * Turns a chosen .csv or Amazon .txt file into rows, or a CSV with another header into a file to map; throws
 * BulkFileError for a file that cannot be used.
 */
export const readBulkFile = async (file: File, options: ReadBulkFileOptions): Promise<ReadBulkFile | ReadForeignFile> => {
  const kind = checkBulkFile(file, options.limits);
  const bytes = new Uint8Array(await file.arrayBuffer());
  await nextFrame();
  if (kind === 'csv') {
    const text = decodeText(bytes);
    if (!isTemplateHeader(csvHeaderLine(text))) return { kind: 'foreign', file: readForeignCsv(text, options.limits) };
    return { kind: 'rows', rows: parseBulkCsv(text, options.limits).map((values) => ({ values })), note: undefined };
  }

  const { addresses, skus } = await options.amazonContext();
  const sender = addresses.find((address) => address._id === options.senderId) ?? addresses[0];
  const result = parseAmazonTxt(decodeText(bytes), { sender, skus, serviceName: options.serviceName, limits: options.limits });
  const notes = [
    result.missingPresets.length > 0 ? `No SKU preset for ${result.missingPresets.slice(0, 5).join(', ')}${result.missingPresets.length > 5 ? '…' : ''}: those rows are flagged.` : '',
    result.skipped > 0 ? `${result.skipped} line(s) with nothing left to ship were skipped.` : '',
  ].filter((text) => text !== '');
  return { kind: 'rows', rows: result.rows, note: notes.length > 0 ? notes.join(' ') : undefined };
};

/** The text under the upload area when a file could not be used. */
export const fileFailureMessage = (error: unknown): string =>
  error instanceof BulkFileError ? error.message : 'The file could not be read. Check that it is a .csv or an Amazon .txt report, then try again.';

/** The toast's title for the same failure. */
export const fileFailureTitle = (error: unknown): string => {
  if (error instanceof BulkFileError) {
    if (error.kind === 'parse') return 'Error parsing file';
    if (error.kind === 'address') return error.message;
  }
  return 'File processing failed';
};
