import { Controller } from '@nestjs/common';
import { AuthAuditRpc, type Caller, type ParsedRequestOf } from '@labeldesk/contracts';
import { Allow, CurrentCaller, RpcHandler, RpcPayload } from '@labeldesk/nest-transport';
import { AuditRepository } from './audit.repository';

/** Admin actions, recorded by the gateway as they happen; the actor is the verified caller. */
@Controller()
export class AuditController {
  constructor(private readonly audit: AuditRepository) {}

  @Allow('admin')
  @RpcHandler(AuthAuditRpc.record)
  async onRecord(@CurrentCaller() caller: Caller, @RpcPayload(AuthAuditRpc.record) body: ParsedRequestOf<typeof AuthAuditRpc.record>) {
    return { id: await this.audit.append({ actorId: caller.userId, ...body }) };
  }

  @Allow('admin')
  @RpcHandler(AuthAuditRpc.list)
  onList(@CurrentCaller() _caller: Caller, @RpcPayload(AuthAuditRpc.list) body: ParsedRequestOf<typeof AuthAuditRpc.list>) {
    return this.audit.page(body);
  }
}
