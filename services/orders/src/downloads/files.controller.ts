import { Controller } from '@nestjs/common';
import { DomainError, ErrorCode, FINAL_BULK_STATUSES, OrdersRpc, type Caller, type DownloadKind, type FileInfo, type ParsedRequestOf } from '@labeldesk/contracts';
import { CurrentCaller, ownsOrAdmin, RpcHandler, RpcPayload } from '@labeldesk/nest-transport';
import { type BulkOrderRow, BulkOrdersRepository } from '../bulk';
import { OrderRepository } from '../orders';
import { type FormFile, PackingSlipsUseCase, ScanFormUseCase } from '../shipping-day';
import { FileRepository } from '../files';

/** Spec 8 "Downloads" wording, so API clients read the same text as the web app shows. */
const NOT_FOUND_MESSAGE = 'File not found. This file may not have been generated yet.';

const notFound = () => new DomainError(ErrorCode.NOT_FOUND, NOT_FOUND_MESSAGE);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Downloads: the owner or an admin only; 'processing' while the label is being bought. Someone else's file answers
 * exactly as a missing one does (404, same words), so a stranger cannot learn which names or ids exist.
 */
@Controller()
export class FilesController {
  constructor(
    private readonly files: FileRepository,
    private readonly orders: OrderRepository,
    private readonly bulk: BulkOrdersRepository,
    private readonly scanForms: ScanFormUseCase,
    private readonly packingSlips: PackingSlipsUseCase,
  ) {}

  @RpcHandler(OrdersRpc.fileInfo)
  async info(@CurrentCaller() caller: Caller, @RpcPayload(OrdersRpc.fileInfo) body: ParsedRequestOf<typeof OrdersRpc.fileInfo>): Promise<FileInfo> {
    if (body.kind === 'scan-form' || body.kind === 'packing-slips') return this.shippingDayFile(caller, body.kind, body.id, body.variant ?? 'standard');
    const batch = body.kind !== 'v2' ? await this.findBatch(body.id) : null;
    if (batch) return this.batchFile(caller, batch, body.kind);
    if (body.kind !== 'v2' && body.kind !== 'pdf' && body.kind !== 'zpl') throw notFound();
    const order = UUID.test(body.id) ? await this.orders.findById(body.id) : await this.orders.findByPdfName(body.id);
    if (!order) throw notFound();
    if (!ownsOrAdmin(caller, order.userId)) throw notFound();
    if (order.status === 'pending') return { status: 'processing' };
    // `pdf` and `zpl` answer only a label of that format; `v2` (by name) any, the name says which it is.
    if (body.kind !== 'v2' && (order.labelFormat ?? 'PDF') !== (body.kind === 'zpl' ? 'ZPL' : 'PDF')) throw notFound();
    const file = order.pdfFileId ? await this.files.findInfo(order.pdfFileId) : null;
    if (!file) throw notFound();
    return { status: 'ready', fileId: file.id, fileName: file.name, contentType: file.contentType, sizeBytes: file.sizeBytes };
  }

  /**
   * A batch's SCAN forms or packing slips, made on the first download (docs/decisions/046); a SCAN form also by its
   * own id (the single labels' forms). Someone else's batch or form answers as a missing one.
   */
  private async shippingDayFile(caller: Caller, kind: 'scan-form' | 'packing-slips', id: string, variant: 'standard' | 'gift'): Promise<FileInfo> {
    if (!UUID.test(id)) throw notFound();
    const isBatch = (await this.bulk.find(id)) !== null;
    const made: FormFile | null = kind === 'packing-slips'
      ? isBatch ? await this.packingSlips.forBatch(caller, id, variant) : null
      : isBatch ? await this.scanForms.forBatch(caller, id) : await this.scanForms.formFile(caller, id);
    if (made === null) {
      if (isBatch) return { status: 'processing' };
      throw notFound();
    }
    const file = await this.files.findInfo(made.fileId);
    if (!file) throw notFound();
    return { status: 'ready', fileId: file.id, fileName: file.name, contentType: file.contentType, sizeBytes: file.sizeBytes, ...(made.notice ? { notice: made.notice } : {}) };
  }

  /** A bulk order's file, by the batch id or by the file's own name. */
  private async findBatch(id: string): Promise<BulkOrderRow | null> {
    if (UUID.test(id)) return this.bulk.find(id);
    return this.bulk.findByFileName(id);
  }

  private async batchFile(caller: Caller, batch: BulkOrderRow, kind: DownloadKind): Promise<FileInfo> {
    if (!ownsOrAdmin(caller, batch.user_id)) throw notFound();
    // The labels file is the .zpl of a `zpl` batch and the PDF of the others (decision 047): each kind answers its own.
    const labelsKind = batch.label_format === 'zpl' ? 'zpl' : 'pdf';
    const fileId = kind === labelsKind ? batch.pdf_file_id : kind === 'result-csv' ? batch.result_file_id : kind === 'auto-csv' ? batch.confirm_file_id : null;
    if (!FINAL_BULK_STATUSES.includes(batch.status)) return { status: 'processing' };
    const file = fileId ? await this.files.findInfo(fileId) : null;
    if (!file) throw notFound();
    return { status: 'ready', fileId: file.id, fileName: file.name, contentType: file.contentType, sizeBytes: file.sizeBytes };
  }

  @RpcHandler(OrdersRpc.fileChunk)
  async chunk(@CurrentCaller() caller: Caller, @RpcPayload(OrdersRpc.fileChunk) body: ParsedRequestOf<typeof OrdersRpc.fileChunk>) {
    const file = await this.files.findInfo(body.fileId);
    if (!file || !ownsOrAdmin(caller, file.ownerId)) throw notFound();
    const bytes = (await this.files.readChunk(body.fileId, body.offset, body.length)) ?? Buffer.alloc(0);
    return { base64: bytes.toString('base64'), done: body.offset + bytes.length >= file.sizeBytes };
  }
}
