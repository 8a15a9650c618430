import { Controller } from '@nestjs/common';
import { OrdersRpc, type Caller, type ParsedRequestOf } from '@labeldesk/contracts';
import { CurrentCaller, RpcHandler, RpcPayload } from '@labeldesk/nest-transport';
import { TrackingLinksUseCase } from './tracking-links.usecase';

type Req<K extends keyof typeof OrdersRpc> = ParsedRequestOf<(typeof OrdersRpc)[K]>;

/** Tracking links over the transport: the seller's (issue, revoke) and the buyer's page (anyone holding the token). */
@Controller()
export class TrackingLinksController {
  constructor(private readonly links: TrackingLinksUseCase) {}

  @RpcHandler(OrdersRpc.issueTrackingLink)
  issue(@CurrentCaller() caller: Caller, @RpcPayload(OrdersRpc.issueTrackingLink) body: Req<'issueTrackingLink'>) {
    return this.links.issue(caller, body);
  }

  @RpcHandler(OrdersRpc.revokeTrackingLink)
  revoke(@CurrentCaller() caller: Caller, @RpcPayload(OrdersRpc.revokeTrackingLink) body: Req<'revokeTrackingLink'>) {
    return this.links.revoke(caller, body);
  }

  @RpcHandler(OrdersRpc.publicTracking)
  publicTracking(@RpcPayload(OrdersRpc.publicTracking) body: Req<'publicTracking'>) {
    return this.links.publicTracking(body.token);
  }
}
