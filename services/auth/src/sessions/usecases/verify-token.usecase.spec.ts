import jwt from 'jsonwebtoken';
import { ErrorCode } from '@labeldesk/contracts';
import type { AuthEnv } from '../../config/env.schema';
import { User } from '../../users/user.entity';
import type { UserRepository } from '../../users/user.repository';
import { TokenSigner } from '../token-signer';
import { VerifyTokenUseCase } from './verify-token.usecase';

const ID = '6f1c2a8e-3b4d-4e5f-8a9b-0c1d2e3f4a5b';
const ADMIN = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const signer = new TokenSigner({ JWT_SECRET: 's'.repeat(40), TOKEN_TTL_SECONDS: 3600, LOGIN_AS_TTL_SECONDS: 3600 } as AuthEnv);
const user = (overrides: Partial<User> = {}) => Object.assign(new User(), { id: ID, registeredAt: new Date(), ...overrides });

const setup = (found: User | null, admin: User | null = null) => {
  const users = { findById: jest.fn((id: string) => Promise.resolve(id === ADMIN ? admin : found)) };
  return { useCase: new VerifyTokenUseCase(users as unknown as UserRepository, signer), users };
};

/** An admin as they were when they signed in as the user, and a login-as token they made then. */
const loginAs = () => {
  const admin = user({ id: ADMIN, role: 'admin' });
  const token = signer.sign(ID, 0, { id: ADMIN, sessionVersion: admin.sessionVersion, loginAsVersion: admin.loginAsVersion });
  return { admin, token };
};

describe('VerifyTokenUseCase', () => {
  it('answers the caller with the role stored now, not the one at sign-in', async () => {
    const { useCase } = setup(user({ role: 'admin' }));
    await expect(useCase.execute(signer.sign(ID, 0))).resolves.toMatchObject({ caller: { userId: ID, role: 'admin' } });
  });

  it('refuses a token of a session that has ended, even one issued in the same second', async () => {
    const token = signer.sign(ID, 0);
    const ended = user();
    ended.endSessions();
    await expect(setup(ended).useCase.execute(token)).rejects.toMatchObject({ code: ErrorCode.AUTH_TOKEN_INVALID });
    await expect(setup(ended).useCase.execute(signer.sign(ID, ended.sessionVersion))).resolves.toMatchObject({ caller: { userId: ID } });
  });

  it('tells a blocked user they are blocked even when blocking also ended their session', async () => {
    const blocked = user({ activation: 'block' });
    blocked.endSessions();
    await expect(setup(blocked).useCase.execute(signer.sign(ID, 0))).rejects.toMatchObject({ code: ErrorCode.AUTH_ACCOUNT_BLOCKED });
  });

  it('refuses a token of a deleted user', async () => {
    await expect(setup(null).useCase.execute(signer.sign(ID, 0))).rejects.toMatchObject({ code: ErrorCode.AUTH_TOKEN_INVALID });
  });

  it('refuses a validly signed token whose subject is not a user id without querying the database', async () => {
    const token = jwt.sign({}, 's'.repeat(40), { subject: 'not-a-uuid', expiresIn: 60, issuer: 'labeldesk-auth', audience: 'labeldesk-api' });
    const { useCase, users } = setup(null);
    await expect(useCase.execute(token)).rejects.toMatchObject({ code: ErrorCode.AUTH_TOKEN_INVALID });
    expect(users.findById).not.toHaveBeenCalled();
  });

  describe('a login-as token', () => {
    it('answers the customer while its admin is as they were', async () => {
      const { admin, token } = loginAs();
      await expect(setup(user(), admin).useCase.execute(token)).resolves.toMatchObject({ caller: { userId: ID, role: 'user' } });
    });

    it('is refused once its admin is demoted', async () => {
      const { admin, token } = loginAs();
      admin.role = 'user';
      await expect(setup(user(), admin).useCase.execute(token)).rejects.toMatchObject({ code: ErrorCode.AUTH_TOKEN_INVALID });
      // A demotion also ends the admin's sessions; either alone refuses the token.
      admin.role = 'admin';
      admin.endSessions();
      await expect(setup(user(), admin).useCase.execute(token)).rejects.toMatchObject({ code: ErrorCode.AUTH_TOKEN_INVALID });
    });

    it('is refused once its admin is blocked', async () => {
      const { admin, token } = loginAs();
      admin.activation = 'block';
      await expect(setup(user(), admin).useCase.execute(token)).rejects.toMatchObject({ code: ErrorCode.AUTH_TOKEN_INVALID });
    });

    it('is refused once its admin is deleted', async () => {
      const { token } = loginAs();
      await expect(setup(user(), null).useCase.execute(token)).rejects.toMatchObject({ code: ErrorCode.AUTH_TOKEN_INVALID });
    });

    it("is refused once its admin's sessions end (their password changed or was reset)", async () => {
      const { admin, token } = loginAs();
      admin.endSessions();
      await expect(setup(user(), admin).useCase.execute(token)).rejects.toMatchObject({ code: ErrorCode.AUTH_TOKEN_INVALID });
    });

    it('is refused once its admin signs out', async () => {
      const { admin, token } = loginAs();
      admin.endLoginAsSessions();
      await expect(setup(user(), admin).useCase.execute(token)).rejects.toMatchObject({ code: ErrorCode.AUTH_TOKEN_INVALID });
    });

    it('of the previous release, which names its admin but no version of theirs, is refused', async () => {
      const { admin } = loginAs();
      const previous = jwt.sign({ sv: 0, imp: ADMIN }, 's'.repeat(40), { subject: ID, expiresIn: 60, issuer: 'labeldesk-auth', audience: 'labeldesk-api' });
      await expect(setup(user(), admin).useCase.execute(previous)).rejects.toMatchObject({ code: ErrorCode.AUTH_TOKEN_INVALID });
    });
  });
});
