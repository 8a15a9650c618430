import { Controller } from '@nestjs/common';
import { DomainError, ErrorCode, FINAL_BULK_STATUSES, OrdersRpc, type Caller, type DownloadKind, type FileInfo, type ParsedRequestOf } from '@labeldesk/contracts';
import { CurrentCaller, ownsOrAdmin, RpcHandler, RpcPayload } from '@labeldesk/nest-transport';
import { BulkRepository } from '../bulk/bulk.repository';
import type { BulkOrderRow } from '../bulk/bulk.rows';
import { OrderRepository } from '../orders/order.repository';
import { FileRepository } from './file.repository';

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
    private readonly bulk: BulkRepository,
  ) {}

  @RpcHandler(OrdersRpc.fileInfo)
  async info(@CurrentCaller() caller: Caller, @RpcPayload(OrdersRpc.fileInfo) body: ParsedRequestOf<typeof OrdersRpc.fileInfo>): Promise<FileInfo> {
    const batch = body.kind !== 'v2' ? await this.findBatch(body.id) : null;
    if (batch) return this.batchFile(caller, batch, body.kind);
    if (body.kind !== 'v2' && body.kind !== 'pdf') throw notFound();
    const order = UUID.test(body.id) ? await this.orders.findById(body.id) : await this.orders.findByPdfName(body.id);
    if (!order) throw notFound();
    if (!ownsOrAdmin(caller, order.userId)) throw notFound();
    if (order.status === 'pending') return { status: 'processing' };
    const file = order.pdfFileId ? await this.files.findInfo(order.pdfFileId) : null;
    if (!file) throw notFound();
    return { status: 'ready', fileId: file.id, fileName: file.name, contentType: file.contentType, sizeBytes: file.sizeBytes };
  }

  /** A bulk order's file, by the batch id or by the file's own name. */
  private async findBatch(id: string): Promise<BulkOrderRow | null> {
    if (UUID.test(id)) return this.bulk.find(id);
    return this.bulk.findByFileName(id);
  }

  private async batchFile(caller: Caller, batch: BulkOrderRow, kind: DownloadKind): Promise<FileInfo> {
    if (!ownsOrAdmin(caller, batch.user_id)) throw notFound();
    const fileId = kind === 'pdf' ? batch.pdf_file_id : kind === 'result-csv' ? batch.result_file_id : batch.confirm_file_id;
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
