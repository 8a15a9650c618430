import { Controller } from '@nestjs/common';
import { ChargeOnUseRpc, type AnyCaller, type ParsedRequestOf } from '@labeldesk/contracts';
import { RpcHandler, RpcPayload, UserOrServiceCaller } from '@labeldesk/nest-transport';
import { ChargeOnUseRepository } from './charge-on-use.repository';

/** Orders, on its own account, charges a pay-on-use label its carrier scanned (decision 101). */
@Controller()
export class ChargeOnUseController {
  constructor(private readonly charges: ChargeOnUseRepository) {}

  @RpcHandler(ChargeOnUseRpc.charge)
  charge(@UserOrServiceCaller() _caller: AnyCaller, @RpcPayload(ChargeOnUseRpc.charge) body: ParsedRequestOf<typeof ChargeOnUseRpc.charge>) {
    return this.charges.charge(body);
  }
}
