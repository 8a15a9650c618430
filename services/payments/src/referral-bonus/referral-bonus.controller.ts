import { Controller } from '@nestjs/common';
import { ReferralBonusRpc, type Caller, type ParsedRequestOf } from '@labeldesk/contracts';
import { CurrentCaller, RpcHandler, RpcPayload } from '@labeldesk/nest-transport';
import { ReferralBonusSettingsRepository } from './referral-bonus-settings.repository';

/** The referral bonus settings: read by any signed-in user, set by an admin (their contracts say so). */
@Controller()
export class ReferralBonusController {
  constructor(private readonly settings: ReferralBonusSettingsRepository) {}

  @RpcHandler(ReferralBonusRpc.getSettings)
  onGet(@CurrentCaller() _caller: Caller) {
    return this.settings.get();
  }

  @RpcHandler(ReferralBonusRpc.setSettings)
  onSet(@CurrentCaller() caller: Caller, @RpcPayload(ReferralBonusRpc.setSettings) body: ParsedRequestOf<typeof ReferralBonusRpc.setSettings>) {
    return this.settings.set(body, caller.userId);
  }
}
