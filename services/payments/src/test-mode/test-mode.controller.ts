import { Controller } from '@nestjs/common';
import { PaymentsRpc, type Caller, type ParsedRequestOf } from '@labeldesk/contracts';
import { CurrentCaller, RpcHandler, RpcPayload } from '@labeldesk/nest-transport';
import { TestTopUpUseCase } from './test-top-up.usecase';

/** Test mode's play money (decision 110); the account summaries of both modes are answered by AccountsController. */
@Controller()
export class TestModeController {
  constructor(private readonly topUp: TestTopUpUseCase) {}

  @RpcHandler(PaymentsRpc.testTopUp)
  onTestTopUp(@CurrentCaller() _caller: Caller, @RpcPayload(PaymentsRpc.testTopUp) body: ParsedRequestOf<typeof PaymentsRpc.testTopUp>) {
    return this.topUp.execute(body);
  }
}
