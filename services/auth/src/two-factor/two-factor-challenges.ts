import { Injectable } from '@nestjs/common';
import { TWO_FACTOR_CHALLENGE_SECONDS, type TwoFactorChallenge } from '@labeldesk/contracts';
import { randomBytes } from 'node:crypto';
import type { User } from '../users/user.entity';
import { TwoFactorRepository, type ChallengeRow } from './two-factor.repository';

/**
 * The sign-in between the password and the code: a random value (only its hash is stored) that works once, for 5
 * minutes, for the user it names and only while their sessions have not been ended (a password change or reset).
 */
@Injectable()
export class TwoFactorChallenges {
  constructor(private readonly repository: TwoFactorRepository) {}

  async issue(user: User): Promise<TwoFactorChallenge> {
    const challenge = randomBytes(32).toString('base64url');
    await this.repository.createChallenge(challenge, {
      userId: user.id,
      sessionVersion: user.sessionVersion,
      expiresAt: new Date(Date.now() + TWO_FACTOR_CHALLENGE_SECONDS * 1000),
    });
    return { twoFactorRequired: true, challenge };
  }

  /** The challenge's row while it is still good (the clock is the service's, as when it was issued), else null. */
  async find(challenge: string): Promise<ChallengeRow | null> {
    const row = await this.repository.findChallenge(challenge);
    return row && row.expiresAt.getTime() > Date.now() ? row : null;
  }

  use(challenge: string): Promise<boolean> {
    return this.repository.useChallenge(challenge);
  }
}
