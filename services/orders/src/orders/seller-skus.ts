import { Injectable } from '@nestjs/common';
import { AddressRpc, type SkuRecord } from '@labeldesk/contracts';
import { RpcClient } from '@labeldesk/nest-transport';

/**
 * A seller's SKU presets, read by orders itself (decision 121) from the address service: the inbox's batch weighs and
 * declares its orders from them whoever buys, a session or an API key (which may not read SKU presets itself), and a
 * single order's customs lines naming SKUs are filled from them (decision 126).
 */
@Injectable()
export class SellerSkus {
  constructor(private readonly rpc: RpcClient) {}

  async of(userId: string): Promise<SkuRecord[]> {
    return (await this.rpc.call(AddressRpc.skusForOrders, { userId }, { asService: true })).SkuData;
  }
}
