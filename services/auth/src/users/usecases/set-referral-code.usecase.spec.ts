import { DomainError, ErrorCode } from '@labeldesk/contracts';
import { User } from '../user.entity';
import type { UserEventsPublisher } from '../user-events.publisher';
import type { UserRepository } from '../user.repository';
import { SetReferralCodeUseCase } from './set-referral-code.usecase';

/**
 * The repository's contract as PostgreSQL keeps it: codes compared exactly as stored (a plain unique constraint),
 * lookups by code in upper case and blind to deleted users, the constraint blind to nothing.
 */
const setup = () => {
  const rows = [
    Object.assign(new User(), { id: 'ada', name: 'Ada', referralCode: 'FRIEND-ADA', registeredAt: new Date() }),
    Object.assign(new User(), { id: 'bob', name: 'Bob', referralCode: 'BOBCODE1', registeredAt: new Date() }),
    Object.assign(new User(), { id: 'gone', name: 'Gone', referralCode: 'GONE-CODE', registeredAt: new Date(), deletedAt: new Date() }),
  ];
  const users = {
    findByReferralCode: jest.fn(async (code: string) => rows.find((u) => u.referralCode === code.toUpperCase() && !u.deletedAt) ?? null),
    updateChecked: jest.fn(async (id: string, change: (user: User) => void) => {
      const user = rows.find((u) => u.id === id && !u.deletedAt);
      if (!user) throw new DomainError(ErrorCode.NOT_FOUND, 'User not found');
      const draft = Object.assign(new User(), user);
      change(draft);
      if (rows.some((u) => u.id !== id && u.referralCode === draft.referralCode)) {
        throw new DomainError(ErrorCode.AUTH_REFERRAL_CODE_TAKEN, 'This referral code is already in use');
      }
      Object.assign(user, draft);
      return user;
    }),
  };
  const events = { changed: jest.fn().mockResolvedValue(undefined) };
  return { useCase: new SetReferralCodeUseCase(users as unknown as UserRepository, events as unknown as UserEventsPublisher), rows, users, events };
};

describe('SetReferralCodeUseCase', () => {
  it('stores the code in upper case, trimmed, whatever case the admin typed, and tells the gateways the user changed', async () => {
    const { useCase, rows, events } = setup();
    await expect(useCase.execute('bob', ' Bob-Ships ')).resolves.toMatchObject({ id: 'bob', referralCode: 'BOB-SHIPS' });
    expect(rows.find((u) => u.id === 'bob')?.referralCode).toBe('BOB-SHIPS');
    expect(events.changed).toHaveBeenCalledWith('bob');
  });

  it("refuses another user's code typed in another case, and changes nothing", async () => {
    const { useCase, rows, events } = setup();
    await expect(useCase.execute('bob', 'friend-ada')).rejects.toMatchObject({
      code: ErrorCode.AUTH_REFERRAL_CODE_TAKEN,
      message: 'This referral code is already in use',
    });
    expect(rows.find((u) => u.id === 'bob')?.referralCode).toBe('BOBCODE1');
    expect(events.changed).not.toHaveBeenCalled();
  });

  it("lets a user keep their own code in another case", async () => {
    const { useCase } = setup();
    await expect(useCase.execute('ada', 'Friend-Ada')).resolves.toMatchObject({ referralCode: 'FRIEND-ADA' });
  });

  it("never hands a deleted user's code to someone else, so their old links resolve to nobody", async () => {
    const { useCase } = setup();
    await expect(useCase.execute('bob', 'gone-code')).rejects.toMatchObject({ code: ErrorCode.AUTH_REFERRAL_CODE_TAKEN });
  });
});
