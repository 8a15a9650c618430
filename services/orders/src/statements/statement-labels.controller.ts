import { Controller } from '@nestjs/common';
import { StatementRpc, type Caller, type ParsedRequestOf } from '@labeldesk/contracts';
import { CurrentCaller, RpcHandler, RpcPayload } from '@labeldesk/nest-transport';
import { StatementLabelsRepository } from './statement-labels.repository';

/** The labels a monthly statement names (decision 094): the customer's own, or any customer's for an admin. */
@Controller()
export class StatementLabelsController {
  constructor(private readonly labels: StatementLabelsRepository) {}

  @RpcHandler(StatementRpc.labels)
  async onLabels(@CurrentCaller() _caller: Caller, @RpcPayload(StatementRpc.labels) body: ParsedRequestOf<typeof StatementRpc.labels>) {
    return { labels: await this.labels.byChargeKeys(body.userId, body.chargeKeys) };
  }
}
