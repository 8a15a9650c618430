import type { ChallengeRow, CodeAdmission, TwoFactorRepository } from '../../src/two-factor/two-factor.repository';
import type { User } from '../../src/users/user.entity';

type Store = Pick<TwoFactorRepository, 'claimStep' | 'useRecoveryCode' | 'createChallenge' | 'findChallenge' | 'useChallenge' | 'enable' | 'disable' | 'savePending' | 'replaceRecoveryCodes' | 'admitCode' | 'clearCodeFailures'>;

/** The two-factor table rules (a later step only, each code and challenge once) in memory, over the users given. */
export class InMemoryTwoFactor implements Store {
  readonly recovery = new Map<string, { userId: string; used: boolean }>();
  readonly challenges = new Map<string, ChallengeRow>();
  readonly failures = new Map<string, { failures: number; windowEndsAt: number }>();

  constructor(private readonly users: Map<string, User>) {}

  async savePending(userId: string, sealedSecret: string): Promise<void> {
    const user = this.users.get(userId);
    if (user && !user.totpEnabledAt) user.totpPendingSecret = sealedSecret;
  }

  async enable(userId: string, sealedSecret: string, step: number, codeHashes: readonly string[]): Promise<boolean> {
    const user = this.users.get(userId);
    if (!user || user.totpEnabledAt || user.totpPendingSecret !== sealedSecret) return false;
    Object.assign(user, { totpSecret: sealedSecret, totpPendingSecret: null, totpEnabledAt: new Date(), totpLastStep: step });
    for (const [hash, row] of this.recovery) if (row.userId === userId) this.recovery.delete(hash);
    for (const hash of codeHashes) this.recovery.set(hash, { userId, used: false });
    return true;
  }

  async disable(userId: string): Promise<boolean> {
    this.failures.delete(userId);
    const user = this.users.get(userId);
    if (!user?.totpEnabledAt) return false;
    Object.assign(user, { totpSecret: null, totpPendingSecret: null, totpEnabledAt: null, totpLastStep: 0 });
    for (const [hash, row] of this.recovery) if (row.userId === userId) this.recovery.delete(hash);
    return true;
  }

  async replaceRecoveryCodes(userId: string, codeHashes: readonly string[]): Promise<boolean> {
    if (!this.users.get(userId)?.totpEnabledAt) return false;
    for (const [hash, row] of this.recovery) if (row.userId === userId) this.recovery.delete(hash);
    for (const hash of codeHashes) this.recovery.set(hash, { userId, used: false });
    return true;
  }

  async claimStep(userId: string, step: number): Promise<boolean> {
    const user = this.users.get(userId);
    if (!user || user.totpLastStep >= step) return false;
    user.totpLastStep = step;
    return true;
  }

  async useRecoveryCode(userId: string, codeHash: string): Promise<boolean> {
    const row = this.recovery.get(codeHash);
    if (!row || row.userId !== userId || row.used) return false;
    row.used = true;
    return true;
  }

  async recoveryCodesLeft(userId: string): Promise<number> {
    return [...this.recovery.values()].filter((row) => row.userId === userId && !row.used).length;
  }

  async createChallenge(challenge: string, row: ChallengeRow): Promise<void> {
    this.challenges.set(challenge, row);
  }

  async findChallenge(challenge: string): Promise<ChallengeRow | null> {
    return this.challenges.get(challenge) ?? null;
  }

  async useChallenge(challenge: string): Promise<boolean> {
    return this.challenges.delete(challenge);
  }

  async admitCode(userId: string, now: Date, limit: number, windowSeconds: number): Promise<CodeAdmission> {
    const row = this.failures.get(userId);
    if (!row || row.windowEndsAt <= now.getTime()) {
      const fresh = { failures: 1, windowEndsAt: now.getTime() + windowSeconds * 1000 };
      this.failures.set(userId, fresh);
      return { admitted: true, tried: 1, windowEndsAt: new Date(fresh.windowEndsAt) };
    }
    if (row.failures >= limit) return { admitted: false, windowEndsAt: new Date(row.windowEndsAt) };
    row.failures += 1;
    return { admitted: true, tried: row.failures, windowEndsAt: new Date(row.windowEndsAt) };
  }

  async clearCodeFailures(userId: string): Promise<void> {
    this.failures.delete(userId);
  }
}
