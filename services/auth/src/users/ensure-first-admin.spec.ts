import { Logger } from '@nestjs/common';
import type { AuthEnv } from '../config/env.schema';
import type { PasswordHasher } from '../sessions/password-hasher';
import { EnsureFirstAdmin } from './ensure-first-admin';
import type { UserEventsPublisher } from './user-events.publisher';
import { User } from './user.entity';
import type { UserRepository } from './user.repository';

const env = { ADMIN_EMAIL: 'boss@example.com', ADMIN_PASSWORD: 'boss-password-1', ADMIN_NAME: 'Boss' } as AuthEnv;

const setup = (admins: number) => {
  const existing = Object.assign(new User(), { id: 'u1', email: env.ADMIN_EMAIL, role: 'user', registeredAt: new Date() });
  const users = {
    countAdmins: jest.fn(async () => admins),
    findByEmail: jest.fn(async () => existing),
    update: jest.fn(async (_id: string, change: (user: User) => void) => {
      change(existing);
      return existing;
    }),
    insert: jest.fn(),
  };
  const events = { changed: jest.fn().mockResolvedValue(undefined) };
  const ensure = new EnsureFirstAdmin(users as unknown as UserRepository, {} as PasswordHasher, events as unknown as UserEventsPublisher, env);
  return { ensure, existing, users, events };
};

describe('EnsureFirstAdmin', () => {
  beforeAll(() => Logger.overrideLogger(false));

  it("makes ADMIN_EMAIL's existing account admin when no admin exists, and tells the gateways the user changed", async () => {
    const { ensure, existing, users, events } = setup(0);
    await ensure.onApplicationBootstrap();
    expect(existing.role).toBe('admin');
    expect(events.changed).toHaveBeenCalledWith('u1');
    expect(users.insert).not.toHaveBeenCalled();
  });

  it('changes nobody and tells nothing when an admin exists', async () => {
    const { ensure, existing, events } = setup(1);
    await ensure.onApplicationBootstrap();
    expect(existing.role).toBe('user');
    expect(events.changed).not.toHaveBeenCalled();
  });
});
