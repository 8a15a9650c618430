import { Inject, Injectable, Logger } from '@nestjs/common';
import { DomainError, ErrorCode, SIGN_IN_THROTTLED_MESSAGE } from '@labeldesk/contracts';
import { createHash } from 'node:crypto';
import { AUTH_ENV, type AuthEnv } from '../../config/env.schema';
import { addressBucket } from './client-address';
import { SIGN_IN_COUNTERS, type CounterBump, type SignInCounterStore } from './sign-in-counters';

/** Failures on an account (from anywhere, in the window) before its attempts start to slow down. */
export const SLOWDOWN_AFTER_FAILURES = 5;
const SLOWDOWN_BASE_MS = 100;

/** One password check let through; settle it with `succeeded` when the password was right. */
export interface SignInAttempt {
  readonly account: string;
  readonly pair: string | null;
  readonly address: string | null;
}

/** Keys are digests: the table holds no e-mail (typed by anyone, for accounts that may not exist) and no address. */
const counterKey = (kind: 'account' | 'pair' | 'address', ...parts: string[]): string =>
  `${kind}:${createHash('sha256').update(parts.join('\n')).digest('base64url')}`;

/** 0 until the account has SLOWDOWN_AFTER_FAILURES recent failures, then 100 ms doubling per failure, capped. */
export const slowdownMs = (priorFailures: number, maxMs: number): number =>
  priorFailures < SLOWDOWN_AFTER_FAILURES ? 0 : Math.min(maxMs, SLOWDOWN_BASE_MS * 2 ** Math.min(priorFailures - SLOWDOWN_AFTER_FAILURES, 20));

/**
 * The guard against password guessing, for sign-in and for the current password on the Account page
 * (docs/decisions/011). Every attempt is counted up front, in one statement, as a failure:
 * - per (account, client address) and per client address: over the limit, the attempt is refused before the
 *   password is looked at, until the window ends;
 * - per account: never refused, only delayed, so guesses from one address cannot lock the owner out of another.
 * Accounts are keyed by the e-mail as typed (normalised), not by user id: an unknown e-mail is counted, refused
 * and delayed exactly like a real one, so the throttled answer says nothing about whether the account exists.
 */
@Injectable()
export class SignInThrottle {
  private readonly logger = new Logger(SignInThrottle.name);

  constructor(
    @Inject(SIGN_IN_COUNTERS) private readonly counters: SignInCounterStore,
    @Inject(AUTH_ENV) private readonly env: AuthEnv,
  ) {}

  /** Counts the attempt and waits out the account's slowdown; refuses it (RATE_LIMITED) when a limit is passed. */
  async admit(email: string, clientAddress: string | undefined): Promise<SignInAttempt> {
    const bucket = addressBucket(clientAddress);
    const attempt: SignInAttempt = {
      account: counterKey('account', email.toLowerCase()),
      pair: bucket ? counterKey('pair', email.toLowerCase(), bucket) : null,
      address: bucket ? counterKey('address', bucket) : null,
    };
    const window = this.env.LOGIN_WINDOW_MINUTES * 60;
    const bumps: CounterBump[] = [{ key: attempt.account, windowSeconds: window }];
    if (attempt.pair) bumps.push({ key: attempt.pair, windowSeconds: window });
    if (attempt.address) bumps.push({ key: attempt.address, windowSeconds: this.env.LOGIN_ADDRESS_WINDOW_MINUTES * 60 });
    const counts = await this.counters.bump(bumps);

    const overPair = attempt.pair !== null && (counts.get(attempt.pair) ?? 0) > this.env.LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS;
    const overAddress = attempt.address !== null && (counts.get(attempt.address) ?? 0) > this.env.LOGIN_MAX_FAILURES_PER_ADDRESS;
    if (overPair || overAddress) {
      this.logger.warn(`sign-in refused for ${bucket ?? 'an unknown address'}: too many failures ${overAddress ? 'from the address' : 'for the account from the address'}`);
      throw new DomainError(ErrorCode.RATE_LIMITED, SIGN_IN_THROTTLED_MESSAGE);
    }
    const delay = slowdownMs((counts.get(attempt.account) ?? 1) - 1, this.env.LOGIN_SLOWDOWN_MAX_MS);
    if (delay > 0) await this.sleep(delay);
    return attempt;
  }

  /**
   * The password was right: the account's and the pair's failures are forgotten, and this attempt is taken back
   * from the address (whose other failures stay: signing in to one's own account must not reset an address).
   */
  async succeeded(attempt: SignInAttempt): Promise<void> {
    await this.counters.clear(attempt.pair ? [attempt.account, attempt.pair] : [attempt.account]);
    if (attempt.address) await this.counters.takeBack(attempt.address);
  }

  /**
   * A two-factor sign-in ended with the right code: like `succeeded`, and the password's attempt (left counted until
   * the code, decision 050) is taken back from the address too, so each such sign-in leaves no failure behind.
   */
  async secondFactorSucceeded(attempt: SignInAttempt): Promise<void> {
    await this.succeeded(attempt);
    if (attempt.address) await this.counters.takeBack(attempt.address);
  }

  protected sleep(ms: number): Promise<void> {
    return new Promise((resolve) => setTimeout(resolve, ms));
  }
}
