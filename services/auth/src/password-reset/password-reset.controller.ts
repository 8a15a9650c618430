import { Controller } from '@nestjs/common';
import { PasswordResetRpc, type Caller, type ParsedRequestOf } from '@labeldesk/contracts';
import { CurrentCaller, RpcHandler, RpcPayload } from '@labeldesk/nest-transport';
import { PasswordResetUseCases } from './password-reset.usecases';

@Controller()
export class PasswordResetController {
  constructor(private readonly resets: PasswordResetUseCases) {}

  /** Anonymous, like sign-in: the gateway throttles it per client address. */
  @RpcHandler(PasswordResetRpc.request)
  onRequest(@RpcPayload(PasswordResetRpc.request) body: ParsedRequestOf<typeof PasswordResetRpc.request>) {
    return this.resets.request(body.email, body.appUrl);
  }

  @RpcHandler(PasswordResetRpc.issue)
  onIssue(@CurrentCaller() caller: Caller, @RpcPayload(PasswordResetRpc.issue) body: ParsedRequestOf<typeof PasswordResetRpc.issue>) {
    return this.resets.issue(caller, body.userId, body.appUrl);
  }

  @RpcHandler(PasswordResetRpc.complete)
  onComplete(@RpcPayload(PasswordResetRpc.complete) body: ParsedRequestOf<typeof PasswordResetRpc.complete>) {
    return this.resets.complete(body.token, body.password);
  }
}
