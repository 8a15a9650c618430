import { ErrorCode, type Caller } from '@labeldesk/contracts';
import type { UserEventsPublisher } from '../user-events.publisher';
import { User } from '../user.entity';
import type { UserRepository } from '../user.repository';
import { DeleteUserUseCase } from './delete-user.usecase';

const admin: Caller = { userId: 'admin-1', role: 'admin' };

const setup = () => {
  const target = Object.assign(new User(), { id: 'u1', registeredAt: new Date() });
  const users = {
    update: jest.fn(async (_id: string, change: (user: User) => void) => {
      change(target);
      return target;
    }),
  };
  const events = { sessionsEnded: jest.fn().mockResolvedValue(undefined), changed: jest.fn().mockResolvedValue(undefined) };
  return { useCase: new DeleteUserUseCase(users as unknown as UserRepository, events as unknown as UserEventsPublisher), target, users, events };
};

describe('DeleteUserUseCase', () => {
  it("marks the user deleted, ends every session and tells the gateways to close the user's sockets", async () => {
    const { useCase, target, events } = setup();
    await expect(useCase.execute(admin, 'u1')).resolves.toEqual({ success: true, userId: 'u1', message: 'User deleted successfully' });
    expect(target.deletedAt).toBeInstanceOf(Date);
    expect(target.sessionVersion).toBe(1);
    expect(events.sessionsEnded).toHaveBeenCalledWith('u1', 'deleted');
  });

  it('refuses an admin deleting themselves, and changes nothing', async () => {
    const { useCase, users, events } = setup();
    await expect(useCase.execute(admin, 'admin-1')).rejects.toMatchObject({ code: ErrorCode.VALIDATION_FAILED, message: 'You cannot delete your own account' });
    expect(users.update).not.toHaveBeenCalled();
    expect(events.sessionsEnded).not.toHaveBeenCalled();
  });
});
