import { Controller } from '@nestjs/common';
import { DomainError, ErrorCode, PaymentsRpc, type AnyCaller, type Hold, type ParsedRequestOf } from '@labeldesk/contracts';
import { requireSelfAdminOrService, requireService, RpcHandler, RpcPayload, UserOrServiceCaller } from '@labeldesk/nest-transport';
import { HoldRepository } from './hold.repository';


/**
 * A bulk order's money: held when the batch starts, captured per label, the rest released at the end. Only orders,
 * on its own account, moves it; a user (or an admin) may only look at a hold of theirs.
 */
@Controller()
export class HoldsController {
  constructor(private readonly holds: HoldRepository) {}

  @RpcHandler(PaymentsRpc.placeHold)
  async onPlace(@UserOrServiceCaller() caller: AnyCaller, @RpcPayload(PaymentsRpc.placeHold) body: ParsedRequestOf<typeof PaymentsRpc.placeHold>) {
    requireService(caller, 'orders');
    return this.holds.place(body);
  }

  @RpcHandler(PaymentsRpc.captureHold)
  async onCapture(@UserOrServiceCaller() caller: AnyCaller, @RpcPayload(PaymentsRpc.captureHold) body: ParsedRequestOf<typeof PaymentsRpc.captureHold>) {
    requireService(caller, 'orders');
    await this.existingHold(body.holdId);
    return this.holds.capture(body.holdId, body.captures);
  }

  @RpcHandler(PaymentsRpc.releaseHold)
  async onRelease(@UserOrServiceCaller() caller: AnyCaller, @RpcPayload(PaymentsRpc.releaseHold) body: ParsedRequestOf<typeof PaymentsRpc.releaseHold>) {
    requireService(caller, 'orders');
    await this.existingHold(body.holdId);
    return this.holds.release(body.holdId);
  }

  @RpcHandler(PaymentsRpc.getHold)
  async onGet(@UserOrServiceCaller() caller: AnyCaller, @RpcPayload(PaymentsRpc.getHold) body: ParsedRequestOf<typeof PaymentsRpc.getHold>) {
    const hold = await this.existingHold(body.holdId);
    requireSelfAdminOrService(caller, hold.userId, 'orders');
    return hold;
  }

  private async existingHold(holdId: string): Promise<Hold> {
    const hold = await this.holds.find(holdId);
    if (!hold) throw new DomainError(ErrorCode.NOT_FOUND, `Hold ${holdId} not found`);
    return hold;
  }
}
