import { ErrorCode, type Caller } from '@labeldesk/contracts';
import type { SessionsEndedPublisher } from '../../sessions/sessions-ended.publisher';
import { User } from '../user.entity';
import type { UserRepository } from '../user.repository';
import { ChangeRoleUseCase } from './change-role.usecase';

const admin: Caller = { userId: 'admin-1', role: 'admin' };

const setup = (role: 'user' | 'friend' | 'admin' = 'user', admins = 2) => {
  const target = Object.assign(new User(), { id: 'u1', role, registeredAt: new Date() });
  const users = {
    findById: jest.fn(async () => target),
    countAdmins: jest.fn(async () => admins),
    update: jest.fn(async (_id: string, change: (user: User) => void) => {
      change(target);
      return target;
    }),
  };
  const sessionsEnded = { publish: jest.fn().mockResolvedValue(undefined) };
  return { useCase: new ChangeRoleUseCase(users as unknown as UserRepository, sessionsEnded as unknown as SessionsEndedPublisher), target, sessionsEnded };
};

describe('ChangeRoleUseCase', () => {
  it("gives the new role and ends the user's sessions", async () => {
    const { useCase, target, sessionsEnded } = setup('user');
    await expect(useCase.execute(admin, 'u1', 'friend')).resolves.toMatchObject({ role: 'friend' });
    expect(target.sessionVersion).toBe(1);
    expect(sessionsEnded.publish).toHaveBeenCalledWith('u1', 'role-changed');
  });

  it('ends no session when the role stays the same', async () => {
    const { useCase, target, sessionsEnded } = setup('friend');
    await useCase.execute(admin, 'u1', 'friend');
    expect(target.sessionVersion).toBe(0);
    expect(sessionsEnded.publish).not.toHaveBeenCalled();
  });

  it('refuses an admin taking away their own admin role, even when other admins remain, and ends no session', async () => {
    const { useCase, target, sessionsEnded } = setup('admin', 3);
    await expect(useCase.execute(admin, 'admin-1', 'user')).rejects.toMatchObject({
      code: ErrorCode.VALIDATION_FAILED,
      message: 'You cannot remove your own admin role',
    });
    expect([target.role, target.sessionVersion]).toEqual(['admin', 0]);
    expect(sessionsEnded.publish).not.toHaveBeenCalled();
  });

  it('keeps the last admin an admin', async () => {
    const { useCase, sessionsEnded } = setup('admin', 1);
    await expect(useCase.execute(admin, 'u1', 'user')).rejects.toMatchObject({ code: ErrorCode.AUTH_LAST_ADMIN });
    expect(sessionsEnded.publish).not.toHaveBeenCalled();
  });
});
