import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import {
  AddressRpc,
  okSchema,
  packagePresetFormSchema,
  packagePresetSchema,
  packagePresetsResponseSchema,
  type PackagePreset,
  type PackagePresetInput,
  type PackagePresetsResponse,
} from '@labeldesk/contracts';
import { RpcClient } from '@labeldesk/nest-transport';
import { Forwards } from '../auth/access.decorators';
import { Ctx, type CallContext } from '../auth/request-context';
import { ApiDoc } from '../docs/api-doc.decorator';
import { ZodBody } from './zod-body.pipe';

/** Issue 45: a seller's saved boxes (package presets), kept by the address service beside SKUs; owner or admin. */
@Controller('packages')
export class PackagePresetsController {
  constructor(private readonly rpc: RpcClient) {}

  @ApiDoc({ summary: "The user's saved boxes (package presets), oldest first", response: packagePresetsResponseSchema })
  @Forwards(AddressRpc.listPackagePresets)
  @Get(':userId')
  list(@Param('userId') userId: string, @Ctx() ctx: CallContext): Promise<PackagePresetsResponse> {
    return this.rpc.call(AddressRpc.listPackagePresets, { userId }, ctx);
  }

  @ApiDoc({ summary: 'Save a box: name, outer length, width and height (in) and tare weight (oz)', body: packagePresetFormSchema, response: packagePresetSchema, status: 201 })
  @Forwards(AddressRpc.createPackagePreset)
  @Post(':userId')
  create(@Param('userId') userId: string, @Body(new ZodBody(packagePresetFormSchema)) preset: PackagePresetInput, @Ctx() ctx: CallContext): Promise<PackagePreset> {
    return this.rpc.call(AddressRpc.createPackagePreset, { userId, preset }, ctx);
  }

  @ApiDoc({ summary: 'Change a saved box', body: packagePresetFormSchema, response: packagePresetSchema })
  @Forwards(AddressRpc.updatePackagePreset)
  @Put(':userId/:presetId')
  update(
    @Param('userId') userId: string,
    @Param('presetId') id: string,
    @Body(new ZodBody(packagePresetFormSchema)) preset: PackagePresetInput,
    @Ctx() ctx: CallContext,
  ): Promise<PackagePreset> {
    return this.rpc.call(AddressRpc.updatePackagePreset, { userId, id, preset }, ctx);
  }

  @ApiDoc({ summary: 'Delete a saved box', response: okSchema })
  @Forwards(AddressRpc.deletePackagePreset)
  @Delete(':userId/:presetId')
  @HttpCode(200)
  remove(@Param('userId') userId: string, @Param('presetId') id: string, @Ctx() ctx: CallContext): Promise<{ ok: true }> {
    return this.rpc.call(AddressRpc.deletePackagePreset, { userId, id }, ctx);
  }
}
