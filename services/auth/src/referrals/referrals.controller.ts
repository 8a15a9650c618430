import { Controller } from '@nestjs/common';
import { InviteRpc, type AnyCaller, type Caller, type ParsedRequestOf } from '@labeldesk/contracts';
import { CurrentCaller, RpcHandler, RpcPayload, UserOrServiceCaller } from '@labeldesk/nest-transport';
import { ListInviteesUseCase } from './list-invitees.usecase';
import { ReferrerOfUseCase } from './referrer-of.usecase';

@Controller()
export class ReferralsController {
  constructor(
    private readonly listInvitees: ListInviteesUseCase,
    private readonly referrerOf: ReferrerOfUseCase,
  ) {}

  @RpcHandler(InviteRpc.listInvitees)
  onListInvitees(@CurrentCaller() _caller: Caller, @RpcPayload(InviteRpc.listInvitees) body: ParsedRequestOf<typeof InviteRpc.listInvitees>) {
    return this.listInvitees.execute(body.userId);
  }

  /** Payments only (its contract says so): who to credit a referral bonus to. */
  @RpcHandler(InviteRpc.referrerOf)
  onReferrerOf(@UserOrServiceCaller() _caller: AnyCaller, @RpcPayload(InviteRpc.referrerOf) body: ParsedRequestOf<typeof InviteRpc.referrerOf>) {
    return this.referrerOf.execute(body.userId);
  }
}
