import { DomainError, ErrorCode, type Caller } from '@labeldesk/contracts';
import type { AuthEnv } from '../../config/env.schema';
import { User } from '../../users/user.entity';
import type { UserEventsPublisher } from '../../users/user-events.publisher';
import type { UserRepository } from '../../users/user.repository';
import { TokenSigner } from '../token-signer';
import { LogoutUseCase } from './logout.usecase';

const ADMIN = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const CUSTOMER = '6f1c2a8e-3b4d-4e5f-8a9b-0c1d2e3f4a5b';
const signer = new TokenSigner({ JWT_SECRET: 's'.repeat(40), TOKEN_TTL_SECONDS: 12 * 3600, LOGIN_AS_TTL_SECONDS: 3600 } as AuthEnv);
const asAdmin: Caller = { userId: ADMIN, role: 'admin' };
const asCustomer: Caller = { userId: CUSTOMER, role: 'user' };
const loginAsToken = signer.sign(CUSTOMER, 0, { id: ADMIN, sessionVersion: 0, loginAsVersion: 0 });

const setup = (admin: User | null = Object.assign(new User(), { id: ADMIN, role: 'admin' })) => {
  const users = {
    update: jest.fn(async (id: string, change: (user: User) => void) => {
      if (!admin || id !== ADMIN) throw new DomainError(ErrorCode.NOT_FOUND, 'User not found');
      change(admin);
      return admin;
    }),
  };
  const events = { changed: jest.fn().mockResolvedValue(undefined) };
  return { useCase: new LogoutUseCase(users as unknown as UserRepository, signer, events as unknown as UserEventsPublisher), users, events, admin };
};

describe('LogoutUseCase', () => {
  it("ends every login-as session of an admin who signs out, and tells the gateways to forget the admin's callers", async () => {
    const { useCase, admin, events } = setup();
    await expect(useCase.execute(asAdmin, signer.sign(ADMIN, 0))).resolves.toEqual({ ok: true });
    expect(admin?.loginAsVersion).toBe(1);
    expect(admin?.sessionVersion).toBe(0);
    expect(events.changed).toHaveBeenCalledWith(ADMIN);
  });

  it('ends the login-as sessions of the admin behind a login-as session that signs out', async () => {
    const { useCase, admin, events } = setup();
    await useCase.execute(asCustomer, loginAsToken);
    expect(admin?.loginAsVersion).toBe(1);
    expect(events.changed).toHaveBeenCalledWith(ADMIN);
  });

  it('changes nothing stored when a customer signs out', async () => {
    const { useCase, users, events } = setup();
    await expect(useCase.execute(asCustomer, signer.sign(CUSTOMER, 0))).resolves.toEqual({ ok: true });
    expect(users.update).not.toHaveBeenCalled();
    expect(events.changed).not.toHaveBeenCalled();
  });

  it("refuses a token that is not the caller's", async () => {
    const { useCase, users } = setup();
    await expect(useCase.execute(asCustomer, signer.sign(ADMIN, 0))).rejects.toMatchObject({ code: ErrorCode.FORBIDDEN });
    expect(users.update).not.toHaveBeenCalled();
  });

  it('answers ok when the admin behind the login-as session is gone', async () => {
    const { useCase, events } = setup(null);
    await expect(useCase.execute(asCustomer, loginAsToken)).resolves.toEqual({ ok: true });
    expect(events.changed).not.toHaveBeenCalled();
  });
});
