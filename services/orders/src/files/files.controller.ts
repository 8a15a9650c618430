import { Controller } from '@nestjs/common';
import { DomainError, ErrorCode, OrdersRpc, type Caller, type FileInfo, type ParsedRequestOf } from '@labeldesk/contracts';
import { CurrentCaller, ownsOrAdmin, RpcHandler, RpcPayload } from '@labeldesk/nest-transport';
import { OrderRepository } from '../orders/order.repository';
import { FileRepository } from './file.repository';

/** Spec 8 "Downloads" wording, so API clients read the same text as the web app shows. */
const NOT_FOUND_MESSAGE = 'File not found. This file may not have been generated yet.';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Downloads: the owner or an admin only (403 otherwise); 'processing' while the label is being bought. */
@Controller()
export class FilesController {
  constructor(
    private readonly files: FileRepository,
    private readonly orders: OrderRepository,
  ) {}

  @RpcHandler(OrdersRpc.fileInfo)
  async info(@CurrentCaller() caller: Caller, @RpcPayload(OrdersRpc.fileInfo) body: ParsedRequestOf<typeof OrdersRpc.fileInfo>): Promise<FileInfo> {
    if (body.kind !== 'v2' && body.kind !== 'pdf') throw new DomainError(ErrorCode.NOT_FOUND, NOT_FOUND_MESSAGE);
    const order = UUID.test(body.id) ? await this.orders.findById(body.id) : await this.orders.findByPdfName(body.id);
    if (!order) throw new DomainError(ErrorCode.NOT_FOUND, NOT_FOUND_MESSAGE);
    if (!ownsOrAdmin(caller, order.userId)) throw new DomainError(ErrorCode.FORBIDDEN, "Access denied. You don't have permission to download this file.");
    if (order.status === 'pending') return { status: 'processing' };
    const file = order.pdfFileId ? await this.files.findInfo(order.pdfFileId) : null;
    if (!file) throw new DomainError(ErrorCode.NOT_FOUND, NOT_FOUND_MESSAGE);
    return { status: 'ready', fileId: file.id, fileName: file.name, contentType: file.contentType, sizeBytes: file.sizeBytes };
  }

  @RpcHandler(OrdersRpc.fileChunk)
  async chunk(@CurrentCaller() caller: Caller, @RpcPayload(OrdersRpc.fileChunk) body: ParsedRequestOf<typeof OrdersRpc.fileChunk>) {
    const file = await this.files.findInfo(body.fileId);
    if (!file || !ownsOrAdmin(caller, file.ownerId)) throw new DomainError(ErrorCode.NOT_FOUND, NOT_FOUND_MESSAGE);
    const bytes = (await this.files.readChunk(body.fileId, body.offset, body.length)) ?? Buffer.alloc(0);
    return { base64: bytes.toString('base64'), done: body.offset + bytes.length >= file.sizeBytes };
  }
}
