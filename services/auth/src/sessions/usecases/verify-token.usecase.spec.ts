import { ErrorCode } from '@labeldesk/contracts';
import { User } from '../../users/user.entity';
import type { UserRepository } from '../../users/user.repository';
import type { TokenSigner } from '../token-signer';
import { VerifyTokenUseCase } from './verify-token.usecase';

const nowSeconds = () => Math.floor(Date.now() / 1000);

const setup = (found: User | null, iat: number) => {
  const users: Pick<UserRepository, 'findById'> = { findById: jest.fn().mockResolvedValue(found) };
  const signer: Pick<TokenSigner, 'verify'> = { verify: jest.fn().mockReturnValue({ sub: 'u1', iat, exp: iat + 3600 }) };
  return new VerifyTokenUseCase(users as UserRepository, signer as TokenSigner);
};

describe('VerifyTokenUseCase', () => {
  it('answers the caller with the role stored now, not the one at sign-in', async () => {
    const user = Object.assign(new User(), { id: 'u1', role: 'admin' as const, registeredAt: new Date() });
    await expect(setup(user, nowSeconds()).execute('t')).resolves.toMatchObject({ caller: { userId: 'u1', role: 'admin' } });
  });

  it('refuses a token issued before the user was blocked and re-allowed', async () => {
    const user = Object.assign(new User(), { id: 'u1', tokensValidAfter: new Date(), registeredAt: new Date() });
    await expect(setup(user, nowSeconds() - 60).execute('t')).rejects.toMatchObject({ code: ErrorCode.AUTH_TOKEN_INVALID });
  });

  it('tells a blocked user they are blocked even when their token also predates the block', async () => {
    const user = Object.assign(new User(), { id: 'u1', activation: 'block' as const, tokensValidAfter: new Date(), registeredAt: new Date() });
    await expect(setup(user, nowSeconds() - 60).execute('t')).rejects.toMatchObject({ code: ErrorCode.AUTH_ACCOUNT_BLOCKED });
  });

  it('refuses a blocked user', async () => {
    const user = Object.assign(new User(), { id: 'u1', activation: 'block' as const, registeredAt: new Date() });
    await expect(setup(user, nowSeconds()).execute('t')).rejects.toMatchObject({ code: ErrorCode.AUTH_ACCOUNT_BLOCKED });
  });

  it('refuses a token of a deleted user', async () => {
    await expect(setup(null, nowSeconds()).execute('t')).rejects.toMatchObject({ code: ErrorCode.AUTH_TOKEN_INVALID });
  });
});
