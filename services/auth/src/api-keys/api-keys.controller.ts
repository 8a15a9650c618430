import { Controller } from '@nestjs/common';
import { ApiKeysRpc, type Caller, type ParsedRequestOf } from '@labeldesk/contracts';
import { CurrentCaller, RpcHandler, RpcPayload } from '@labeldesk/nest-transport';
import { ApiKeysUseCase } from './api-keys.usecase';

@Controller()
export class ApiKeysController {
  constructor(private readonly apiKeys: ApiKeysUseCase) {}

  /** The holder's own session: never an API key, never an admin signed in as the user (decision 072). */
  @RpcHandler(ApiKeysRpc.create)
  onCreate(@CurrentCaller() caller: Caller, @RpcPayload(ApiKeysRpc.create) body: ParsedRequestOf<typeof ApiKeysRpc.create>) {
    return this.apiKeys.create(caller, body);
  }

  @RpcHandler(ApiKeysRpc.list)
  onList(@CurrentCaller() caller: Caller) {
    return this.apiKeys.list(caller);
  }

  @RpcHandler(ApiKeysRpc.revoke)
  onRevoke(@CurrentCaller() caller: Caller, @RpcPayload(ApiKeysRpc.revoke) body: ParsedRequestOf<typeof ApiKeysRpc.revoke>) {
    return this.apiKeys.revoke(caller, body.keyId);
  }

  /** Asked by the gateway before it knows any caller, as verifyToken is: the key is the credential. */
  @RpcHandler(ApiKeysRpc.verify)
  onVerify(@RpcPayload(ApiKeysRpc.verify) body: ParsedRequestOf<typeof ApiKeysRpc.verify>) {
    return this.apiKeys.verify(body.key);
  }
}
