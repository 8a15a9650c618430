import { Controller } from '@nestjs/common';
import { OrdersRpc, type Caller, type ParsedRequestOf } from '@labeldesk/contracts';
import { CurrentCaller, RpcHandler, RpcPayload } from '@labeldesk/nest-transport';
import { CompareRatesUseCase } from './compare-rates.usecase';

@Controller()
export class RatesController {
  constructor(private readonly compare: CompareRatesUseCase) {}

  @RpcHandler(OrdersRpc.rates)
  rates(@CurrentCaller() caller: Caller, @RpcPayload(OrdersRpc.rates) body: ParsedRequestOf<typeof OrdersRpc.rates>) {
    return this.compare.execute(body, caller);
  }
}
