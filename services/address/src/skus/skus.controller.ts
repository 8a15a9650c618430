import { Controller } from '@nestjs/common';
import { AddressRpc, DomainError, ErrorCode, type Caller, type ParsedRequestOf } from '@labeldesk/contracts';
import { CurrentCaller, ownsOrAdmin, RpcHandler, RpcPayload } from '@labeldesk/nest-transport';
import { toSkuRecord } from './sku.mapper';
import { SkuRepository } from './sku.repository';
import { ImportSkusUseCase } from './usecases/import-skus.usecase';

@Controller()
export class SkusController {
  constructor(
    private readonly skus: SkuRepository,
    private readonly importSkus: ImportSkusUseCase,
  ) {}

  @RpcHandler(AddressRpc.listSkus)
  async list(@CurrentCaller() _caller: Caller, @RpcPayload(AddressRpc.listSkus) body: ParsedRequestOf<typeof AddressRpc.listSkus>) {
    return { SkuData: (await this.skus.list(body.userId)).map(toSkuRecord) };
  }

  @RpcHandler(AddressRpc.addSkus)
  async add(@CurrentCaller() _caller: Caller, @RpcPayload(AddressRpc.addSkus) body: ParsedRequestOf<typeof AddressRpc.addSkus>) {
    return { added: (await this.importSkus.execute(body.userId, body.rows)).map(toSkuRecord) };
  }

  @RpcHandler(AddressRpc.updateSku)
  async update(@CurrentCaller() _caller: Caller, @RpcPayload(AddressRpc.updateSku) body: ParsedRequestOf<typeof AddressRpc.updateSku>) {
    return toSkuRecord(await this.skus.update(body.userId, body.id, body.sku));
  }

  /** The spec's delete route carries only the SKU id, so ownership is checked against the stored row. */
  @RpcHandler(AddressRpc.deleteSku)
  async remove(@CurrentCaller() caller: Caller, @RpcPayload(AddressRpc.deleteSku) body: ParsedRequestOf<typeof AddressRpc.deleteSku>) {
    const sku = await this.skus.findById(body.id);
    if (!sku || !ownsOrAdmin(caller, sku.userId)) throw new DomainError(ErrorCode.NOT_FOUND, 'SKU not found');
    await this.skus.delete(body.id);
    return { ok: true as const };
  }
}
