import { ErrorCode } from '@labeldesk/contracts';
import { User } from '../../users/user.entity';
import type { UserRepository } from '../../users/user.repository';
import type { PasswordResetRepository } from '../password-reset.repository';
import { RESET_USER_BLOCKED } from '../reset-link';
import { IssueResetLinkUseCase } from './issue-reset-link.usecase';

const PUBLIC_URL = 'https://labels.example.com';
const user = () => Object.assign(new User(), { id: 'u1', name: 'Ann', email: 'ann@example.com', activation: 'allow', passwordHash: 'old' });
const blockedUser = () => Object.assign(user(), { activation: 'block' });

const setup = (found: User | null = user()) => {
  const resets = { issue: jest.fn(async () => ({ token: 'T'.repeat(43), expiresAt: new Date() })) };
  const users = { findById: jest.fn(async () => found) };
  const useCase = new IssueResetLinkUseCase(users as unknown as UserRepository, resets as unknown as PasswordResetRepository, { PASSWORD_RESET_MINUTES: 60, PUBLIC_URL });
  return { useCase, resets };
};

describe('IssueResetLinkUseCase', () => {
  it('refuses an admin\'s link for a blocked user with 409 and its reason, and issues none', async () => {
    const { useCase, resets } = setup(blockedUser());
    await expect(useCase.execute({ userId: 'a1', role: 'admin' }, 'u1')).rejects.toMatchObject({ code: ErrorCode.CONFLICT, message: RESET_USER_BLOCKED });
    expect(resets.issue).not.toHaveBeenCalled();
  });

  it('issues an admin a link for the operator to hand over', async () => {
    const { useCase } = setup();
    await expect(useCase.execute({ userId: 'a1', role: 'admin' }, 'u1')).resolves.toMatchObject({ link: `${PUBLIC_URL}/reset-password?token=${'T'.repeat(43)}` });
  });
});
