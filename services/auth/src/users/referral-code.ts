import { randomInt } from 'node:crypto';

// No 0/O or 1/I: people read these aloud and type them from screenshots.
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export const newReferralCode = (length = 8): string =>
  Array.from({ length }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
