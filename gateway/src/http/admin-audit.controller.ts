import { Controller, Get, Query } from '@nestjs/common';
import { auditPageSchema, auditQuerySchema, AuthAuditRpc, AuthRpc, type AuditPage } from '@labeldesk/contracts';
import { RpcClient } from '@labeldesk/nest-transport';
import type { z } from 'zod';
import { Forwards } from '../auth/access.decorators';
import { Ctx, type CallContext } from '../auth/request-context';
import { ApiDoc } from '../docs/api-doc.decorator';
import { ZodBody } from './zod-body.pipe';

/** The audit log, newest first, with the name of who acted (and of the customer they acted as); the entry keeps the name and e-mail of the user acted on. */
@Controller('admin/audit')
export class AdminAuditController {
  constructor(private readonly rpc: RpcClient) {}

  @ApiDoc({ summary: 'Admin actions (who, what, to whom, before, after, when), newest first; filter by actor, target, action and UTC dates', query: auditQuerySchema, response: auditPageSchema })
  @Forwards(AuthAuditRpc.list)
  @Get()
  async list(@Query(new ZodBody(auditQuerySchema)) query: z.output<typeof auditQuerySchema>, @Ctx() ctx: CallContext): Promise<AuditPage> {
    const [page, { users }] = await Promise.all([this.rpc.call(AuthAuditRpc.list, query, ctx), this.rpc.call(AuthRpc.listUsers, {}, ctx)]);
    const names = new Map(users.map((u) => [u.id, `${u.name} (${u.email})`]));
    const nameOf = (id: string | null) => (id === null ? null : (names.get(id) ?? null));
    return { total: page.total, items: page.items.map((entry) => ({ ...entry, actorName: nameOf(entry.actorId), actingAsName: nameOf(entry.actingAsId) })) };
  }
}
