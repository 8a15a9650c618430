import { Controller } from '@nestjs/common';
import { OrdersRpc, type Caller, type FileInfo, type ParsedRequestOf } from '@labeldesk/contracts';
import { CurrentCaller, ownerScopeOf, RpcHandler, RpcPayload } from '@labeldesk/nest-transport';
import { DownloadRegistry, FileRepository, fileInScope } from '../files';

/**
 * Downloads: the owner or an admin only; 'processing' while the file is being made. Which feature answers a kind is
 * the registry's (decision 081). Someone else's file answers exactly as a missing one does (404, same words), so a
 * stranger cannot learn which names or ids exist.
 */
@Controller()
export class FilesController {
  constructor(
    private readonly registry: DownloadRegistry,
    private readonly files: FileRepository,
  ) {}

  @RpcHandler(OrdersRpc.fileInfo)
  info(@CurrentCaller() caller: Caller, @RpcPayload(OrdersRpc.fileInfo) body: ParsedRequestOf<typeof OrdersRpc.fileInfo>): Promise<FileInfo> {
    return this.registry.resolve(body.kind, { caller, id: body.id, variant: body.variant ?? 'standard', ...(body.labelSize ? { labelSize: body.labelSize } : {}) });
  }

  @RpcHandler(OrdersRpc.fileChunk)
  async chunk(@CurrentCaller() caller: Caller, @RpcPayload(OrdersRpc.fileChunk) body: ParsedRequestOf<typeof OrdersRpc.fileChunk>) {
    const scope = ownerScopeOf(caller);
    const file = fileInScope(await this.files.findOwnedInfo(body.fileId, scope), scope);
    const bytes = (await this.files.readChunk(body.fileId, body.offset, body.length)) ?? Buffer.alloc(0);
    return { base64: bytes.toString('base64'), done: body.offset + bytes.length >= file.sizeBytes };
  }
}
