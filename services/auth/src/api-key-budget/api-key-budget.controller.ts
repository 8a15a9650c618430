import { Controller } from '@nestjs/common';
import { ApiKeyBudgetRpc, DomainError, ErrorCode, type ApiKeyLease, type ParsedRequestOf } from '@labeldesk/contracts';
import { RpcHandler, RpcPayload } from '@labeldesk/nest-transport';
import { hashApiKey, isWellFormedApiKey } from '../api-keys/api-key-format';
import { ApiKeyBudgetRepository } from './api-key-budget.repository';

const invalid = () => new DomainError(ErrorCode.AUTH_API_KEY_INVALID, 'This API key is not valid: it may have been revoked.');

/**
 * Leases a key's requests to the gateway replicas from its one bucket (decision 075). The key is the credential, as
 * for auth.api-key.verify.v1: a malformed key never reaches the database, and a revoked one has no budget.
 */
@Controller()
export class ApiKeyBudgetController {
  constructor(private readonly budgets: ApiKeyBudgetRepository) {}

  @RpcHandler(ApiKeyBudgetRpc.lease)
  async onLease(@RpcPayload(ApiKeyBudgetRpc.lease) body: ParsedRequestOf<typeof ApiKeyBudgetRpc.lease>): Promise<ApiKeyLease> {
    if (!isWellFormedApiKey(body.key)) throw invalid();
    const lease = await this.budgets.lease(hashApiKey(body.key), body.want, body.perMinute);
    if (!lease) throw invalid();
    const perMs = body.perMinute / 60_000;
    const retryAfterMs = lease.granted > 0 ? 0 : Math.max(1, Math.ceil((1 - lease.tokensLeft) / perMs));
    return { granted: lease.granted, retryAfterMs };
  }
}
