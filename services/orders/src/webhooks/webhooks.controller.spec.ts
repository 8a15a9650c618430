import { ErrorCode, type Caller } from '@labeldesk/contracts';
import { enforceHandlerAccess, handlerCallersOf } from '@labeldesk/nest-transport';
import { WebhooksController } from './webhooks.controller';

const OWNER = '6565c5d5-6f6c-4baf-a307-daaaaed3489f';
const callers: Record<'loginAs' | 'session' | 'key', Caller> = {
  loginAs: { userId: OWNER, role: 'user', authMethod: 'login_as', impersonatorId: '0b4f9d8e-1c2a-4f5e-9d3b-2a1c4e5f6a7b' },
  session: { userId: OWNER, role: 'user' },
  key: { userId: OWNER, role: 'user', authMethod: 'api_key', scopes: ['webhooks:manage'] },
};
const policies = Object.fromEntries(handlerCallersOf(WebhooksController).map((handler) => [handler.where.split('.')[1] ?? '', handler.policy]));
const answer = (method: string, caller: Caller): string => {
  try {
    const policy = policies[method];
    if (!policy) return 'no policy';
    enforceHandlerAccess(policy, caller, { id: 'w1' });
    return 'allowed';
  } catch (error) {
    return (error as { code?: string }).code ?? String(error);
  }
};

/** A webhook's signing secret is the customer's: a login-as session never sees a new one (decision 069). */
describe('webhook handlers, by caller', () => {
  it.each(['create', 'rotateSecret'])('%s refuses a login-as session, and takes the owner\'s session and their key with webhooks:manage', (method) => {
    expect([answer(method, callers.loginAs), answer(method, callers.session), answer(method, callers.key)]).toEqual([ErrorCode.AUTH_LOGIN_AS_REFUSED, 'allowed', 'allowed']);
  });

  it.each(['list', 'update', 'remove', 'deliveries', 'test'])('%s takes a login-as session, which shows no secret', (method) => {
    expect(answer(method, callers.loginAs)).toBe('allowed');
  });
});

describe('relaying a balance event, by caller', () => {
  const service = (name: 'payments' | 'pricing') => {
    try {
      enforceHandlerAccess(policies['relayEvent'] ?? { who: 'public', scope: null, services: [] }, { service: name }, {});
      return 'allowed';
    } catch (error) {
      return (error as { code?: string }).code ?? String(error);
    }
  };

  it('takes payments alone: no user, however signed in, and no other service', () => {
    expect([service('payments'), service('pricing'), answer('relayEvent', callers.session), answer('relayEvent', { userId: OWNER, role: 'admin' })]).toEqual([
      'allowed',
      ErrorCode.FORBIDDEN,
      ErrorCode.FORBIDDEN,
      ErrorCode.FORBIDDEN,
    ]);
  });
});

/** Where the customer's signed events go is theirs too: a login-as session cannot point them at the admin (decision 069). */
describe("changing a webhook's url, by caller", () => {
  const changesSeen: unknown[] = [];
  const endpoint = { id: 'w1', url: 'https://example.com/x', events: ['label.purchased'], enabled: true, disabledReason: null, previousSecretUntil: null, createdAt: '2026-01-01T00:00:00.000Z' };
  const manage = { update: async (_userId: string, _id: string, change: unknown) => (changesSeen.push(change), endpoint) };
  const controller = new WebhooksController(manage as never, {} as never, {} as never);
  const update = async (caller: Caller, change: Record<string, unknown>): Promise<string> => {
    try {
      await controller.update(caller, { id: 'w1', change } as never);
      return 'allowed';
    } catch (error) {
      return (error as { code?: string }).code ?? String(error);
    }
  };

  it('refuses a login-as session a new url, and changes nothing', async () => {
    changesSeen.length = 0;
    expect(await update(callers.loginAs, { url: 'https://admin.example/x' })).toBe(ErrorCode.AUTH_LOGIN_AS_REFUSED);
    expect(await update(callers.loginAs, { url: 'https://admin.example/x', enabled: false })).toBe(ErrorCode.AUTH_LOGIN_AS_REFUSED);
    expect(changesSeen).toEqual([]);
  });

  it('lets a login-as session turn a webhook off or pick its events', async () => {
    expect([await update(callers.loginAs, { enabled: false }), await update(callers.loginAs, { events: ['label.purchased'] })]).toEqual(['allowed', 'allowed']);
  });

  it("takes a new url from the owner's session and from their key with webhooks:manage", async () => {
    expect([await update(callers.session, { url: 'https://example.com/x' }), await update(callers.key, { url: 'https://example.com/x' })]).toEqual(['allowed', 'allowed']);
  });
});
