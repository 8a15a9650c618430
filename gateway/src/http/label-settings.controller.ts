import { Body, Controller, Get, Param, Put } from '@nestjs/common';
import { LabelSettingsRpc, labelSettingsSchema, type LabelSettings } from '@labeldesk/contracts';
import { RpcClient } from '@labeldesk/nest-transport';
import { Forwards } from '../auth/access.decorators';
import { Ctx, type CallContext } from '../auth/request-context';
import { ApiDoc } from '../docs/api-doc.decorator';
import { ZodBody } from './zod-body.pipe';

/** A user's label size (decision 096): the paper their single PDF labels download on; owner or admin. */
@Controller('label-settings')
export class LabelSettingsController {
  constructor(private readonly rpc: RpcClient) {}

  @ApiDoc({ summary: "The user's label size: 4x6 (the default) or letter (the 4×6 label on the top half of an 8.5×11 sheet)", response: labelSettingsSchema })
  @Forwards(LabelSettingsRpc.get)
  @Get(':userId')
  get(@Param('userId') userId: string, @Ctx() ctx: CallContext): Promise<LabelSettings> {
    return this.rpc.call(LabelSettingsRpc.get, { userId }, ctx);
  }

  @ApiDoc({ summary: "Set the user's label size; single PDF labels download on it from then on, ZPL labels never change", body: labelSettingsSchema, response: labelSettingsSchema })
  @Forwards(LabelSettingsRpc.set)
  @Put(':userId')
  set(@Param('userId') userId: string, @Body(new ZodBody(labelSettingsSchema)) settings: LabelSettings, @Ctx() ctx: CallContext): Promise<LabelSettings> {
    return this.rpc.call(LabelSettingsRpc.set, { userId, settings }, ctx);
  }
}
