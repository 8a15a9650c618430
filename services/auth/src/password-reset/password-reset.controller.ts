import { Controller } from '@nestjs/common';
import { PasswordResetRpc, type Caller, type ParsedRequestOf } from '@labeldesk/contracts';
import { CurrentCaller, RpcHandler, RpcPayload, UserOrVisitorCaller } from '@labeldesk/nest-transport';
import { PasswordResetUseCases } from './password-reset.usecases';

@Controller()
export class PasswordResetController {
  constructor(private readonly resets: PasswordResetUseCases) {}

  /** A visitor the gateway vouches for (it throttles the route per client address): a mail is never sent for a bare NATS message. */
  @RpcHandler(PasswordResetRpc.request)
  onRequest(@UserOrVisitorCaller() _caller: unknown, @RpcPayload(PasswordResetRpc.request) body: ParsedRequestOf<typeof PasswordResetRpc.request>) {
    return this.resets.request(body.email);
  }

  @RpcHandler(PasswordResetRpc.issue)
  onIssue(@CurrentCaller() caller: Caller, @RpcPayload(PasswordResetRpc.issue) body: ParsedRequestOf<typeof PasswordResetRpc.issue>) {
    return this.resets.issue(caller, body.userId);
  }

  @RpcHandler(PasswordResetRpc.complete)
  onComplete(@UserOrVisitorCaller() _caller: unknown, @RpcPayload(PasswordResetRpc.complete) body: ParsedRequestOf<typeof PasswordResetRpc.complete>) {
    return this.resets.complete(body.token, body.password);
  }
}
