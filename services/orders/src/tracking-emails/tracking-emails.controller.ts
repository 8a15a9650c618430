import { Controller } from '@nestjs/common';
import { TrackingEmailsRpc, type Caller, type ParsedRequestOf } from '@labeldesk/contracts';
import { CurrentCaller, RpcHandler, RpcPayload } from '@labeldesk/nest-transport';
import { TrackingEmailsUseCase } from './tracking-emails.usecase';

type Req<K extends keyof typeof TrackingEmailsRpc> = ParsedRequestOf<(typeof TrackingEmailsRpc)[K]>;

/** Tracking e-mails over the transport: the caller's own settings, and the receiver's unsubscribe link (its token). */
@Controller()
export class TrackingEmailsController {
  constructor(private readonly emails: TrackingEmailsUseCase) {}

  @RpcHandler(TrackingEmailsRpc.settings)
  settings(@CurrentCaller() caller: Caller) {
    return this.emails.get(caller.userId);
  }

  @RpcHandler(TrackingEmailsRpc.updateSettings)
  updateSettings(@CurrentCaller() caller: Caller, @RpcPayload(TrackingEmailsRpc.updateSettings) body: Req<'updateSettings'>) {
    return this.emails.update(caller.userId, body);
  }

  @RpcHandler(TrackingEmailsRpc.unsubscribeInfo)
  unsubscribeInfo(@RpcPayload(TrackingEmailsRpc.unsubscribeInfo) body: Req<'unsubscribeInfo'>) {
    return this.emails.unsubscribeInfo(body.token);
  }

  @RpcHandler(TrackingEmailsRpc.unsubscribe)
  unsubscribe(@RpcPayload(TrackingEmailsRpc.unsubscribe) body: Req<'unsubscribe'>) {
    return this.emails.unsubscribe(body.token);
  }
}
