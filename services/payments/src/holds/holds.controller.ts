import { Controller } from '@nestjs/common';
import { PaymentsRpc, type AnyCaller, type Hold, type ParsedRequestOf } from '@labeldesk/contracts';
import { EVERY_OWNER, foundInScope, ownerScopeOf, RpcHandler, RpcPayload, UserOrServiceCaller, type OwnerScope } from '@labeldesk/nest-transport';
import { ledgerAccountOf } from '../test-mode/test-account';
import { holdNotFound, HoldRepository } from './hold.repository';



/**
 * A bulk order's money: held when the batch starts, captured per label, the rest released at the end. Only orders,
 * on its own account, moves it (the contracts say so, CallerGuard enforces it); a user may only look at a hold of
 * theirs, an admin at any: another user's hold is not found, as a missing one.
 */
@Controller()
export class HoldsController {
  constructor(private readonly holds: HoldRepository) {}

  @RpcHandler(PaymentsRpc.placeHold)
  async onPlace(@UserOrServiceCaller() _caller: AnyCaller, @RpcPayload(PaymentsRpc.placeHold) body: ParsedRequestOf<typeof PaymentsRpc.placeHold>) {
    // A test-mode hold is taken from the test account (decision 110); its captures and release follow the hold.
    return this.holds.place({ ...body, userId: ledgerAccountOf(body.userId, body.mode) });
  }

  @RpcHandler(PaymentsRpc.captureHold)
  async onCapture(@UserOrServiceCaller() _caller: AnyCaller, @RpcPayload(PaymentsRpc.captureHold) body: ParsedRequestOf<typeof PaymentsRpc.captureHold>) {
    await this.existingHold(body.holdId, EVERY_OWNER);
    return this.holds.capture(body.holdId, body.captures);
  }

  @RpcHandler(PaymentsRpc.releaseHold)
  async onRelease(@UserOrServiceCaller() _caller: AnyCaller, @RpcPayload(PaymentsRpc.releaseHold) body: ParsedRequestOf<typeof PaymentsRpc.releaseHold>) {
    await this.existingHold(body.holdId, EVERY_OWNER);
    return this.holds.release(body.holdId);
  }

  @RpcHandler(PaymentsRpc.getHold)
  async onGet(@UserOrServiceCaller() caller: AnyCaller, @RpcPayload(PaymentsRpc.getHold) body: ParsedRequestOf<typeof PaymentsRpc.getHold>) {
    return this.existingHold(body.holdId, ownerScopeOf(caller));
  }

  private async existingHold(holdId: string, scope: OwnerScope): Promise<Hold> {
    return foundInScope(await this.holds.findOwned(holdId, scope), scope, holdNotFound(holdId));
  }
}
