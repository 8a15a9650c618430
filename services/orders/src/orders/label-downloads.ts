import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { DownloadKind, FileInfo } from '@labeldesk/contracts';
import { ownerScopeOf } from '@labeldesk/nest-transport';
import { keyModeOf } from '../common';
import { DownloadRegistry, fileNotFound, UUID, type DownloadRequest } from '../files';
import { LabelPaper } from '../label-size';
import { OrderRepository } from './order.repository';

/**
 * One order's label, by the order's id or the label's name: `pdf` and `zpl` answer only a label of that format, `v2`
 * (by name) any, the name says which it is. 'processing' while the label is being bought. A PDF label comes on the
 * paper asked for, else the caller's label size (decision 096).
 */
@Injectable()
export class LabelDownloads implements OnModuleInit {
  constructor(
    private readonly registry: DownloadRegistry,
    private readonly orders: OrderRepository,
    private readonly paper: LabelPaper,
  ) {}

  onModuleInit(): void {
    for (const kind of ['v2', 'pdf', 'zpl'] as const) this.registry.register([kind], (request) => this.label(kind, request));
  }

  private async label(kind: DownloadKind, { caller, id, labelSize }: DownloadRequest): Promise<FileInfo | null> {
    const scope = ownerScopeOf(caller);
    const order = UUID.test(id) ? await this.orders.findOwned(id, scope) : await this.orders.findByLabelName(id, scope);
    // A key downloads only its own mode's labels, as the lists show them (decisions 119, 124); a session either mode's.
    const bound = keyModeOf(caller);
    if (!order || (bound !== undefined && order.mode !== bound)) return null;
    if (order.status === 'pending') return { status: 'processing' };
    if (kind !== 'v2' && (order.labelFormat ?? 'PDF') !== (kind === 'zpl' ? 'ZPL' : 'PDF')) throw fileNotFound();
    return this.paper.onPaper(await this.registry.ready(order.labelFileId), caller, labelSize);
  }
}
