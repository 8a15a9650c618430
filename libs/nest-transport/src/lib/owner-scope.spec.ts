import type { AnyCaller } from '@labeldesk/contracts';
import { ownerFilterOf, ownerScopeOf } from './owner-scope';

const USER = '6565c5d5-6f6c-4baf-a307-daaaaed3489f';

describe('ownerScopeOf', () => {
  it.each<[string, AnyCaller]>([
    ['a customer', { userId: USER, role: 'user' }],
    ['a friend', { userId: USER, role: 'friend' }],
    ['an admin whose powers are withheld until they turn on two factors', { userId: USER, role: 'admin', adminPowersWithheld: true }],
    ["an admin's login-as session, which is the customer's", { userId: USER, role: 'user', authMethod: 'login_as', impersonatorId: 'admin-1' }],
    ["an API key, an admin's included, which acts as a user", { userId: USER, role: 'user', authMethod: 'api_key', scopes: ['labels:read'] }],
  ])('lets %s read only their own objects', (_case, caller) => {
    expect(ownerFilterOf(ownerScopeOf(caller))).toEqual({ userId: USER });
  });

  it.each<[string, AnyCaller]>([
    ['an admin with their powers', { userId: USER, role: 'admin' }],
    ['a service, which the contract has already named', { service: 'orders' }],
  ])("lets %s read every owner's objects", (_case, caller) => {
    expect(ownerScopeOf(caller)).toEqual({ everyOwner: true });
    expect(ownerFilterOf(ownerScopeOf(caller))).toEqual({});
  });
});
