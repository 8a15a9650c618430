import { Controller } from '@nestjs/common';
import { DomainError, ErrorCode, OrdersApiRpc, type ApiShipment, type Caller, type ParsedRequestOf, type ShipmentsPage } from '@labeldesk/contracts';
import { CurrentCaller, ownerScopeOf, RpcHandler, RpcPayload } from '@labeldesk/nest-transport';
import { toApiShipment } from './api-shipment.mapper';
import { ShipmentsRepository } from './shipments.repository';

/** The public API v1's reads of single orders (decision 103): in the caller's scope, so another's order is not found. */
@Controller()
export class ShipmentsController {
  constructor(private readonly shipments: ShipmentsRepository) {}

  @RpcHandler(OrdersApiRpc.shipment)
  async one(@CurrentCaller() caller: Caller, @RpcPayload(OrdersApiRpc.shipment) body: ParsedRequestOf<typeof OrdersApiRpc.shipment>): Promise<ApiShipment> {
    const row = await this.shipments.one(body.orderId, ownerScopeOf(caller));
    if (!row) throw new DomainError(ErrorCode.NOT_FOUND, 'Shipment not found');
    return toApiShipment(row);
  }

  @RpcHandler(OrdersApiRpc.shipments)
  async page(@CurrentCaller() caller: Caller, @RpcPayload(OrdersApiRpc.shipments) body: ParsedRequestOf<typeof OrdersApiRpc.shipments>): Promise<ShipmentsPage> {
    const { after, limit, ...filter } = body;
    const { rows, hasMore } = await this.shipments.page(filter, ownerScopeOf(caller), after, limit);
    const last = rows.at(-1);
    return { shipments: rows.map(toApiShipment), next: hasMore && last ? { createdAt: last.cursor_at, id: last.id } : null };
  }
}
