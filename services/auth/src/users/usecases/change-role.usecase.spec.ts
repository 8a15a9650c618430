import { ErrorCode, type Caller } from '@labeldesk/contracts';
import type { UserEventsPublisher } from '../user-events.publisher';
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
  const events = { sessionsEnded: jest.fn().mockResolvedValue(undefined), changed: jest.fn().mockResolvedValue(undefined) };
  return { useCase: new ChangeRoleUseCase(users as unknown as UserRepository, events as unknown as UserEventsPublisher), target, events };
};

describe('ChangeRoleUseCase', () => {
  it("gives the new role and ends the user's sessions", async () => {
    const { useCase, target, events } = setup('user');
    await expect(useCase.execute(admin, 'u1', 'friend')).resolves.toMatchObject({ role: 'friend' });
    expect(target.sessionVersion).toBe(1);
    expect(events.sessionsEnded).toHaveBeenCalledWith('u1', 'role-changed');
  });

  it('ends no session when the role stays the same', async () => {
    const { useCase, target, events } = setup('friend');
    await useCase.execute(admin, 'u1', 'friend');
    expect(target.sessionVersion).toBe(0);
    expect(events.sessionsEnded).not.toHaveBeenCalled();
  });

  it('refuses an admin taking away their own admin role, even when other admins remain, and ends no session', async () => {
    const { useCase, target, events } = setup('admin', 3);
    await expect(useCase.execute(admin, 'admin-1', 'user')).rejects.toMatchObject({
      code: ErrorCode.VALIDATION_FAILED,
      message: 'You cannot remove your own admin role',
    });
    expect([target.role, target.sessionVersion]).toEqual(['admin', 0]);
    expect(events.sessionsEnded).not.toHaveBeenCalled();
  });

  it('keeps the last admin an admin', async () => {
    const { useCase, events } = setup('admin', 1);
    await expect(useCase.execute(admin, 'u1', 'user')).rejects.toMatchObject({ code: ErrorCode.AUTH_LAST_ADMIN });
    expect(events.sessionsEnded).not.toHaveBeenCalled();
  });
});
