import { Controller } from '@nestjs/common';
import { AddressRpc, type Caller, type ParsedRequestOf } from '@labeldesk/contracts';
import { CurrentCaller, RpcHandler, RpcPayload } from '@labeldesk/nest-transport';
import { toPackagePreset } from './package-preset.mapper';
import { PackagePresetRepository } from './package-preset.repository';

/**
 * A seller's saved boxes (issue 45); the contracts declare who may ask (the owner or an admin), and every handler takes
 * the caller's token, so holding the address service's NATS account is not enough to read or change them.
 */
@Controller()
export class PackagePresetsController {
  constructor(private readonly presets: PackagePresetRepository) {}

  @RpcHandler(AddressRpc.listPackagePresets)
  async list(@CurrentCaller() _caller: Caller, @RpcPayload(AddressRpc.listPackagePresets) body: ParsedRequestOf<typeof AddressRpc.listPackagePresets>) {
    return { presets: (await this.presets.list(body.userId)).map(toPackagePreset) };
  }

  @RpcHandler(AddressRpc.createPackagePreset)
  async create(@CurrentCaller() _caller: Caller, @RpcPayload(AddressRpc.createPackagePreset) body: ParsedRequestOf<typeof AddressRpc.createPackagePreset>) {
    return toPackagePreset(await this.presets.create(body.userId, body.preset));
  }

  @RpcHandler(AddressRpc.updatePackagePreset)
  async update(@CurrentCaller() _caller: Caller, @RpcPayload(AddressRpc.updatePackagePreset) body: ParsedRequestOf<typeof AddressRpc.updatePackagePreset>) {
    return toPackagePreset(await this.presets.update(body.userId, body.id, body.preset));
  }

  @RpcHandler(AddressRpc.deletePackagePreset)
  async remove(@CurrentCaller() _caller: Caller, @RpcPayload(AddressRpc.deletePackagePreset) body: ParsedRequestOf<typeof AddressRpc.deletePackagePreset>) {
    await this.presets.delete(body.userId, body.id);
    return { ok: true as const };
  }
}
