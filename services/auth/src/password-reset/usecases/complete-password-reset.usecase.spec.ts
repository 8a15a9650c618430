import { DomainError, ErrorCode } from '@labeldesk/contracts';
import type { ApiKeysUseCase } from '../../api-keys/api-keys.usecase';
import type { PasswordHasher } from '../../sessions/password-hasher';
import type { UserEventsPublisher } from '../../users/user-events.publisher';
import { User } from '../../users/user.entity';
import type { UserRepository } from '../../users/user.repository';
import type { PasswordResetRepository } from '../password-reset.repository';
import { RESET_INVALID } from '../reset-link';
import { CompletePasswordResetUseCase } from './complete-password-reset.usecase';

const user = () => Object.assign(new User(), { id: 'u1', name: 'Ann', email: 'ann@example.com', activation: 'allow', passwordHash: 'old' });
const blockedUser = () => Object.assign(user(), { activation: 'block' });

const setup = (found: User) => {
  const resets = { consume: jest.fn(async (): Promise<string | null> => 'u1') };
  const users = {
    update: jest.fn(async (_id: string, change: (u: User) => void) => {
      change(found);
      return found;
    }),
  };
  const order: string[] = [];
  const events = {
    sessionsEnded: jest.fn(async () => {
      order.push('sessions ended');
    }),
  };
  const apiKeys = {
    revokeAll: jest.fn(async () => {
      order.push('keys revoked');
      return 2;
    }),
  };
  const hasher = { hash: jest.fn(async (p: string) => `hashed:${p}`) };
  const useCase = new CompletePasswordResetUseCase(
    users as unknown as UserRepository,
    resets as unknown as PasswordResetRepository,
    hasher as unknown as PasswordHasher,
    events as unknown as UserEventsPublisher,
    apiKeys as unknown as ApiKeysUseCase,
  );
  return { useCase, resets, users, events, apiKeys, order };
};

describe('CompletePasswordResetUseCase', () => {
  it('lets no link issued before a block set the password once the user is blocked', async () => {
    const blocked = blockedUser();
    const { useCase, events, apiKeys } = setup(blocked);
    await expect(useCase.execute('T'.repeat(43), 'brand-new-pass')).rejects.toMatchObject({ code: ErrorCode.VALIDATION_FAILED, message: RESET_INVALID });
    expect(blocked.passwordHash).toBe('old');
    expect(events.sessionsEnded).not.toHaveBeenCalled();
    expect(apiKeys.revokeAll).not.toHaveBeenCalled();
  });

  it('sets the new password and ends every session when the link is valid; refuses a used or unknown link', async () => {
    const ann = user();
    const { useCase, resets, events } = setup(ann);
    await expect(useCase.execute('T'.repeat(43), 'brand-new-pass')).resolves.toMatchObject({ message: expect.stringContaining('reset') });
    expect(ann.passwordHash).toBe('hashed:brand-new-pass');
    expect(events.sessionsEnded).toHaveBeenCalledWith('u1', 'password-changed');
    resets.consume.mockResolvedValueOnce(null);
    await expect(useCase.execute('T'.repeat(43), 'again-pass-1')).rejects.toMatchObject({ code: ErrorCode.VALIDATION_FAILED, message: RESET_INVALID });
  });

  it('revokes every API key of the user before the gateways hear the sessions ended', async () => {
    const { useCase, apiKeys, order } = setup(user());
    await useCase.execute('T'.repeat(43), 'brand-new-pass');
    expect(apiKeys.revokeAll).toHaveBeenCalledWith('u1');
    expect(order).toEqual(['keys revoked', 'sessions ended']);
  });

  it('refuses the link of a user deleted since it was issued, as not valid any more, and ends no session', async () => {
    const { useCase, users, events } = setup(user());
    users.update.mockRejectedValueOnce(new DomainError(ErrorCode.NOT_FOUND, 'User not found'));
    await expect(useCase.execute('T'.repeat(43), 'brand-new-pass')).rejects.toMatchObject({ code: ErrorCode.VALIDATION_FAILED, message: RESET_INVALID });
    expect(events.sessionsEnded).not.toHaveBeenCalled();
  });
});
