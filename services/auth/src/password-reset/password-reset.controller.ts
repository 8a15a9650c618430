import { Controller } from '@nestjs/common';
import { PasswordResetRpc, type Caller, type ParsedRequestOf } from '@labeldesk/contracts';
import { CurrentCaller, RpcHandler, RpcPayload, UserOrVisitorCaller } from '@labeldesk/nest-transport';
import { CompletePasswordResetUseCase } from './usecases/complete-password-reset.usecase';
import { IssueResetLinkUseCase } from './usecases/issue-reset-link.usecase';
import { RequestPasswordResetUseCase } from './usecases/request-password-reset.usecase';

/** Account recovery: a one-time, expiring link, e-mailed when SMTP is configured or handed over by an admin. */
@Controller()
export class PasswordResetController {
  constructor(
    private readonly requestReset: RequestPasswordResetUseCase,
    private readonly issueLink: IssueResetLinkUseCase,
    private readonly completeReset: CompletePasswordResetUseCase,
  ) {}

  /**
   * A visitor the gateway vouches for (it throttles the route per client address and passes that address on for the
   * hourly mail limits): a mail is never sent for a bare NATS message.
   */
  @RpcHandler(PasswordResetRpc.request)
  onRequest(@UserOrVisitorCaller() _caller: unknown, @RpcPayload(PasswordResetRpc.request) body: ParsedRequestOf<typeof PasswordResetRpc.request>) {
    return this.requestReset.execute(body.email, body.clientAddress);
  }

  @RpcHandler(PasswordResetRpc.issue)
  onIssue(@CurrentCaller() caller: Caller, @RpcPayload(PasswordResetRpc.issue) body: ParsedRequestOf<typeof PasswordResetRpc.issue>) {
    return this.issueLink.execute(caller, body.userId);
  }

  @RpcHandler(PasswordResetRpc.complete)
  onComplete(@UserOrVisitorCaller() _caller: unknown, @RpcPayload(PasswordResetRpc.complete) body: ParsedRequestOf<typeof PasswordResetRpc.complete>) {
    return this.completeReset.execute(body.token, body.password);
  }
}
