import { Controller } from '@nestjs/common';
import { PaymentsAdminRpc, type Caller, type ParsedRequestOf } from '@labeldesk/contracts';
import { CurrentCaller, RpcHandler, RpcPayload } from '@labeldesk/nest-transport';
import { PaymentsStatsRepository } from './payments-stats.repository';

@Controller()
export class PaymentsStatsController {
  constructor(private readonly stats: PaymentsStatsRepository) {}

  @RpcHandler(PaymentsAdminRpc.stats)
  onStats(@CurrentCaller() _caller: Caller, @RpcPayload(PaymentsAdminRpc.stats) body: ParsedRequestOf<typeof PaymentsAdminRpc.stats>) {
    return this.stats.stats(body.days);
  }
}
