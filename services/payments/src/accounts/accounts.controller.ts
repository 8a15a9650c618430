import { Controller } from '@nestjs/common';
import { PaymentsRpc, type AnyCaller, type Caller, type ParsedRequestOf } from '@labeldesk/contracts';
import { CurrentCaller, RpcHandler, RpcPayload, UserOrServiceCaller } from '@labeldesk/nest-transport';
import { ledgerAccountOf } from '../test-mode/test-account';
import { AccountRepository } from './account.repository';


@Controller()
export class AccountsController {
  constructor(private readonly accounts: AccountRepository) {}

  /** A test-mode summary is the test account's, answered under the user's own id (decision 110). */
  @RpcHandler(PaymentsRpc.accountSummary)
  async onSummary(@UserOrServiceCaller() _caller: AnyCaller, @RpcPayload(PaymentsRpc.accountSummary) body: ParsedRequestOf<typeof PaymentsRpc.accountSummary>) {
    const [summary] = await this.accounts.summaries([ledgerAccountOf(body.userId, body.mode)]);
    return summary && { ...summary, userId: body.userId };
  }

  @RpcHandler(PaymentsRpc.accountSummaries)
  async onSummaries(@CurrentCaller() _caller: Caller, @RpcPayload(PaymentsRpc.accountSummaries) body: ParsedRequestOf<typeof PaymentsRpc.accountSummaries>) {
    return { summaries: await this.accounts.summaries(body.userIds) };
  }

  /**
   * Payments cannot tell who invited whom, so it limits what this can reveal instead: deposit totals only, and only
   * to a signed-in user (a service may not ask). User callers are signed by the gateway alone, whose invite routes ask
   * with exactly the ids auth listed as that caller's invitees (decision 013: the gateway vouches for users).
   */
  @RpcHandler(PaymentsRpc.depositTotals)
  async onDepositTotals(@CurrentCaller() _caller: Caller, @RpcPayload(PaymentsRpc.depositTotals) body: ParsedRequestOf<typeof PaymentsRpc.depositTotals>) {
    return { totals: await this.accounts.depositTotals(body.userIds) };
  }
}
