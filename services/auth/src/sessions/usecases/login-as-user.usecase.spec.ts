import { ErrorCode, type Caller } from '@labeldesk/contracts';
import type { AuthEnv } from '../../config/env.schema';
import { User } from '../../users/user.entity';
import type { UserRepository } from '../../users/user.repository';
import { SessionFactory } from '../session.factory';
import { TokenSigner } from '../token-signer';
import { LoginAsUserUseCase } from './login-as-user.usecase';

const ADMIN = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const CUSTOMER = '6f1c2a8e-3b4d-4e5f-8a9b-0c1d2e3f4a5b';
const OTHER_ADMIN = '1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e';
const signer = new TokenSigner({ JWT_SECRET: 's'.repeat(40), TOKEN_TTL_SECONDS: 12 * 3600, LOGIN_AS_TTL_SECONDS: 3600 } as AuthEnv);
const caller: Caller = { userId: ADMIN, role: 'admin' };
const userOf = (id: string, overrides: Partial<User> = {}) => Object.assign(new User(), { id, name: id, email: `${id}@example.com`, referralCode: 'CODE1', ...overrides });

const setup = (...found: User[]) => {
  const byId = new Map(found.map((user) => [user.id, user]));
  const users = { findById: jest.fn((id: string) => Promise.resolve(byId.get(id) ?? null)) };
  return new LoginAsUserUseCase(users as unknown as UserRepository, new SessionFactory(signer));
};

describe('LoginAsUserUseCase', () => {
  it("binds the session to the admin as they are now: their id, session version and login-as version", async () => {
    const admin = userOf(ADMIN, { role: 'admin', sessionVersion: 7, loginAsVersion: 3 });
    const session = await setup(admin, userOf(CUSTOMER)).execute(caller, CUSTOMER);
    expect(signer.verify(session.token)).toMatchObject({ sub: CUSTOMER, imp: ADMIN, isv: 7, iav: 3 });
    expect(session.user).toMatchObject({ id: CUSTOMER });
  });

  it('refuses to sign an admin in as another admin with a 403 that says why', async () => {
    const useCase = setup(userOf(ADMIN, { role: 'admin' }), userOf(OTHER_ADMIN, { role: 'admin' }));
    await expect(useCase.execute(caller, OTHER_ADMIN)).rejects.toMatchObject({ code: ErrorCode.FORBIDDEN, message: 'You cannot log in as another admin' });
  });

  it('refuses an admin signing in as themselves the same way', async () => {
    await expect(setup(userOf(ADMIN, { role: 'admin' })).execute(caller, ADMIN)).rejects.toMatchObject({ code: ErrorCode.FORBIDDEN });
  });

  it('refuses an admin demoted, blocked or deleted since their token was verified', async () => {
    for (const admin of [userOf(ADMIN, { role: 'user' }), userOf(ADMIN, { role: 'admin', activation: 'block' })]) {
      await expect(setup(admin, userOf(CUSTOMER)).execute(caller, CUSTOMER)).rejects.toMatchObject({ code: ErrorCode.FORBIDDEN });
    }
    await expect(setup(userOf(CUSTOMER)).execute(caller, CUSTOMER)).rejects.toMatchObject({ code: ErrorCode.FORBIDDEN });
  });

  it('refuses a blocked or missing customer as before', async () => {
    const admin = userOf(ADMIN, { role: 'admin' });
    await expect(setup(admin, userOf(CUSTOMER, { activation: 'block' })).execute(caller, CUSTOMER)).rejects.toMatchObject({ code: ErrorCode.AUTH_ACCOUNT_BLOCKED });
    await expect(setup(admin).execute(caller, CUSTOMER)).rejects.toMatchObject({ code: ErrorCode.NOT_FOUND });
  });
});
