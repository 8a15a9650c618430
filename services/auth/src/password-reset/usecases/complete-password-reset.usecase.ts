import { Injectable } from '@nestjs/common';
import { DomainError, ErrorCode } from '@labeldesk/contracts';
import { ApiKeysUseCase } from '../../api-keys/api-keys.usecase';
import { PasswordHasher } from '../../sessions/password-hasher';
import { UserEventsPublisher } from '../../users/user-events.publisher';
import { UserRepository } from '../../users/user.repository';
import { PasswordResetRepository } from '../password-reset.repository';
import { RESET_INVALID } from '../reset-link';

/**
 * Using a reset link: it is used up, sets the password, revokes every API key (decision 072) and ends every session of
 * the user (decision 015). A link of a user blocked or deleted since it was issued changes nothing.
 */
@Injectable()
export class CompletePasswordResetUseCase {
  constructor(
    private readonly users: UserRepository,
    private readonly resets: PasswordResetRepository,
    private readonly hasher: PasswordHasher,
    private readonly events: UserEventsPublisher,
    private readonly apiKeys: ApiKeysUseCase,
  ) {}

  async execute(token: string, password: string): Promise<{ message: string }> {
    const userId = await this.resets.consume(token);
    if (!userId) throw new DomainError(ErrorCode.VALIDATION_FAILED, RESET_INVALID);
    const passwordHash = await this.hasher.hash(password);
    await this.users.update(userId, (user) => {
      // A link issued before the user was blocked is used up here and changes nothing, like a deleted user's.
      if (user.activation !== 'allow') throw new DomainError(ErrorCode.VALIDATION_FAILED, RESET_INVALID);
      user.passwordHash = passwordHash;
      user.endSessions();
    }).catch((error: unknown) => {
      // A user deleted after the link was issued: the link is used up and changes nothing.
      if (error instanceof DomainError && error.code === ErrorCode.NOT_FOUND) throw new DomainError(ErrorCode.VALIDATION_FAILED, RESET_INVALID);
      throw error;
    });
    // Whoever held a session or a key before the reset holds nothing after it: the keys go before the event that makes
    // every gateway forget the user's callers, the keys' among them.
    await this.apiKeys.revokeAll(userId);
    await this.events.sessionsEnded(userId, 'password-changed');
    return { message: 'Your password has been reset. Please sign in with the new one.' };
  }
}
