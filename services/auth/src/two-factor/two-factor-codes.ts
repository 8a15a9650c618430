import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { AuditRepository } from '../audit/audit.repository';
import type { User } from '../users/user.entity';
import { hashRecoveryCode, looksLikeRecoveryCode } from './recovery-codes';
import { SecretBox } from './secret-box';
import { matchTotpStep } from './totp';
import { twoFactorLocked } from './two-factor-errors';
import { TwoFactorRepository } from './two-factor.repository';

export type AcceptedCode = 'totp' | 'recovery';

/** Wrong codes (authenticator or recovery) an account may get in one window before every code is refused (decision 071). */
export const MAX_WRONG_CODES = 5;
export const WRONG_CODES_WINDOW_SECONDS = 15 * 60;

/** The time the code checks go by; the service's clock unless a test provides one. */
export interface Clock {
  now(): number;
}
export const TWO_FACTOR_CLOCK = Symbol('TWO_FACTOR_CLOCK');
const systemClock: Clock = { now: () => Date.now() };

/**
 * The second factor of a user with two-factor sign-in on: a code is accepted at most once, whichever kind it is.
 * `accept` is THE check of a user's code, counted per account: every place that asks for a code (the sign-in's second
 * step, turning it off, new recovery codes, re-confirming a sensitive change) goes through it and nothing else.
 */
@Injectable()
export class TwoFactorCodes {
  private readonly logger = new Logger(TwoFactorCodes.name);

  constructor(
    private readonly repository: TwoFactorRepository,
    private readonly box: SecretBox,
    private readonly audit: AuditRepository,
    @Optional() @Inject(TWO_FACTOR_CLOCK) private readonly clock: Clock = systemClock,
  ) {}

  /**
   * The kind of code accepted, or null for a wrong (or used) code, which counts against the account. Throws
   * AUTH_TWO_FACTOR_LOCKED (429, "try again at HH:MM UTC") without looking at the code once MAX_WRONG_CODES attempts
   * are counted in the window, from anywhere: the attempt is counted before the code is checked, so parallel requests
   * on any replica cannot try more. A right code clears the count (an attacker cannot make one; the owner's right
   * code after a typo must not leave them one try from a lock).
   */
  async accept(user: User, code: string): Promise<AcceptedCode | null> {
    if (!user.totpSecret) return null;
    const now = this.clock.now();
    const admission = await this.repository.admitCode(user.id, new Date(now), MAX_WRONG_CODES, WRONG_CODES_WINDOW_SECONDS);
    if (!admission.admitted) throw twoFactorLocked(admission.windowEndsAt, new Date(now));
    const accepted = await this.check(user.id, user.totpSecret, code, now);
    if (accepted) {
      await this.repository.clearCodeFailures(user.id);
      return accepted;
    }
    if (admission.tried === MAX_WRONG_CODES) await this.locked(user, admission.windowEndsAt);
    return null;
  }

  private async check(userId: string, sealedSecret: string, code: string, now: number): Promise<AcceptedCode | null> {
    const typed = code.replace(/\s/g, '');
    if (/^\d{6}$/.test(typed)) {
      const step = await matchTotpStep(this.box.open(sealedSecret), typed, now);
      return step !== null && (await this.repository.claimStep(userId, step)) ? 'totp' : null;
    }
    if (looksLikeRecoveryCode(typed)) return (await this.repository.useRecoveryCode(userId, hashRecoveryCode(typed))) ? 'recovery' : null;
    return null;
  }

  /** The attempt that used up the window's tries: one audit row per lock (the count is the row's, so one request sees it). */
  private async locked(user: User, until: Date): Promise<void> {
    this.logger.warn(`two-factor codes locked for user ${user.id} until ${until.toISOString()}: ${MAX_WRONG_CODES} wrong codes`);
    await this.audit.append({
      actorId: user.id,
      action: 'user.2fa-locked',
      targetType: 'user',
      targetId: user.id,
      before: null,
      after: { wrongCodes: MAX_WRONG_CODES, lockedUntil: until.toISOString() },
    });
  }
}
