import { Controller } from '@nestjs/common';
import { DomainError, ErrorCode, PaymentsRpc, type Caller, type ParsedRequestOf } from '@labeldesk/contracts';
import { CurrentCaller, RpcHandler, RpcPayload } from '@labeldesk/nest-transport';
import { AccountRepository } from './account.repository';

const requireSelfOrAdmin = (caller: Caller, userId: string) => {
  if (caller.role !== 'admin' && caller.userId !== userId) throw new DomainError(ErrorCode.FORBIDDEN, 'Access denied');
};

@Controller()
export class AccountsController {
  constructor(private readonly accounts: AccountRepository) {}

  @RpcHandler(PaymentsRpc.accountSummary)
  async onSummary(@CurrentCaller() caller: Caller, @RpcPayload(PaymentsRpc.accountSummary) body: ParsedRequestOf<typeof PaymentsRpc.accountSummary>) {
    requireSelfOrAdmin(caller, body.userId);
    const [summary] = await this.accounts.summaries([body.userId]);
    return summary;
  }

  @RpcHandler(PaymentsRpc.accountSummaries)
  async onSummaries(@CurrentCaller() caller: Caller, @RpcPayload(PaymentsRpc.accountSummaries) body: ParsedRequestOf<typeof PaymentsRpc.accountSummaries>) {
    if (caller.role !== 'admin') throw new DomainError(ErrorCode.FORBIDDEN, 'Admin access required');
    return { summaries: await this.accounts.summaries(body.userIds) };
  }
}
