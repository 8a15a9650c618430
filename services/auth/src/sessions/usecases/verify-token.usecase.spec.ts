import jwt from 'jsonwebtoken';
import { ErrorCode } from '@labeldesk/contracts';
import type { AuthEnv } from '../../config/env.schema';
import { User } from '../../users/user.entity';
import type { UserRepository } from '../../users/user.repository';
import { TokenSigner } from '../token-signer';
import { VerifyTokenUseCase } from './verify-token.usecase';

const ID = '6f1c2a8e-3b4d-4e5f-8a9b-0c1d2e3f4a5b';
const signer = new TokenSigner({ JWT_SECRET: 's'.repeat(40), TOKEN_TTL_SECONDS: 3600 } as AuthEnv);
const user = (overrides: Partial<User> = {}) => Object.assign(new User(), { id: ID, registeredAt: new Date(), ...overrides });

const setup = (found: User | null) => {
  const users = { findById: jest.fn().mockResolvedValue(found) };
  return { useCase: new VerifyTokenUseCase(users as unknown as UserRepository, signer), users };
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
});
