import { Inject, Injectable } from '@nestjs/common';
import { CARRIER_REGISTRY, type CarrierRegistry } from '../carriers';
import { FileRepository, type StoredFileEntity } from '../files';
import { BulkFilesRepository } from './bulk-files.repository';
import type { BulkFileRow, BulkFileRowWithLabel, BulkOrderRow } from './bulk.rows';
import { amazonConfirmTsvChunks, type AmazonConfirmRow } from './output/amazon-confirm-tsv.writer';
import { fileNames } from './output/file-names';
import { mergedLabelPdfChunks } from './output/merged-label-pdf.writer';
import { mergedLabelZplChunks } from './output/merged-label-zpl.writer';
import { resultCsvChunks, type ResultCsvRow } from './output/result-csv.writer';
import { tee } from './output/tee';

export interface BuiltFiles {
  /** The batch's labels file: the merged PDF, or the .zpl of a `zpl` batch (decision 047); the wire names it by its format. */
  labelFileId: string | null;
  resultFileId: string;
  confirmFileId: string | null;
  labelName: string | null;
  resultCsvName: string;
  autoConfirmCsvName: string | null;
}

const toResultRow = (item: BulkFileRow): ResultCsvRow => ({
  row: item.row_no + 1,
  orderId: item.order_id,
  orderItemId: item.order_item_id,
  skuNumber: item.sku_number,
  recipient: item.recipient,
  service: item.service_name,
  status: item.status === 'succeeded' ? 'success' : 'failed',
  trackingNumber: item.status === 'succeeded' ? item.tracking_number : null,
  priceCents: item.status === 'succeeded' ? item.price_cents : null,
  error: item.status === 'succeeded' ? null : (item.error ?? 'Not bought'),
});

/**
 * How far the rows' side of the one read may run ahead of the labels' (merging is the slower): each row held carries
 * its label file, up to ~150 kB from a carrier, so no more than the read's own page of them.
 */
const LABELS_AHEAD = 200;

/** Every value, once every promise has settled: a failure of one never leaves the others running on their own. */
const allSettled = async <T extends readonly unknown[]>(promises: { [K in keyof T]: Promise<T[K]> }): Promise<T> => {
  const settled = await Promise.allSettled(promises);
  for (const outcome of settled) if (outcome.status === 'rejected') throw outcome.reason;
  return settled.map((outcome) => (outcome as PromiseFulfilledResult<unknown>).value) as unknown as T;
};

async function* map<T, U>(source: AsyncIterable<T>, fn: (value: T) => U): AsyncGenerator<U> {
  for await (const value of source) yield fn(value);
}

/** The label files of the bought rows, in the rows' order. */
async function* labelsOf(rows: AsyncIterable<Pick<BulkFileRowWithLabel, 'status' | 'label_pdf'>>): AsyncGenerator<Buffer> {
  for await (const row of rows) if (row.status === 'succeeded' && row.label_pdf) yield row.label_pdf;
}

/**
 * The three files of a finished batch, each streamed from the items into the file store (parts of 512 kB):
 * the labels (merged into a PDF, or one .zpl), the result CSV (one line per submitted row) and, when rows name Amazon order
 * items, the Amazon confirmation TSV. Building
 * again replaces them, so Regenerate Files and a resumed build after a crash end in the same files.
 */
@Injectable()
export class BulkFilesBuilder {
  constructor(
    private readonly batchFiles: BulkFilesRepository,
    private readonly files: FileRepository,
    @Inject(CARRIER_REGISTRY) private readonly carriers: CarrierRegistry,
  ) {}

  async build(batch: BulkOrderRow): Promise<BuiltFiles> {
    // Sample labels say so in their file names and confirmation file, whichever carriers are configured today.
    const sample = (await this.batchFiles.hasSampleLabels(batch.id)) ?? !this.carriers.sellsPostage;
    const names = fileNames(new Date(batch.created_at), batch.id, sample);
    await this.files.removeOwnByNames(batch.user_id, batch.id, [names.pdfName, names.zplName, names.resultCSVName, names.autoConfirmCSVName]);
    const earlier = [batch.pdf_file_id, batch.result_file_id, batch.confirm_file_id].filter((id): id is string => id !== null);

    const anyLabel = batch.processed_count > 0;
    const confirms = anyLabel && (await this.batchFiles.hasOrderItemIds(batch.id));
    const shipDate = new Date();
    const saveResult = (items: AsyncIterable<BulkFileRow>) =>
      this.files.saveStream(batch.user_id, names.resultCSVName, 'text/csv; charset=utf-8', resultCsvChunks(map(items, toResultRow)));
    const saveConfirm = (items: AsyncIterable<BulkFileRow>) =>
      this.files.saveStream(
        batch.user_id,
        names.autoConfirmCSVName,
        'text/tab-separated-values; charset=utf-8',
        amazonConfirmTsvChunks(map(items, (item): AmazonConfirmRow => ({
          status: item.status === 'succeeded' ? 'success' : 'failed',
          orderId: item.order_id,
          orderItemId: item.order_item_id,
          quantity: item.quantity,
          trackingNumber: item.tracking_number,
          service: item.service_name,
          shipDate,
        })), { sample }),
      );
    const saveLabels = (labels: { name: string; contentType: string; chunks: AsyncIterable<Buffer> }) => this.files.saveStream(batch.user_id, labels.name, labels.contentType, labels.chunks);
    let labels: ReturnType<BulkFilesBuilder['labelsFile']> | null = null;
    let labelFile: StoredFileEntity | null = null;
    let result: StoredFileEntity;
    let confirm: StoredFileEntity | null = null;
    if (anyLabel && !batch.sort_by_sku) {
      // Labels printed in row order: the three files from one read of the items, written side by side.
      const [forLabels, forRows] = tee(this.batchFiles.itemsWithLabels(batch.id), LABELS_AHEAD);
      const rows = map(forRows, ({ label_pdf: _label, ...row }): BulkFileRow => row);
      labels = this.labelsFile(batch, names, labelsOf(forLabels));
      if (confirms) {
        const [forResult, forConfirm] = tee(rows);
        [labelFile, result, confirm] = await allSettled<[StoredFileEntity, StoredFileEntity, StoredFileEntity]>([saveLabels(labels), saveResult(forResult), saveConfirm(forConfirm)]);
      } else {
        [labelFile, result] = await allSettled<[StoredFileEntity, StoredFileEntity]>([saveLabels(labels), saveResult(rows)]);
      }
    } else if (anyLabel) {
      // Labels printed by SKU: their own read, then both other files from one read of the items, written side by side.
      labels = this.labelsFile(batch, names, this.batchFiles.labelFilesBySku(batch.id));
      labelFile = await saveLabels(labels);
      if (confirms) {
        const [forResult, forConfirm] = tee(this.batchFiles.itemsInOrder(batch.id));
        [result, confirm] = await allSettled<[StoredFileEntity, StoredFileEntity]>([saveResult(forResult), saveConfirm(forConfirm)]);
      } else {
        result = await saveResult(this.batchFiles.itemsInOrder(batch.id));
      }
    } else {
      result = await saveResult(this.batchFiles.itemsInOrder(batch.id));
    }
    await this.files.remove(earlier.filter((id) => id !== labelFile?.id && id !== result.id && id !== confirm?.id));
    return {
      labelFileId: labelFile?.id ?? null,
      resultFileId: result.id,
      confirmFileId: confirm?.id ?? null,
      labelName: labelFile && labels ? labels.name : null,
      resultCsvName: names.resultCSVName,
      autoConfirmCsvName: confirm ? names.autoConfirmCSVName : null,
    };
  }

  /** A `zpl` batch's labels go end to end in one .zpl (no PDF: its labels are ZPL); the others are merged into a PDF. */
  private labelsFile(batch: BulkOrderRow, names: ReturnType<typeof fileNames>, labels: AsyncIterable<Buffer>): { name: string; contentType: string; chunks: AsyncIterable<Buffer> } {
    if (batch.label_format === 'zpl') return { name: names.zplName, contentType: 'text/plain; charset=utf-8', chunks: mergedLabelZplChunks(labels) };
    return { name: names.pdfName, contentType: 'application/pdf', chunks: mergedLabelPdfChunks(labels, { layout: batch.label_format }) };
  }
}
