import { Controller } from '@nestjs/common';
import { StatementRpc, type Caller, type ParsedRequestOf } from '@labeldesk/contracts';
import { CurrentCaller, RpcHandler, RpcPayload } from '@labeldesk/nest-transport';
import { ReadStatementUseCase } from './read-statement.usecase';

/** Monthly statements: the customer named, or an admin (the contract says so and CallerGuard enforces it). */
@Controller()
export class StatementsController {
  constructor(private readonly readStatement: ReadStatementUseCase) {}

  @RpcHandler(StatementRpc.part)
  onPart(@CurrentCaller() _caller: Caller, @RpcPayload(StatementRpc.part) body: ParsedRequestOf<typeof StatementRpc.part>) {
    return this.readStatement.execute(body);
  }
}
