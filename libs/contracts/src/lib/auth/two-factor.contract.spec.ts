import { isTwoFactorChallenge, loginAnswerSchema, TwoFactorRpc } from './two-factor.contract';

const user = {
  _id: 'u1',
  name: 'Ada',
  email: 'ada@example.com',
  avatar: null,
  balance: 0,
  user_role: 'user',
  activation: 'allow',
  referralCode: 'ADA',
  referredBy: null,
  totalDeposit: 0,
  totalSpent: 0,
  registeredDate: '2026-01-01T00:00:00.000Z',
  twoFactorEnabled: true,
};

describe('the sign-in answer', () => {
  it('is a session or a challenge, and only a challenge asks for a code', () => {
    const session = loginAnswerSchema.parse({ token: 't', user });
    const challenge = loginAnswerSchema.parse({ twoFactorRequired: true, challenge: 'c' });
    expect([isTwoFactorChallenge(session), isTwoFactorChallenge(challenge)]).toEqual([false, true]);
    expect(loginAnswerSchema.safeParse({ twoFactorRequired: false, challenge: 'c' }).success).toBe(false);
  });

  it('asks for the code with the words the sign-in page shows when none is typed', () => {
    const result = TwoFactorRpc.verify.request.safeParse({ challenge: 'c', code: '   ' });
    expect(result.success ? null : result.error.issues[0]?.message).toBe('Enter the code from your authenticator app');
  });
});
