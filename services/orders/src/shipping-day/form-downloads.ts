import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { FileInfo } from '@labeldesk/contracts';
import { ownerScopeOf } from '@labeldesk/nest-transport';
import { BulkOrdersRepository } from '../bulk';
import { DownloadRegistry, UUID, type DownloadRequest } from '../files';
import { PackingSlipsUseCase } from './packing-slips.usecase';
import { ScanFormUseCase } from './scan-form.usecase';

/**
 * A batch's SCAN forms or packing slips, made on the first download (docs/decisions/046); a SCAN form also by its own
 * id (the single labels' forms). Someone else's batch or form answers as a missing one.
 */
@Injectable()
export class FormDownloads implements OnModuleInit {
  constructor(
    private readonly registry: DownloadRegistry,
    private readonly batches: BulkOrdersRepository,
    private readonly scanForms: ScanFormUseCase,
    private readonly packingSlips: PackingSlipsUseCase,
  ) {}

  onModuleInit(): void {
    this.registry.register(['scan-form'], (request) => this.scanForm(request));
    this.registry.register(['packing-slips'], (request) => this.slips(request));
  }

  private async scanForm({ caller, id }: DownloadRequest): Promise<FileInfo | null> {
    if (!UUID.test(id)) return null;
    if ((await this.batches.findOwned(id, ownerScopeOf(caller))) === null) {
      const form = await this.scanForms.formFile(caller, id);
      return form ? this.registry.ready(form.fileId, form.notice) : null;
    }
    const made = await this.scanForms.forBatch(caller, id);
    return made ? this.registry.ready(made.fileId, made.notice) : { status: 'processing' };
  }

  private async slips({ caller, id, variant }: DownloadRequest): Promise<FileInfo | null> {
    if (!UUID.test(id) || (await this.batches.findOwned(id, ownerScopeOf(caller))) === null) return null;
    const made = await this.packingSlips.forBatch(caller, id, variant);
    return made ? this.registry.ready(made.fileId) : { status: 'processing' };
  }
}
