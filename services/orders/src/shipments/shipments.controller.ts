import { Controller } from '@nestjs/common';
import { OrdersApiRpc, type ApiShipment, type Caller, type ParsedRequestOf, type ShipmentsPage } from '@labeldesk/contracts';
import { CurrentCaller, foundInScope, ownerScopeOf, RpcHandler, RpcPayload } from '@labeldesk/nest-transport';
import { keyModeOf, listedMode } from '../orders';
import { toApiShipment } from './api-shipment.mapper';
import { ShipmentsRepository } from './shipments.repository';

/** The public API v1's reads of single orders (decision 103): one in the caller's scope, pages of the caller's own. */
@Controller()
export class ShipmentsController {
  constructor(private readonly shipments: ShipmentsRepository) {}

  @RpcHandler(OrdersApiRpc.shipment)
  async one(@CurrentCaller() caller: Caller, @RpcPayload(OrdersApiRpc.shipment) body: ParsedRequestOf<typeof OrdersApiRpc.shipment>): Promise<ApiShipment> {
    // Another user's is not found, as a missing one; an admin whose powers are withheld is told why (decision 070).
    const scope = ownerScopeOf(caller);
    return toApiShipment(foundInScope(await this.shipments.one(body.orderId, scope, keyModeOf(caller)), scope, 'Shipment not found'));
  }

  @RpcHandler(OrdersApiRpc.shipments)
  async page(@CurrentCaller() caller: Caller, @RpcPayload(OrdersApiRpc.shipments) body: ParsedRequestOf<typeof OrdersApiRpc.shipments>): Promise<ShipmentsPage> {
    const { after, limit, ...filter } = body;
    // The caller's own, an admin's too: the public API never names another account (decision 103).
    // A key's own mode only; a session's as it asks, live by default (decision 119).
    const { rows, hasMore } = await this.shipments.page({ ...filter, mode: listedMode(caller, filter.mode) }, { userId: caller.userId }, after, limit);
    const last = rows.at(-1);
    return { shipments: rows.map(toApiShipment), next: hasMore && last ? { createdAt: last.cursor_at, id: last.id } : null };
  }
}
