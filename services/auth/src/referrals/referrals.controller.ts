import { Controller } from '@nestjs/common';
import { InviteRpc, type Caller, type ParsedRequestOf } from '@labeldesk/contracts';
import { CurrentCaller, RpcHandler, RpcPayload } from '@labeldesk/nest-transport';
import { ListInviteesUseCase } from './list-invitees.usecase';

@Controller()
export class ReferralsController {
  constructor(private readonly listInvitees: ListInviteesUseCase) {}

  @RpcHandler(InviteRpc.listInvitees)
  onListInvitees(@CurrentCaller() _caller: Caller, @RpcPayload(InviteRpc.listInvitees) body: ParsedRequestOf<typeof InviteRpc.listInvitees>) {
    return this.listInvitees.execute(body.userId);
  }
}
