import type { PublicUser } from '@labeldesk/contracts';
import { installMemoryLocalStorage } from '../testing/memory-local-storage';

const memory = installMemoryLocalStorage();

type AuthModule = typeof import('./auth.store');
let auth: AuthModule;

beforeAll(async () => {
  auth = await import('./auth.store');
});

const person = (id: string, role: PublicUser['user_role']): PublicUser => ({
  _id: id,
  name: `Person ${id}`,
  email: `${id}@example.com`,
  avatar: null,
  balance: 0,
  user_role: role,
  activation: 'allow',
  referralCode: '',
  referredBy: null,
  totalDeposit: 0,
  totalSpent: 0,
  registeredDate: '2026-01-01T00:00:00.000Z',
});

const admin = person('admin', 'admin');
const customer = person('customer', 'user');
const state = () => auth.useAuthStore.getState();

beforeEach(() => {
  state().logout();
  state().setSession('admin-token', admin);
});

describe('the auth store when an admin signs in as a user', () => {
  it('replaces token and user and keeps the admin session aside', () => {
    state().switchToUser('customer-token', customer);
    expect([state().token, state().user?._id]).toEqual(['customer-token', 'customer']);
    expect(state().impersonator).toEqual({ token: 'admin-token', user: admin });
  });

  it('keeps the session aside across a reload (it is persisted with the token)', () => {
    state().switchToUser('customer-token', customer);
    const persisted = JSON.parse(memory.get('labeldesk.auth') ?? '{}') as { state?: { impersonator?: { token?: string } } };
    expect(persisted.state?.impersonator?.token).toBe('admin-token');
  });

  it('returns to the admin session with the user the server confirmed, and forgets it', () => {
    state().switchToUser('customer-token', customer);
    const confirmed = { ...admin, name: 'Renamed Admin' };
    state().returnToImpersonator(confirmed);
    expect([state().token, state().user, state().impersonator]).toEqual(['admin-token', confirmed, null]);
  });

  it('still returns to the first admin after switching again from the switched session', () => {
    state().switchToUser('other-admin-token', person('other-admin', 'admin'));
    state().switchToUser('customer-token', customer);
    expect(state().impersonator?.token).toBe('admin-token');
  });

  it('keeps the admin session aside when the switched user gets a fresh token of their own', () => {
    state().switchToUser('customer-token', customer);
    state().setSession('customer-token-2', customer);
    expect(state().impersonator?.token).toBe('admin-token');
  });

  it("forgets the admin session on another person's sign-in and on logout", () => {
    state().switchToUser('customer-token', customer);
    state().setSession('someone-token', person('someone', 'user'));
    expect(state().impersonator).toBeNull();

    state().setSession('admin-token', admin);
    state().switchToUser('customer-token', customer);
    state().logout();
    expect([state().token, state().impersonator]).toEqual([null, null]);
  });

  it('does nothing on return when no session was kept aside', () => {
    state().returnToImpersonator(customer);
    expect([state().token, state().user]).toEqual(['admin-token', admin]);
  });
});
