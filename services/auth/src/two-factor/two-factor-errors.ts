import { DomainError, ErrorCode } from '@labeldesk/contracts';

export const codeInvalid = (): DomainError =>
  new DomainError(ErrorCode.AUTH_TWO_FACTOR_CODE_INVALID, 'That code is not valid or was already used. Please try again.', [
    { path: 'code', message: 'That code is not valid or was already used' },
  ]);

export const challengeInvalid = (): DomainError =>
  new DomainError(ErrorCode.AUTH_TWO_FACTOR_CHALLENGE_INVALID, 'This sign-in has expired. Please sign in again.');

export const stateError = (message: string): DomainError => new DomainError(ErrorCode.AUTH_TWO_FACTOR_STATE, message);

/** "HH:MM UTC", rounded up to the minute: trying again at the time named always works. */
export const utcMinuteAfter = (at: Date): string => new Date(Math.ceil(at.getTime() / 60_000) * 60_000).toISOString().slice(11, 16);

/** Names the minute for a person and answers `Retry-After` for a program: the seconds until that minute. */
export const twoFactorLocked = (until: Date, now: Date = new Date()): DomainError => {
  const retryAt = Math.ceil(until.getTime() / 60_000) * 60_000;
  return new DomainError(ErrorCode.AUTH_TWO_FACTOR_LOCKED, `Too many wrong codes. Please try again at ${utcMinuteAfter(until)} UTC.`, undefined, Math.max(1, Math.ceil((retryAt - now.getTime()) / 1000)));
};
