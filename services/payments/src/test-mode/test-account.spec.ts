import { ledgerAccountOf, testAccountIdOf } from './test-account';

describe('test accounts', () => {
  const user = '0b6f1f0e-8d7e-4c1a-9a3e-2f4b5c6d7e8f';

  it('gives a user the same test account every time, a UUID that is never their own id nor another user\'s test account', () => {
    expect(testAccountIdOf(user)).toBe(testAccountIdOf(user));
    expect(testAccountIdOf(user)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(testAccountIdOf(user)).not.toBe(user);
    expect(testAccountIdOf(user)).not.toBe(testAccountIdOf('1b6f1f0e-8d7e-4c1a-9a3e-2f4b5c6d7e8f'));
  });

  it('keeps live money on the user\'s own id and test money on the test account', () => {
    expect(ledgerAccountOf(user, 'live')).toBe(user);
    expect(ledgerAccountOf(user, undefined)).toBe(user);
    expect(ledgerAccountOf(user, 'test')).toBe(testAccountIdOf(user));
  });
});
