import { Controller } from '@nestjs/common';
import { LabelSettingsRpc, type Caller, type LabelSettings, type ParsedRequestOf } from '@labeldesk/contracts';
import { CurrentCaller, RpcHandler, RpcPayload } from '@labeldesk/nest-transport';
import { LabelSettingsRepository } from './label-settings.repository';

/** A user's label size over the transport; the contract lets only that user or an admin ask (decision 080), by their caller token. */
@Controller()
export class LabelSettingsController {
  constructor(private readonly settings: LabelSettingsRepository) {}

  @RpcHandler(LabelSettingsRpc.get)
  async get(@CurrentCaller() _caller: Caller, @RpcPayload(LabelSettingsRpc.get) body: ParsedRequestOf<typeof LabelSettingsRpc.get>): Promise<LabelSettings> {
    return { labelSize: await this.settings.labelSize(body.userId) };
  }

  @RpcHandler(LabelSettingsRpc.set)
  async set(@CurrentCaller() _caller: Caller, @RpcPayload(LabelSettingsRpc.set) body: ParsedRequestOf<typeof LabelSettingsRpc.set>): Promise<LabelSettings> {
    return { labelSize: await this.settings.setLabelSize(body.userId, body.settings.labelSize) };
  }
}
