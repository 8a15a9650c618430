import { ErrorCode, type AnyCaller } from '@labeldesk/contracts';
import { ADMIN_TWO_FACTOR_MESSAGE } from './caller.policy';
import { foundInScope, ownerFilterOf, ownerScopeOf } from './owner-scope';

const USER = '6565c5d5-6f6c-4baf-a307-daaaaed3489f';

describe('ownerScopeOf', () => {
  it.each<[string, AnyCaller]>([
    ['a customer', { userId: USER, role: 'user' }],
    ['a friend', { userId: USER, role: 'friend' }],
    ['an admin whose powers are withheld until they turn on two factors', { userId: USER, role: 'admin', adminPowersWithheld: true }],
    ["a login-as session (the customer's)", { userId: USER, role: 'user', authMethod: 'login_as', impersonatorId: 'admin-1' }],
    ["an API key (an admin's acts as a user)", { userId: USER, role: 'user', authMethod: 'api_key', scopes: ['labels:read'] }],
  ])('lets %s read only their own objects', (_case, caller) => {
    expect(ownerFilterOf(ownerScopeOf(caller))).toEqual({ userId: USER });
  });

  it.each<[string, AnyCaller]>([
    ['an admin with their powers', { userId: USER, role: 'admin' }],
    ['a service (its contract names which may call)', { service: 'orders' }],
  ])("lets %s read every owner's objects", (_case, caller) => {
    expect(ownerScopeOf(caller)).toEqual({ everyOwner: true });
    expect(ownerFilterOf(ownerScopeOf(caller))).toEqual({});
  });
});

describe('foundInScope', () => {
  const customer = ownerScopeOf({ userId: USER, role: 'user' });

  it('answers what the scoped read found', () => {
    expect(foundInScope({ id: 'sku-1' }, customer, 'SKU not found')).toEqual({ id: 'sku-1' });
  });

  it("answers nothing found with NOT_FOUND and the kind's message, whoever's it was", () => {
    expect(() => foundInScope(null, customer, 'SKU not found')).toThrow(expect.objectContaining({ code: ErrorCode.NOT_FOUND, message: 'SKU not found' }));
  });

  it('tells an admin whose powers are withheld to turn on two factors instead, as every use of an admin power does', () => {
    const withheld = ownerScopeOf({ userId: USER, role: 'admin', adminPowersWithheld: true });
    expect(() => foundInScope(null, withheld, 'SKU not found')).toThrow(
      expect.objectContaining({ code: ErrorCode.AUTH_TWO_FACTOR_ENROLMENT_REQUIRED, message: ADMIN_TWO_FACTOR_MESSAGE }),
    );
  });
});
