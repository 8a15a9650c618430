import { Controller } from '@nestjs/common';
import { AuthAuditRpc, authMethodOf, type Caller, type ParsedRequestOf } from '@labeldesk/contracts';
import { CurrentCaller, requireAdmin, RpcHandler, RpcPayload } from '@labeldesk/nest-transport';
import { auditActor, AuditRepository } from './audit.repository';

/**
 * Admin actions, recorded by the gateway as they happen; the actor is the verified caller: an admin, or the admin
 * behind a login-as session, acting as its customer (decision 069).
 */
@Controller()
export class AuditController {
  constructor(private readonly audit: AuditRepository) {}

  /** Sessions only (no scope): an admin's own, or a login-as session, which names its admin; no customer's own. */
  @RpcHandler(AuthAuditRpc.record)
  async onRecord(@CurrentCaller() caller: Caller, @RpcPayload(AuthAuditRpc.record) body: ParsedRequestOf<typeof AuthAuditRpc.record>) {
    if (authMethodOf(caller) !== 'login_as') requireAdmin(caller);
    return { id: await this.audit.append({ ...auditActor(caller), ...body }) };
  }

  @RpcHandler(AuthAuditRpc.list)
  onList(@CurrentCaller() _caller: Caller, @RpcPayload(AuthAuditRpc.list) body: ParsedRequestOf<typeof AuthAuditRpc.list>) {
    return this.audit.page(body);
  }
}
