import { Injectable, type OnModuleInit } from '@nestjs/common';
import { FINAL_BULK_STATUSES, type DownloadKind, type FileInfo } from '@labeldesk/contracts';
import { ownerScopeOf } from '@labeldesk/nest-transport';
import { keyModeOf } from '../common';
import { DownloadRegistry, UUID, type DownloadRequest } from '../files';
import { BulkOrdersRepository } from './bulk-orders.repository';

/** A batch's files, by the batch's id or the file's own name: its labels (PDF or ZPL), result CSV and confirmation CSV. */
@Injectable()
export class BatchDownloads implements OnModuleInit {
  constructor(
    private readonly registry: DownloadRegistry,
    private readonly batches: BulkOrdersRepository,
  ) {}

  onModuleInit(): void {
    for (const kind of ['pdf', 'zpl', 'result-csv', 'auto-csv'] as const) this.registry.register([kind], (request) => this.file(kind, request));
  }

  private async file(kind: DownloadKind, { caller, id }: DownloadRequest): Promise<FileInfo | null> {
    const scope = ownerScopeOf(caller);
    const batch = UUID.test(id) ? await this.batches.findOwned(id, scope) : await this.batches.findOwnedByFileName(id, scope);
    // A key downloads only its own mode's batch files (decision 124); a session either mode's.
    const bound = keyModeOf(caller);
    if (!batch || (bound !== undefined && batch.mode !== bound)) return null;
    // The labels file is the .zpl of a `zpl` batch and the PDF of the others (decision 047): each kind answers its own.
    const labelsKind = batch.label_format === 'zpl' ? 'zpl' : 'pdf';
    const fileId = kind === labelsKind ? batch.pdf_file_id : kind === 'result-csv' ? batch.result_file_id : kind === 'auto-csv' ? batch.confirm_file_id : null;
    if (!FINAL_BULK_STATUSES.includes(batch.status)) return { status: 'processing' };
    return this.registry.ready(fileId);
  }
}
