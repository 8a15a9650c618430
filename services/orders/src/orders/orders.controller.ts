import { Controller, Inject } from '@nestjs/common';
import { modeOf, OrdersRpc, type AnyCaller, type Caller, type ParsedRequestOf } from '@labeldesk/contracts';
import { CurrentCaller, RpcHandler, RpcPayload, UserOrServiceCaller } from '@labeldesk/nest-transport';
import { BulkOrdersRepository } from '../bulk';
import { AddressVerifier, CARRIER_REGISTRY, type CarrierRegistry, courierCarrying, suggestedMarkupFor, suggestedPricesFor } from '../carriers';
import { rowToOrderListItem, toOrderListItem } from './order.mapper';
import { listedMode, storedKeyOf } from './order-mode';
import { OrderRepository } from './order.repository';
import { PlaceSingleOrderUseCase } from './usecases/place-single-order.usecase';

/** How many orders the spec's whole-list call answers at most; older ones stay in the database. */
const LIST_LIMIT = 5_000;

@Controller()
export class OrdersController {
  constructor(
    private readonly orders: OrderRepository,
    private readonly placeSingle: PlaceSingleOrderUseCase,
    private readonly bulk: BulkOrdersRepository,
    @Inject(CARRIER_REGISTRY) private readonly carriers: CarrierRegistry,
    private readonly addresses: AddressVerifier,
  ) {}

  @RpcHandler(OrdersRpc.placeSingle)
  place(@CurrentCaller() caller: Caller, @RpcPayload(OrdersRpc.placeSingle) body: ParsedRequestOf<typeof OrdersRpc.placeSingle>) {
    return this.placeSingle.execute(body, modeOf(caller));
  }

  /** Any signed-in user may ask (CurrentCaller refuses anyone else): it moves nothing and names no one. */
  @RpcHandler(OrdersRpc.verifyAddress)
  verifyAddress(@CurrentCaller() _signedIn: Caller, @RpcPayload(OrdersRpc.verifyAddress) body: ParsedRequestOf<typeof OrdersRpc.verifyAddress>) {
    return this.addresses.verify(body.address);
  }

  @RpcHandler(OrdersRpc.findByKey)
  async findByKey(@CurrentCaller() caller: Caller, @RpcPayload(OrdersRpc.findByKey) body: ParsedRequestOf<typeof OrdersRpc.findByKey>) {
    const order = await this.orders.findByKey(body.userId, storedKeyOf(modeOf(caller), body.idempotencyKey));
    return { order: order ? toOrderListItem(order) : null };
  }

  /** Spec: the whole list, oldest first ("reversed for display"). */
  @RpcHandler(OrdersRpc.list)
  async list(@CurrentCaller() caller: Caller, @RpcPayload(OrdersRpc.list) body: ParsedRequestOf<typeof OrdersRpc.list>) {
    return { orders: (await this.orders.listRowsForUser(body.userId, listedMode(caller, body.mode), LIST_LIMIT)).reverse().map(rowToOrderListItem) };
  }

  @RpcHandler(OrdersRpc.recent)
  async recent(@CurrentCaller() caller: Caller, @RpcPayload(OrdersRpc.recent) body: ParsedRequestOf<typeof OrdersRpc.recent>) {
    return { recentOrders: (await this.orders.listRowsForUser(body.userId, listedMode(caller, body.mode), body.limit)).map(rowToOrderListItem) };
  }

  @RpcHandler(OrdersRpc.total)
  async total(@CurrentCaller() _caller: Caller, @RpcPayload(OrdersRpc.total) body: ParsedRequestOf<typeof OrdersRpc.total>) {
    // Every label bought counts, one at a time or in a bulk order; the parts say which page lists them.
    const [singleLabels, batchLabels] = await Promise.all([this.orders.countCompleted(body.userId), this.bulk.countLabels(body.userId)]);
    return { totalOrders: singleLabels + batchLabels, singleLabels, batchLabels };
  }

  /**
   * What the configured carriers sell: for pricing's default-service sync, or an admin. Only sample labels come with
   * suggested prices; a real carrier's shipping services start without, for the reseller to price.
   */
  @RpcHandler(OrdersRpc.carrierServices)
  // The caller is the contract's to check (admin or pricing); the parameter makes the handler refuse a message without one.
  async carrierServices(@UserOrServiceCaller() _caller: AnyCaller) {
    const shippingServices = await this.carriers.shippingServices();
    const suggest = !this.carriers.sellsPostage;
    return {
      services: shippingServices.map((s) => {
        const suggestedPrices = suggest ? suggestedPricesFor(s.uid, s.maxWeightLb) : undefined;
        const suggestedMarkup = suggest ? suggestedMarkupFor(s.uid) : undefined;
        return {
          uid: s.uid,
          name: s.name,
          category: s.category,
          maxWeight: s.maxWeightLb,
          carrier: courierCarrying(s.uid),
          ...(suggestedPrices ? { suggestedPrices } : {}),
          ...(suggestedMarkup ? { suggestedMarkup } : {}),
        };
      }),
    };
  }
}
