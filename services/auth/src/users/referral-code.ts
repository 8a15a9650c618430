import { randomInt } from 'node:crypto';

// No 0/O or 1/I: people read these aloud and type them from screenshots.
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export const newReferralCode = (length = 8): string =>
  Array.from({ length }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

/**
 * The one form a referral code is stored and looked up in. Codes are unique whatever their case ('friend-ada' and
 * 'FRIEND-ADA' are one code): codes are written in this form (and UserRepository.findByReferralCode looks up in upper
 * case), so the plain unique constraint on the stored column enforces it. The contract allows ASCII letters, digits,
 * - and _ only, so upper-casing is exact.
 */
export const normalizeReferralCode = (code: string): string => code.trim().toUpperCase();
