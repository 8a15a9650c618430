import { ErrorCode } from '@labeldesk/contracts';
import { generateApiKey, hashApiKey } from '../api-keys/api-key-format';
import { ApiKeyBudgetController } from './api-key-budget.controller';
import type { ApiKeyBudgetRepository, Lease } from './api-key-budget.repository';

const controllerOver = (lease: Lease | null) => {
  const budgets = { lease: jest.fn(async () => lease) };
  return { controller: new ApiKeyBudgetController(budgets as unknown as ApiKeyBudgetRepository), budgets };
};

describe('ApiKeyBudgetController', () => {
  it("leases from the bucket of the key's hash, never the key itself", async () => {
    const { controller, budgets } = controllerOver({ granted: 3, tokensLeft: 12.5 });
    const key = generateApiKey();
    await expect(controller.onLease({ key, want: 3, perMinute: 120 })).resolves.toEqual({ granted: 3, retryAfterMs: 0 });
    expect(budgets.lease).toHaveBeenCalledWith(hashApiKey(key), 3, 120);
  });

  it('answers how long until the empty bucket holds one request again', async () => {
    const { controller } = controllerOver({ granted: 0, tokensLeft: 0.5 });
    // Half a request missing at 120 a minute (2 a second): a quarter second.
    await expect(controller.onLease({ key: generateApiKey(), want: 1, perMinute: 120 })).resolves.toEqual({ granted: 0, retryAfterMs: 250 });
  });

  it('refuses a malformed key before the database, and a key with no live row (revoked)', async () => {
    const malformed = controllerOver({ granted: 1, tokensLeft: 0 });
    await expect(malformed.controller.onLease({ key: 'ld_live_nope', want: 1, perMinute: 120 })).rejects.toMatchObject({ code: ErrorCode.AUTH_API_KEY_INVALID });
    expect(malformed.budgets.lease).not.toHaveBeenCalled();
    await expect(controllerOver(null).controller.onLease({ key: generateApiKey(), want: 1, perMinute: 120 })).rejects.toMatchObject({ code: ErrorCode.AUTH_API_KEY_INVALID });
  });
});
