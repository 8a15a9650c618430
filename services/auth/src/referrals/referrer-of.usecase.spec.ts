import { User } from '../users/user.entity';
import type { UserRepository } from '../users/user.repository';
import { ReferrerOfUseCase } from './referrer-of.usecase';

const user = (id: string, fields: Partial<User> = {}) => Object.assign(new User(), { id, name: id, email: `${id}@example.com`, ...fields });

const useCaseOver = (rows: User[]) =>
  new ReferrerOfUseCase({ findById: async (id: string) => rows.find((u) => u.id === id && !u.deletedAt) ?? null } as unknown as UserRepository);

describe('ReferrerOfUseCase', () => {
  it('names the user whose code a customer used', async () => {
    const useCase = useCaseOver([user('friend'), user('ann', { referredBy: 'friend' })]);
    await expect(useCase.execute('ann')).resolves.toEqual({ referred: true, referrerId: 'friend' });
  });

  it('answers not referred for a customer without a referrer, a deleted customer and an unknown id', async () => {
    const useCase = useCaseOver([user('friend'), user('solo'), user('gone', { referredBy: 'friend', deletedAt: new Date() })]);
    await expect(useCase.execute('solo')).resolves.toEqual({ referred: false, referrerId: null });
    await expect(useCase.execute('gone')).resolves.toEqual({ referred: false, referrerId: null });
    await expect(useCase.execute('nobody')).resolves.toEqual({ referred: false, referrerId: null });
  });

  it('keeps a customer referred whose referrer was deleted, with nobody to credit', async () => {
    const useCase = useCaseOver([user('left', { deletedAt: new Date() }), user('ann', { referredBy: 'left' })]);
    await expect(useCase.execute('ann')).resolves.toEqual({ referred: true, referrerId: null });
  });
});
