import { Controller } from '@nestjs/common';
import { PaymentsRpc, type AnyCaller, type Caller, type ParsedRequestOf } from '@labeldesk/contracts';
import { CurrentCaller, requireAdmin, requireSelfAdminOrService, RpcHandler, RpcPayload, UserOrServiceCaller } from '@labeldesk/nest-transport';
import { AccountRepository } from './account.repository';


@Controller()
export class AccountsController {
  constructor(private readonly accounts: AccountRepository) {}

  @RpcHandler(PaymentsRpc.accountSummary)
  async onSummary(@UserOrServiceCaller() caller: AnyCaller, @RpcPayload(PaymentsRpc.accountSummary) body: ParsedRequestOf<typeof PaymentsRpc.accountSummary>) {
    requireSelfAdminOrService(caller, body.userId, 'orders');
    const [summary] = await this.accounts.summaries([body.userId]);
    return summary;
  }

  @RpcHandler(PaymentsRpc.accountSummaries)
  async onSummaries(@CurrentCaller() caller: Caller, @RpcPayload(PaymentsRpc.accountSummaries) body: ParsedRequestOf<typeof PaymentsRpc.accountSummaries>) {
    requireAdmin(caller);
    return { summaries: await this.accounts.summaries(body.userIds) };
  }
}
