import { Injectable } from '@nestjs/common';
import { FINAL_BULK_STATUSES, type Caller } from '@labeldesk/contracts';
import { ownerScopeOf } from '@labeldesk/nest-transport';
import { BulkOrdersRepository } from '../bulk';
import { FileRepository, fileInScope } from '../files';
import { packingSlipsOf, type SlipVariant } from './packing-slip.content';
import { packingSlipsPdf } from './packing-slips.pdf';
import { PackingSlipsRepository } from './packing-slips.repository';

/**
 * A batch's packing slips (one page per order, in the labels' order), built on the first download of each variant
 * and answered again after: the file's name carries the batch's round and label count, so a retry of failed labels
 * (which adds labels) builds them anew.
 */
@Injectable()
export class PackingSlipsUseCase {
  constructor(
    private readonly bulk: BulkOrdersRepository,
    private readonly files: FileRepository,
    private readonly slips: PackingSlipsRepository,
  ) {}

  /** The slips' file id; null while the batch still runs. */
  async forBatch(caller: Caller, bulkOrderId: string, variant: SlipVariant): Promise<{ fileId: string } | null> {
    const scope = ownerScopeOf(caller);
    const batch = fileInScope(await this.bulk.findOwned(bulkOrderId, scope), scope);
    if (!FINAL_BULK_STATUSES.includes(batch.status)) return null;
    const name = `Packing_Slips_${bulkOrderId.slice(0, 8)}_r${batch.round}_${batch.processed_count}${variant === 'gift' ? '_gift' : ''}.pdf`;
    const known = await this.files.findByOwnerAndName(batch.user_id, name);
    if (known) return { fileId: known.id };
    const rows = await this.slips.rows(bulkOrderId, batch.sort_by_sku);
    const file = await this.files.saveStream(batch.user_id, name, 'application/pdf', packingSlipsPdf(packingSlipsOf(rows), variant, new Date()));
    return { fileId: file.id };
  }
}
