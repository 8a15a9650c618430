import { ErrorCode, type AnyCaller, type HandlerPolicy } from '@labeldesk/contracts';
import { enforceHandlerAccess, HANDLER_ACCESS } from '@labeldesk/nest-transport';
import { AccountsController } from './accounts.controller';

const OWNER = '6565c5d5-6f6c-4baf-a307-daaaaed3489f';
const STRANGER = 'a1b2c3d4-0000-4000-8000-000000000000';

/** Who may read a balance is declared on the contract and enforced by CallerGuard before the handler runs (decision 080). */
describe('AccountsController.onSummary', () => {
  const policy = Reflect.getMetadata(HANDLER_ACCESS, AccountsController.prototype.onSummary) as HandlerPolicy;
  const answerTo = (caller: AnyCaller): string => {
    try {
      enforceHandlerAccess(policy, caller, { userId: OWNER });
      return 'allowed';
    } catch (error) {
      return (error as { code: string }).code;
    }
  };

  it('shows a balance to its owner (a key with balance:read too), an admin and orders', () => {
    const readers: AnyCaller[] = [
      { userId: OWNER, role: 'user' },
      { userId: OWNER, role: 'user', authMethod: 'api_key', scopes: ['balance:read'] },
      { userId: STRANGER, role: 'admin' },
      { service: 'orders' },
    ];
    expect(readers.map(answerTo)).toEqual(['allowed', 'allowed', 'allowed', 'allowed']);
  });

  it('refuses another customer, an admin without two factors, a key without balance:read and another service', () => {
    const refused: AnyCaller[] = [
      { userId: STRANGER, role: 'user' },
      { userId: STRANGER, role: 'admin', adminPowersWithheld: true },
      { userId: OWNER, role: 'user', authMethod: 'api_key', scopes: ['labels:read'] },
      { service: 'pricing' },
    ];
    expect(refused.map(answerTo)).toEqual([ErrorCode.FORBIDDEN, ErrorCode.AUTH_TWO_FACTOR_ENROLMENT_REQUIRED, ErrorCode.AUTH_SCOPE_MISSING, ErrorCode.FORBIDDEN]);
  });
});
