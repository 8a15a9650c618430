import { Controller } from '@nestjs/common';
import { AddressRpc, type AnyCaller, type Caller, type ParsedRequestOf } from '@labeldesk/contracts';
import { CurrentCaller, foundInScope, ownerScopeOf, RpcHandler, RpcPayload, UserOrServiceCaller } from '@labeldesk/nest-transport';
import { toSkuRecord } from './sku.mapper';
import { SKU_NOT_FOUND, SkuRepository } from './sku.repository';
import { ImportSkusUseCase } from './usecases/import-skus.usecase';

@Controller()
export class SkusController {
  constructor(
    private readonly skus: SkuRepository,
    private readonly importSkus: ImportSkusUseCase,
  ) {}

  @RpcHandler(AddressRpc.listSkus)
  list(@CurrentCaller() _caller: Caller, @RpcPayload(AddressRpc.listSkus) body: ParsedRequestOf<typeof AddressRpc.listSkus>) {
    return this.listed(body.userId);
  }

  /** For the orders service only (decision 121): the seller named, never a user's own request. */
  @RpcHandler(AddressRpc.skusForOrders)
  forOrders(@UserOrServiceCaller() _caller: AnyCaller, @RpcPayload(AddressRpc.skusForOrders) body: ParsedRequestOf<typeof AddressRpc.skusForOrders>) {
    return this.listed(body.userId);
  }

  private async listed(userId: string) {
    return { SkuData: (await this.skus.list(userId)).map(toSkuRecord) };
  }

  @RpcHandler(AddressRpc.addSkus)
  async add(@CurrentCaller() _caller: Caller, @RpcPayload(AddressRpc.addSkus) body: ParsedRequestOf<typeof AddressRpc.addSkus>) {
    return { added: (await this.importSkus.execute(body.userId, body.rows)).map(toSkuRecord) };
  }

  @RpcHandler(AddressRpc.updateSku)
  async update(@CurrentCaller() _caller: Caller, @RpcPayload(AddressRpc.updateSku) body: ParsedRequestOf<typeof AddressRpc.updateSku>) {
    return toSkuRecord(await this.skus.update(body.userId, body.id, body.sku));
  }

  /** The spec's delete route carries only the SKU id, so the SKU is read in the caller's owner scope. */
  @RpcHandler(AddressRpc.deleteSku)
  async remove(@CurrentCaller() caller: Caller, @RpcPayload(AddressRpc.deleteSku) body: ParsedRequestOf<typeof AddressRpc.deleteSku>) {
    const scope = ownerScopeOf(caller);
    const sku = foundInScope(await this.skus.findOwned(body.id, scope), scope, SKU_NOT_FOUND);
    await this.skus.delete(sku.id);
    return { ok: true as const };
  }
}
