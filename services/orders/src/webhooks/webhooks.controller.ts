import { Controller } from '@nestjs/common';
import { authMethodOf, DomainError, ErrorCode, WebhooksRpc, type AnyCaller, type Caller, type ParsedRequestOf } from '@labeldesk/contracts';
import { CurrentCaller, RpcHandler, RpcPayload, UserOrServiceCaller } from '@labeldesk/nest-transport';
import { keyModeOf } from '../common';
import { ManageWebhooksUseCase } from './manage-webhooks.usecase';
import { RelayEventUseCase } from './relay-event.usecase';
import { ReplayEventsUseCase } from './replay-events.usecase';

type Req<K extends keyof typeof WebhooksRpc> = ParsedRequestOf<(typeof WebhooksRpc)[K]>;

/** Outgoing webhooks over the transport: every request acts on the caller's own endpoints (an admin's too). */
@Controller()
export class WebhooksController {
  constructor(
    private readonly manage: ManageWebhooksUseCase,
    private readonly relay: RelayEventUseCase,
    private readonly replay: ReplayEventsUseCase,
  ) {}

  @RpcHandler(WebhooksRpc.create)
  create(@CurrentCaller() caller: Caller, @RpcPayload(WebhooksRpc.create) body: Req<'create'>) {
    return this.manage.create(caller.userId, body);
  }

  @RpcHandler(WebhooksRpc.list)
  list(@CurrentCaller() caller: Caller) {
    return this.manage.list(caller.userId);
  }

  /**
   * A login-as session may turn a webhook on or off and pick its events, but not send the customer's signed events
   * somewhere else: the new address would outlive the admin's demotion (decision 069). An API key with
   * webhooks:manage and the customer's own session may.
   */
  @RpcHandler(WebhooksRpc.update)
  update(@CurrentCaller() caller: Caller, @RpcPayload(WebhooksRpc.update) body: Req<'update'>) {
    if (body.change.url !== undefined && authMethodOf(caller) === 'login_as') {
      throw new DomainError(ErrorCode.AUTH_LOGIN_AS_REFUSED, "Signed in as this customer, you cannot change where their webhooks are sent.");
    }
    return this.manage.update(caller.userId, body.id, body.change);
  }

  @RpcHandler(WebhooksRpc.remove)
  remove(@CurrentCaller() caller: Caller, @RpcPayload(WebhooksRpc.remove) body: Req<'remove'>) {
    return this.manage.remove(caller.userId, body.id);
  }

  @RpcHandler(WebhooksRpc.rotateSecret)
  rotateSecret(@CurrentCaller() caller: Caller, @RpcPayload(WebhooksRpc.rotateSecret) body: Req<'rotateSecret'>) {
    return this.manage.rotate(caller.userId, body.id);
  }

  @RpcHandler(WebhooksRpc.deliveries)
  deliveries(@CurrentCaller() caller: Caller, @RpcPayload(WebhooksRpc.deliveries) body: Req<'deliveries'>) {
    return this.manage.deliveries(caller.userId, body.id, body.limit);
  }

  @RpcHandler(WebhooksRpc.test)
  test(@CurrentCaller() caller: Caller, @RpcPayload(WebhooksRpc.test) body: Req<'test'>) {
    return this.manage.test(caller.userId, body.id);
  }

  @RpcHandler(WebhooksRpc.replayEvent)
  replayEvent(@CurrentCaller() caller: Caller, @RpcPayload(WebhooksRpc.replayEvent) body: Req<'replayEvent'>) {
    return this.replay.replayEvent(caller.userId, body, keyModeOf(caller));
  }

  @RpcHandler(WebhooksRpc.replaySince)
  replaySince(@CurrentCaller() caller: Caller, @RpcPayload(WebhooksRpc.replaySince) body: Req<'replaySince'>) {
    return this.replay.replaySince(caller.userId, body, keyModeOf(caller));
  }

  @RpcHandler(WebhooksRpc.relayEvent)
  // The caller is the contract's to check (payments only); the parameter makes the handler refuse a message without one.
  async relayEvent(@UserOrServiceCaller() _caller: AnyCaller, @RpcPayload(WebhooksRpc.relayEvent) body: Req<'relayEvent'>) {
    return { queued: await this.relay.relay(body) };
  }
}
