import type { PublicUser } from '@labeldesk/contracts';
import { checkDraft, draftFor } from './user-details';

const user: PublicUser = {
  _id: 'u1',
  name: 'Casey',
  email: 'casey@example.com',
  avatar: null,
  balance: 2_500,
  user_role: 'user',
  activation: 'allow',
  referralCode: 'CASEY',
  referredBy: null,
  totalDeposit: 0,
  totalSpent: 0,
  registeredDate: '2026-01-01T00:00:00.000Z',
};

describe("the user details editor's Save checks", () => {
  it('starts from the current balance in dollars and the current code', () => {
    expect(draftFor(user, 'admin')).toEqual({ userId: 'u1', balance: '25.00', referralCode: 'CASEY', balanceLocked: false });
  });

  it('sends the new balance in cents, and the code only when it changed', () => {
    expect(checkDraft(user, { ...draftFor(user, 'admin'), balance: '19.99' })).toEqual({ body: { balance: 1_999 } });
    expect(checkDraft(user, { ...draftFor(user, 'admin'), referralCode: 'NEWCODE' })).toEqual({ body: { balance: 2_500, referralCode: 'NEWCODE' } });
  });

  it('refuses an amount that is not dollars and cents, or above the ledger ceiling', () => {
    expect(checkDraft(user, { ...draftFor(user, 'admin'), balance: '1.234' })).toEqual({ errors: { balance: 'Enter an amount like 50.00' } });
    expect(checkDraft(user, { ...draftFor(user, 'admin'), balance: '1000000.01' })).toEqual({ errors: { balance: 'Balance must be at most $1,000,000.00' } });
    expect(checkDraft(user, { ...draftFor(user, 'admin'), balance: ' ' })).toEqual({ errors: { balance: 'Balance is required' } });
  });

  it("locks the admin's own balance: only a new referral code is sent", () => {
    const mine = draftFor(user, 'u1');
    expect(mine.balanceLocked).toBe(true);
    expect(checkDraft(user, { ...mine, balance: '999999', referralCode: 'MINE' })).toEqual({ body: { referralCode: 'MINE' } });
  });

  it("asks for a new code when the admin's own row has nothing else to save", () => {
    expect(checkDraft(user, draftFor(user, 'u1'))).toEqual({ errors: { referralCode: 'Enter a new referral code to save' } });
  });
});
