import { Controller } from '@nestjs/common';
import { AuthRpc, type AnyCaller, type ParsedRequestOf } from '@labeldesk/contracts';
import { RpcHandler, RpcPayload, UserOrServiceCaller } from '@labeldesk/nest-transport';
import { UserRepository } from './user.repository';

/**
 * A customer's e-mail for the orders service, which reports each shipper to a carrier that asks (USPS). No user, not
 * even an admin, asks through here: the e-mail is theirs, and only a label purchase needs it.
 */
@Controller()
export class UserContactController {
  constructor(private readonly users: UserRepository) {}

  @RpcHandler(AuthRpc.userContact)
  async onContact(@UserOrServiceCaller() _caller: AnyCaller, @RpcPayload(AuthRpc.userContact) body: ParsedRequestOf<typeof AuthRpc.userContact>) {
    const user = await this.users.findById(body.userId);
    // A deleted account keeps its row (its orders name it), so a label it paid for before is still reported as its own.
    return { email: user?.email ?? null };
  }
}
