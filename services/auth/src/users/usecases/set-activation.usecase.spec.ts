import { ErrorCode, type Caller } from '@labeldesk/contracts';
import type { UserEventsPublisher } from '../user-events.publisher';
import { User } from '../user.entity';
import type { UserRepository } from '../user.repository';
import { SetActivationUseCase } from './set-activation.usecase';

const admin: Caller = { userId: 'admin-1', role: 'admin' };

const setup = (activation: 'allow' | 'block' = 'allow') => {
  const target = Object.assign(new User(), { id: 'u1', activation, registeredAt: new Date() });
  const users = {
    update: jest.fn(async (_id: string, change: (user: User) => void) => {
      change(target);
      return target;
    }),
  };
  const events = { sessionsEnded: jest.fn().mockResolvedValue(undefined), changed: jest.fn().mockResolvedValue(undefined) };
  return { useCase: new SetActivationUseCase(users as unknown as UserRepository, events as unknown as UserEventsPublisher), target, events };
};

describe('SetActivationUseCase', () => {
  it("blocks a user, ends every session and tells the gateways to close the user's sockets", async () => {
    const { useCase, target, events } = setup();
    await expect(useCase.execute(admin, 'u1', 'block')).resolves.toMatchObject({ activation: 'block' });
    expect(target.sessionVersion).toBe(1);
    expect(events.sessionsEnded).toHaveBeenCalledWith('u1', 'blocked');
    expect(events.changed).not.toHaveBeenCalled();
  });

  it('allows a blocked user again without reviving any old session, and tells the gateways the user changed', async () => {
    const { useCase, target, events } = setup('block');
    await useCase.execute(admin, 'u1', 'allow');
    expect([target.activation, target.sessionVersion]).toEqual(['allow', 0]);
    expect(events.sessionsEnded).not.toHaveBeenCalled();
    expect(events.changed).toHaveBeenCalledWith('u1');
  });

  it('tells the gateways nothing when the activation stays as it was', async () => {
    const { useCase, events } = setup('allow');
    await useCase.execute(admin, 'u1', 'allow');
    expect(events.sessionsEnded).not.toHaveBeenCalled();
    expect(events.changed).not.toHaveBeenCalled();
  });

  it('refuses an admin blocking themselves', async () => {
    const { useCase } = setup();
    await expect(useCase.execute(admin, 'admin-1', 'block')).rejects.toMatchObject({ code: ErrorCode.VALIDATION_FAILED });
  });
});
