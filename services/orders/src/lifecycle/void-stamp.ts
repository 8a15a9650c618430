import { Inject, Injectable, Logger } from '@nestjs/common';
import { DomainError, ErrorCode, type BulkStatus } from '@labeldesk/contracts';
import { ORM, schemaTable } from '@labeldesk/nest-orm';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { BulkOrdersRepository, RegenerateFilesUseCase } from '../bulk';
import type { LabelVoid } from './label-voids.repository';
import { stampVoidLabel } from './void-stamp.pdf';

/** Batch states whose files exist and can be rebuilt (RegenerateFilesUseCase's own list, less a build under way). */
const WITH_FILES: readonly BulkStatus[] = ['completed', 'completed_with_errors', 'recovery_failed', 'generating_files'];
/** Batch states that will build their files later, from the items as they are then (already stamped). */
const FILES_TO_COME: readonly BulkStatus[] = ['processing', 'retrying_failed'];
/** How often a rebuild is tried while another replica is rebuilding the same batch, and the first wait. */
const BUSY_TRIES = 9;
const BUSY_WAIT_MS = 1_000;

export type StampedLabel = Pick<LabelVoid, 'kind' | 'labelId' | 'orderId'>;

/**
 * Marks a voided label's files "VOID" where they are stored, so every download from then on (the same names, the
 * same links) shows it. A single order's label file is rewritten in place; a batch item's own label is rewritten and
 * the batch's files are rebuilt from the items by Regenerate Files. Safe to call again: a stamped label is left as
 * it is, and a rebuild only writes the same files again.
 */
@Injectable()
export class VoidStamper {
  private readonly logger = new Logger(VoidStamper.name);
  /** Per batch: the rebuild that has not started yet (later voids join it) and the one running. */
  private readonly queued = new Map<string, Promise<void>>();
  private readonly running = new Map<string, Promise<void>>();

  constructor(
    @Inject(ORM) private readonly orm: MikroORM,
    private readonly bulk: BulkOrdersRepository,
    private readonly regenerate: RegenerateFilesUseCase,
  ) {}

  private t(name: string): string {
    return schemaTable(this.orm, name);
  }

  async stamp(v: StampedLabel): Promise<void> {
    if (v.kind === 'single') {
      await this.stampOrderFile(v.orderId);
      return;
    }
    await this.stampBatchItem(v.orderId, v.labelId);
    // Rebuilt even when the item was stamped before: an earlier rebuild may have failed, leaving the files unstamped.
    await this.rebuildBatchFiles(v.orderId);
  }

  /**
   * The order's label file, read and written back under a row lock in one transaction, so two stamps never both
   * draw. Written whole into the row (`data`, `size_bytes`), its parts if it had any removed: a label is small.
   */
  private async stampOrderFile(orderId: string): Promise<void> {
    await this.orm.em.fork().transactional(async (em) => {
      const [file] = await em.execute<Array<{ id: string; data: Buffer | null; part_bytes: number | null }>>(
        `select f."id", f."data", f."part_bytes" from ${this.t('files')} f join ${this.t('orders')} o on o."pdf_file_id" = f."id" where o."id" = ? for update of f`,
        [orderId],
      );
      if (!file) throw new Error(`order ${orderId} has no label file to stamp VOID`);
      const before = file.part_bytes === null ? file.data : await this.parts(em, file.id);
      if (!before) throw new Error(`the label file of order ${orderId} has no bytes`);
      const after = await stampVoidLabel(before);
      if (after === before) return;
      const bytes = Buffer.from(after);
      await em.execute(`delete from ${this.t('file_parts')} where "file_id" = ?`, [file.id]);
      await em.execute(`update ${this.t('files')} set "data" = ?, "size_bytes" = ?, "part_bytes" = null where "id" = ?`, [bytes, bytes.length, file.id]);
    });
  }

  private async parts(em: EntityManager, fileId: string): Promise<Buffer> {
    const parts = await em.execute<Array<{ data: Buffer }>>(`select "data" from ${this.t('file_parts')} where "file_id" = ? order by "part_no"`, [fileId]);
    return Buffer.concat(parts.map((p) => p.data));
  }

  /** The item's own label, stamped under a row lock. */
  private async stampBatchItem(batchId: string, itemId: string): Promise<void> {
    await this.orm.em.fork().transactional(async (em) => {
      const [item] = await em.execute<Array<{ label_pdf: Buffer | null }>>(
        `select "label_pdf" from ${this.t('bulk_items')} where "id" = ? and "bulk_order_id" = ? for update`,
        [itemId, batchId],
      );
      if (!item?.label_pdf) throw new Error(`item ${itemId} of batch ${batchId} has no label to stamp VOID`);
      const after = await stampVoidLabel(item.label_pdf);
      if (after !== item.label_pdf) await em.execute(`update ${this.t('bulk_items')} set "label_pdf" = ? where "id" = ?`, [Buffer.from(after), itemId]);
    });
  }

  /**
   * Rebuilds the batch's files with Regenerate Files, which keeps their names and answers "processing" to downloads
   * meanwhile. Only a batch with files is rebuilt: one still buying builds them later from the stamped items, and
   * one in an error state keeps its files until the customer's Regenerate Files. Voids of one batch arriving together
   * share one rebuild that starts after all their items were stamped.
   */
  private rebuildBatchFiles(batchId: string): Promise<void> {
    const waiting = this.queued.get(batchId);
    if (waiting) return waiting;
    const before = this.running.get(batchId) ?? Promise.resolve();
    const next: Promise<void> = before
      .catch(() => undefined)
      .then(async () => {
        this.queued.delete(batchId);
        this.running.set(batchId, next);
        await this.rebuildWhenFree(batchId);
      })
      .finally(() => {
        if (this.running.get(batchId) === next) this.running.delete(batchId);
      });
    this.queued.set(batchId, next);
    return next;
  }

  /** Another replica's rebuild may have read the items before this stamp: wait for it to end and rebuild again. */
  private async rebuildWhenFree(batchId: string): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      const batch = await this.bulk.find(batchId);
      if (!batch) throw new Error(`batch ${batchId} not found`);
      if (FILES_TO_COME.includes(batch.status)) return;
      if (!WITH_FILES.includes(batch.status)) {
        this.logger.warn(`batch ${batchId} is ${batch.status}: its files show the VOID stamp after Regenerate Files`);
        return;
      }
      try {
        const rebuilt = await this.regenerate.execute({ userId: batch.user_id, role: 'user' }, batchId);
        if (rebuilt.status === 'recovery_failed') throw new Error(`the files of batch ${batchId} could not be rebuilt with the VOID stamp`);
        return;
      } catch (error) {
        if (!(error instanceof DomainError) || error.code !== ErrorCode.ORDERS_IN_PROGRESS || attempt >= BUSY_TRIES) throw error;
        await new Promise((resolve) => setTimeout(resolve, BUSY_WAIT_MS * 2 ** (attempt - 1)));
      }
    }
  }
}
