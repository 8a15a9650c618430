import { ErrorCode } from '@labeldesk/contracts';
import { User } from '../users/user.entity';
import type { UserRepository } from '../users/user.repository';
import { ListInviteesUseCase } from './list-invitees.usecase';

const user = (id: string, fields: Partial<User> = {}) =>
  Object.assign(new User(), { id, name: id, email: `${id}@example.com`, role: 'user', registeredAt: new Date('2026-01-01T10:00:00Z'), ...fields });

const setup = () => {
  const rows = [
    user('friend', { role: 'friend' }),
    user('ann', { referredBy: 'friend', registeredAt: new Date('2026-02-01T09:30:00Z') }),
    user('ben', { referredBy: 'friend', registeredAt: new Date('2026-03-01T18:45:00Z') }),
    user('gone', { referredBy: 'friend', deletedAt: new Date() }),
    user('stranger', { referredBy: 'someone-else' }),
  ];
  // The repository's queries: deleted users are found by none of them; invitees newest first.
  const users = {
    findById: jest.fn(async (id: string) => rows.find((u) => u.id === id && !u.deletedAt) ?? null),
    findInvitees: jest.fn(async (referrerId: string) =>
      rows.filter((u) => u.referredBy === referrerId && !u.deletedAt).sort((a, b) => b.registeredAt.getTime() - a.registeredAt.getTime()),
    ),
  };
  return { useCase: new ListInviteesUseCase(users as unknown as UserRepository), users };
};

describe('ListInviteesUseCase', () => {
  it('lists the people who used my code, newest first, with only their name and registration date', async () => {
    const { useCase } = setup();
    await expect(useCase.execute('friend')).resolves.toEqual({
      invitees: [
        { userId: 'ben', name: 'ben', registeredAt: '2026-03-01T18:45:00.000Z' },
        { userId: 'ann', name: 'ann', registeredAt: '2026-02-01T09:30:00.000Z' },
      ],
    });
  });

  it('answers not found for a deleted or unknown inviter', async () => {
    const { useCase } = setup();
    await expect(useCase.execute('gone')).rejects.toMatchObject({ code: ErrorCode.NOT_FOUND });
    await expect(useCase.execute('nobody')).rejects.toMatchObject({ code: ErrorCode.NOT_FOUND });
  });
});
