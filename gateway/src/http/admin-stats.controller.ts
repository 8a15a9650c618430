import { Controller, Get } from '@nestjs/common';
import { ADMIN_STATS_DAYS, adminStatsSchema, AuthRpc, OrdersAdminRpc, PaymentsAdminRpc, type AdminStats } from '@labeldesk/contracts';
import { RpcClient } from '@labeldesk/nest-transport';
import { AdminOnly } from '../auth/access.decorators';
import { Ctx, type CallContext } from '../auth/request-context';
import { ApiDoc } from '../docs/api-doc.decorator';

const startOfUtcDay = (now = new Date()): number => Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());

/** The admin dashboard's figures, from the three services that own them, asked at once. */
@Controller('admin')
export class AdminStatsController {
  constructor(private readonly rpc: RpcClient) {}

  @ApiDoc({ summary: 'Users, orders, labels, revenue, deposits and batches, in total and today (UTC), with the last 30 days per day; revenue, carrier cost and margin of the labels finished today and in the last 30 days', response: adminStatsSchema })
  @AdminOnly()
  @Get('stats')
  async stats(@Ctx() ctx: CallContext): Promise<AdminStats> {
    const [{ users }, orders, payments] = await Promise.all([
      this.rpc.call(AuthRpc.listUsers, {}, ctx),
      this.rpc.call(OrdersAdminRpc.stats, { days: ADMIN_STATS_DAYS }, ctx),
      this.rpc.call(PaymentsAdminRpc.stats, { days: ADMIN_STATS_DAYS }, ctx),
    ]);
    const today = startOfUtcDay();
    const revenueByDay = new Map(payments.revenuePerDay.map((d) => [d.day, d.cents]));
    return {
      users: { total: users.length, today: users.filter((u) => Date.parse(u.registeredAt) >= today).length },
      orders: orders.orders,
      labels: orders.labels,
      revenueCents: payments.revenueCents,
      deposits: payments.deposits,
      batches: orders.batches,
      margins: orders.margins,
      perDay: orders.labelsPerDay.map((d) => ({ day: d.day, labels: d.count, revenueCents: revenueByDay.get(d.day) ?? 0 })),
    };
  }
}
