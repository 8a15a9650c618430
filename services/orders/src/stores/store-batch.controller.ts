import { Controller } from '@nestjs/common';
import { StoreBatchRpc, type Caller, type ParsedRequestOf } from '@labeldesk/contracts';
import { CurrentCaller, RpcHandler, RpcPayload } from '@labeldesk/nest-transport';
import { BuyStoreBatchUseCase } from './buy-store-batch.usecase';
import { StoreOrdersRepository } from './store-orders.repository';

type Req<K extends keyof typeof StoreBatchRpc> = ParsedRequestOf<(typeof StoreBatchRpc)[K]>;

/** The inbox's purchase of many imported orders at once (decision 113): every request acts on the caller's own orders. */
@Controller()
export class StoreBatchController {
  constructor(
    private readonly orders: StoreOrdersRepository,
    private readonly buyBatch: BuyStoreBatchUseCase,
  ) {}

  @RpcHandler(StoreBatchRpc.orders)
  async byIds(@CurrentCaller() caller: Caller, @RpcPayload(StoreBatchRpc.orders) body: Req<'orders'>) {
    return { orders: await this.orders.byIds(caller.userId, [...new Set(body.ids)]) };
  }

  @RpcHandler(StoreBatchRpc.buy)
  buy(@CurrentCaller() caller: Caller, @RpcPayload(StoreBatchRpc.buy) body: Req<'buy'>) {
    return this.buyBatch.execute(caller.userId, body);
  }
}
