import { RECOVERY_CODE_COUNT } from '@labeldesk/contracts';
import { createHash, randomInt } from 'node:crypto';

// No 0/o, 1/l/i: the codes are read off paper.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const LENGTH = 10;

/** Ten random characters (about 49 bits each code), shown as `xxxxx-xxxxx`. */
export const newRecoveryCodes = (): string[] =>
  Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });

/** The code as typed, without the case, spaces and dashes a person may add or drop. */
export const normaliseCode = (code: string): string => code.replace(/[\s-]/g, '').toLowerCase();

/**
 * Only this hash is stored. A plain SHA-256 is enough: each code is random (~49 bits), so no dictionary helps
 * against the table, and guesses through the API are throttled like sign-in.
 */
export const hashRecoveryCode = (code: string): string => createHash('sha256').update(normaliseCode(code)).digest('hex');

export const looksLikeRecoveryCode = (code: string): boolean => normaliseCode(code).length === LENGTH;
