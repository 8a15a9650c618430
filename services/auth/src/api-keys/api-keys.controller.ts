import { Controller } from '@nestjs/common';
import { ApiKeysRpc, type Caller, type ParsedRequestOf } from '@labeldesk/contracts';
import { CurrentCaller, enforceAccess, RpcHandler, RpcPayload } from '@labeldesk/nest-transport';
import { ApiKeysUseCase } from './api-keys.usecase';

/** Keys are made, listed and revoked with a session only: a key cannot mint keys (decision 049). */
const SESSIONS_ONLY = { who: 'signed-in', scope: null } as const;

@Controller()
export class ApiKeysController {
  constructor(private readonly apiKeys: ApiKeysUseCase) {}

  /** The holder's own session: never an API key, never an admin signed in as the user (decision 072). */
  @RpcHandler(ApiKeysRpc.create)
  onCreate(@CurrentCaller() caller: Caller, @RpcPayload(ApiKeysRpc.create) body: ParsedRequestOf<typeof ApiKeysRpc.create>) {
    enforceAccess(SESSIONS_ONLY, caller, {});
    return this.apiKeys.create(caller, body);
  }

  @RpcHandler(ApiKeysRpc.list)
  onList(@CurrentCaller() caller: Caller) {
    enforceAccess(SESSIONS_ONLY, caller, {});
    return this.apiKeys.list(caller);
  }

  @RpcHandler(ApiKeysRpc.revoke)
  onRevoke(@CurrentCaller() caller: Caller, @RpcPayload(ApiKeysRpc.revoke) body: ParsedRequestOf<typeof ApiKeysRpc.revoke>) {
    enforceAccess(SESSIONS_ONLY, caller, {});
    return this.apiKeys.revoke(caller, body.keyId);
  }

  /** Asked by the gateway before it knows any caller, as verifyToken is: the key is the credential. */
  @RpcHandler(ApiKeysRpc.verify)
  onVerify(@RpcPayload(ApiKeysRpc.verify) body: ParsedRequestOf<typeof ApiKeysRpc.verify>) {
    return this.apiKeys.verify(body.key);
  }
}
