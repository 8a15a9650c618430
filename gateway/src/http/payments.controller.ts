import { Controller, Get, Param } from '@nestjs/common';
import { PaymentsRpc, type DepositListItem } from '@labeldesk/contracts';
import { RpcClient } from '@labeldesk/nest-transport';
import { Ctx, type CallContext } from '../auth/request-context';

@Controller('payment')
export class PaymentsController {
  constructor(private readonly rpc: RpcClient) {}

  /** Spec: recent deposits (amount in cents, createdTime in unix seconds); credited deposits are Settled. */
  @Get('recent-deposits/:userId')
  async recentDeposits(@Param('userId') userId: string, @Ctx() ctx: CallContext): Promise<DepositListItem[]> {
    const { entries } = await this.rpc.call(PaymentsRpc.listEntries, { userId, limit: 20, kinds: ['deposit'] }, ctx);
    return entries.map((e) => ({ amount: e.amountCents, createdTime: Math.floor(Date.parse(e.createdAt) / 1000), status: 'Settled' }));
  }
}
