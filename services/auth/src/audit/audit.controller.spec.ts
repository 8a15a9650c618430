import { ErrorCode, type Caller } from '@labeldesk/contracts';
import type { HandlerPolicy } from '@labeldesk/contracts';
import { enforceHandlerAccess, HANDLER_ACCESS } from '@labeldesk/nest-transport';
import { AuditController } from './audit.controller';
import type { AuditRepository, NewAuditEntry } from './audit.repository';

const ADMIN = '0b4f9d8e-1c2a-4f5e-9d3b-2a1c4e5f6a7b';
const CUSTOMER = '6565c5d5-6f6c-4baf-a307-daaaaed3489f';
const voided = { action: 'label.void', targetType: 'order', targetId: 'order-1', before: null, after: null } as const;

const setup = () => {
  const appended: NewAuditEntry[] = [];
  const audit = { append: jest.fn(async (entry: NewAuditEntry) => (appended.push(entry), 'entry-1')) } as unknown as AuditRepository;
  return { controller: new AuditController(audit), appended };
};

/** Who the gateway's record names (decision 069): what an admin does signed in as a customer is the admin's. */
describe('AuditController.onRecord', () => {
  it('names the admin behind a login-as session as the actor, acting as the customer', async () => {
    const { controller, appended } = setup();
    await controller.onRecord({ userId: CUSTOMER, role: 'user', authMethod: 'login_as', impersonatorId: ADMIN }, voided);
    expect(appended).toEqual([{ ...voided, actorId: ADMIN, actingAsId: CUSTOMER }]);
  });

  it('names an admin in their own session as the actor, acting as no one', async () => {
    const { controller, appended } = setup();
    await controller.onRecord({ userId: ADMIN, role: 'admin' }, voided);
    expect(appended).toEqual([{ ...voided, actorId: ADMIN, actingAsId: null }]);
  });

  it.each<[string, Caller]>([
    ["a customer's own session", { userId: CUSTOMER, role: 'user' }],
    ['a login-as session that names no admin', { userId: CUSTOMER, role: 'user', authMethod: 'login_as' }],
  ])('refuses %s and writes nothing', async (_case, caller) => {
    const { controller, appended } = setup();
    await expect(controller.onRecord(caller, voided)).rejects.toMatchObject({ code: ErrorCode.FORBIDDEN });
    expect(appended).toEqual([]);
  });

  it('takes sessions only: an API key, even an admin\'s, is refused before the handler', () => {
    const policy = Reflect.getMetadata(HANDLER_ACCESS, AuditController.prototype.onRecord) as HandlerPolicy;
    const key: Caller = { userId: ADMIN, role: 'admin', authMethod: 'api_key', scopes: ['labels:read'] };
    expect(() => enforceHandlerAccess(policy, key, voided)).toThrow(expect.objectContaining({ code: ErrorCode.AUTH_SCOPE_MISSING }));
  });
});
