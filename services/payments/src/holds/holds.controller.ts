import { Controller } from '@nestjs/common';
import { DomainError, ErrorCode, PaymentsRpc, type Caller, type Hold, type ParsedRequestOf } from '@labeldesk/contracts';
import { CurrentCaller, requireSelfOrAdmin, RpcHandler, RpcPayload } from '@labeldesk/nest-transport';
import { HoldRepository } from './hold.repository';

/** Who may act on a user's holds: the one place to change when orders calls with a service identity. */
const requireHoldAccess = (caller: Caller, ownerId: string): void => requireSelfOrAdmin(caller, ownerId);

/** A bulk order's money: held when the batch starts, captured per label, the rest released at the end. */
@Controller()
export class HoldsController {
  constructor(private readonly holds: HoldRepository) {}

  @RpcHandler(PaymentsRpc.placeHold)
  async onPlace(@CurrentCaller() caller: Caller, @RpcPayload(PaymentsRpc.placeHold) body: ParsedRequestOf<typeof PaymentsRpc.placeHold>) {
    requireHoldAccess(caller, body.userId);
    return this.holds.place(body);
  }

  @RpcHandler(PaymentsRpc.captureHold)
  async onCapture(@CurrentCaller() caller: Caller, @RpcPayload(PaymentsRpc.captureHold) body: ParsedRequestOf<typeof PaymentsRpc.captureHold>) {
    await this.accessibleHold(caller, body.holdId);
    return this.holds.capture(body.holdId, body.captures);
  }

  @RpcHandler(PaymentsRpc.releaseHold)
  async onRelease(@CurrentCaller() caller: Caller, @RpcPayload(PaymentsRpc.releaseHold) body: ParsedRequestOf<typeof PaymentsRpc.releaseHold>) {
    await this.accessibleHold(caller, body.holdId);
    return this.holds.release(body.holdId);
  }

  @RpcHandler(PaymentsRpc.getHold)
  async onGet(@CurrentCaller() caller: Caller, @RpcPayload(PaymentsRpc.getHold) body: ParsedRequestOf<typeof PaymentsRpc.getHold>) {
    return this.accessibleHold(caller, body.holdId);
  }

  /** A hold's owner never changes, so checking it before the operation's own transaction is safe. */
  private async accessibleHold(caller: Caller, holdId: string): Promise<Hold> {
    const hold = await this.holds.find(holdId);
    if (!hold) throw new DomainError(ErrorCode.NOT_FOUND, `Hold ${holdId} not found`);
    requireHoldAccess(caller, hold.userId);
    return hold;
  }
}
