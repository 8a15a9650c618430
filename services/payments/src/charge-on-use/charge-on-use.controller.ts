import { Controller } from '@nestjs/common';
import { ChargeOnUseRpc, type AnyCaller, type ParsedRequestOf } from '@labeldesk/contracts';
import { RpcHandler, RpcPayload, UserOrServiceCaller } from '@labeldesk/nest-transport';
import { ledgerAccountOf } from '../test-mode/test-account';
import { ChargeOnUseRepository } from './charge-on-use.repository';

/** Orders, on its own account, charges a pay-on-use label its carrier scanned (decision 101). */
@Controller()
export class ChargeOnUseController {
  constructor(private readonly charges: ChargeOnUseRepository) {}

  @RpcHandler(ChargeOnUseRpc.charge)
  charge(@UserOrServiceCaller() _caller: AnyCaller, @RpcPayload(ChargeOnUseRpc.charge) body: ParsedRequestOf<typeof ChargeOnUseRpc.charge>) {
    // A test return's use is owed on the user's test account, never the live one (decision 125).
    return this.charges.charge({ userId: ledgerAccountOf(body.userId, body.mode), amountCents: body.amountCents, reference: body.reference, idempotencyKey: body.idempotencyKey });
  }
}
