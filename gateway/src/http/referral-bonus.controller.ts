import { Body, Controller, Get, Param, Put } from '@nestjs/common';
import {
  PaymentsRpc,
  ReferralBonusRpc,
  referralBonusCreditsResponseSchema,
  referralBonusSettingsSchema,
  type ReferralBonusSettings,
} from '@labeldesk/contracts';
import { RpcClient } from '@labeldesk/nest-transport';
import type { z } from 'zod';
import { Forwards } from '../auth/access.decorators';
import { Ctx, type CallContext } from '../auth/request-context';
import { Audited } from '../audit/audited.decorator';
import type { Snapshot } from '../audit/snapshots';
import { ApiDoc } from '../docs/api-doc.decorator';
import { ZodBody } from './zod-body.pipe';

/** The settings as the audit log keeps them before and after an admin changes them. */
const referralBonusSnapshot: Snapshot = async (rpc, _target, ctx) => ({ ...(await rpc.call(ReferralBonusRpc.getSettings, {}, ctx)) });

/** The referral bonus (decision 087): what it is, an admin setting it, and the bonuses a customer received. */
@Controller('referral-bonus')
export class ReferralBonusController {
  constructor(private readonly rpc: RpcClient) {}

  @ApiDoc({ summary: 'The referral bonus: amount (cents, 0 = off), who gets it, the minimum first top-up (cents)', response: referralBonusSettingsSchema })
  @Forwards(ReferralBonusRpc.getSettings)
  @Get()
  settings(@Ctx() ctx: CallContext): Promise<ReferralBonusSettings> {
    return this.rpc.call(ReferralBonusRpc.getSettings, {}, ctx);
  }

  @ApiDoc({ summary: 'Set the referral bonus; first top-ups credited from now on earn it', body: referralBonusSettingsSchema, response: referralBonusSettingsSchema })
  @Audited({ action: 'referral-bonus.set', targetType: 'referral-bonus', target: () => null, snapshot: referralBonusSnapshot })
  @Forwards(ReferralBonusRpc.setSettings)
  @Put()
  set(@Body(new ZodBody(referralBonusSettingsSchema)) body: z.output<typeof referralBonusSettingsSchema>, @Ctx() ctx: CallContext): Promise<ReferralBonusSettings> {
    return this.rpc.call(ReferralBonusRpc.setSettings, body, ctx);
  }

  @ApiDoc({ summary: 'The referral bonuses a user received, newest first', response: referralBonusCreditsResponseSchema })
  @Forwards(PaymentsRpc.listEntries)
  @Get('credits/:userId')
  async credits(@Param('userId') userId: string, @Ctx() ctx: CallContext): Promise<z.output<typeof referralBonusCreditsResponseSchema>> {
    const { entries } = await this.rpc.call(PaymentsRpc.listEntries, { userId, limit: 50, kinds: ['referral_bonus'] }, ctx);
    return { credits: entries.map((entry) => ({ amountCents: entry.amountCents, reference: entry.reference, createdAt: entry.createdAt })) };
  }
}
