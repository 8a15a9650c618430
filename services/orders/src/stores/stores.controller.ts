import { Controller } from '@nestjs/common';
import { StoresRpc, storeOrderPackage, type Caller, type ParsedRequestOf, type StoreOrder } from '@labeldesk/contracts';
import { CurrentCaller, RpcHandler, RpcPayload } from '@labeldesk/nest-transport';
import { ManageStoresUseCase } from './manage-stores.usecase';
import { SellerSkus } from '../orders';
import { StoreCallbacksUseCase } from './store-callbacks.usecase';
import { StoreOrdersRepository } from './store-orders.repository';

type Req<K extends keyof typeof StoresRpc> = ParsedRequestOf<(typeof StoresRpc)[K]>;

/** Store connections and imported orders over the transport: every request acts on the caller's own. */
@Controller()
export class StoresController {
  constructor(
    private readonly manage: ManageStoresUseCase,
    private readonly orders: StoreOrdersRepository,
    private readonly callbacks: StoreCallbacksUseCase,
    private readonly skus: SellerSkus,
  ) {}

  @RpcHandler(StoresRpc.list)
  list(@CurrentCaller() caller: Caller) {
    return this.manage.list(caller.userId);
  }

  @RpcHandler(StoresRpc.connect)
  connect(@CurrentCaller() caller: Caller, @RpcPayload(StoresRpc.connect) body: Req<'connect'>) {
    return this.manage.connect(caller.userId, body.fields, body.callbackUrl);
  }

  /** No caller: the state in the query names the seller's pending connection (decision 107). */
  @RpcHandler(StoresRpc.oauthCallback)
  oauthCallback(@RpcPayload(StoresRpc.oauthCallback) body: Req<'oauthCallback'>) {
    return this.callbacks.oauthCallback(body.kind, body.query);
  }

  /** No caller: the store's signature over the body says who sent it. */
  @RpcHandler(StoresRpc.push)
  push(@RpcPayload(StoresRpc.push) body: Req<'push'>) {
    return this.callbacks.push(body.kind, body.body, body.headers);
  }

  @RpcHandler(StoresRpc.sync)
  sync(@CurrentCaller() caller: Caller, @RpcPayload(StoresRpc.sync) body: Req<'sync'>) {
    return this.manage.sync(caller.userId, body.id);
  }

  @RpcHandler(StoresRpc.revoke)
  revoke(@CurrentCaller() caller: Caller, @RpcPayload(StoresRpc.revoke) body: Req<'revoke'>) {
    return this.manage.revoke(caller.userId, body.id);
  }

  /** Each order with its package from the seller's SKUs, worked out here so an API key's inbox is weighed as a session's is. */
  @RpcHandler(StoresRpc.orders)
  async page(@CurrentCaller() caller: Caller, @RpcPayload(StoresRpc.orders) query: Req<'orders'>) {
    const page = await this.orders.page(caller.userId, query);
    const packageOf = await this.packagesOf(caller.userId, page.orders);
    return { ...page, orders: page.orders.map((order) => ({ ...order, package: packageOf(order) })), page: query.page, limit: query.limit };
  }

  @RpcHandler(StoresRpc.order)
  async order(@CurrentCaller() caller: Caller, @RpcPayload(StoresRpc.order) body: Req<'order'>) {
    const order = await this.orders.one(caller.userId, body.id);
    return { ...order, package: (await this.packagesOf(caller.userId, [order]))(order) };
  }

  /** The seller's SKUs are read once for a page, and not at all for an empty one. */
  private async packagesOf(userId: string, orders: readonly StoreOrder[]) {
    const skus = orders.length === 0 ? [] : await this.skus.of(userId);
    return (order: StoreOrder) => storeOrderPackage(order.items, skus);
  }
}
