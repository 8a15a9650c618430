import { createHash, randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';

/** Live keys only for now; `ld_test_` is kept for sandbox keys (research next-wave §4). */
export const API_KEY_PREFIX = 'ld_live_';
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** 32 random bytes in base62 always fit in 43 characters (62^43 > 2^256); shorter numbers are padded. */
const SECRET_LENGTH = 43;
/** CRC32 in base62 fits in 6 characters (62^6 > 2^32). */
const CHECKSUM_LENGTH = 6;
/** What the list shows of a key beside its last four: the prefix and the first four characters of the secret. */
const DISPLAY_PREFIX_LENGTH = API_KEY_PREFIX.length + 4;

const base62 = (value: bigint, length: number): string => {
  let text = '';
  let rest = value;
  while (rest > 0n) {
    text = ALPHABET[Number(rest % 62n)] + text;
    rest /= 62n;
  }
  return text.padStart(length, '0');
};

const checksumOf = (secret: string): string => base62(BigInt(crc32(secret)), CHECKSUM_LENGTH);

/** A new key: prefix, 32 random bytes in base62, and a CRC32 checksum of the secret (a typo or a truncation fails it). */
export const generateApiKey = (bytes: Buffer = randomBytes(32)): string => {
  const secret = base62(BigInt(`0x${bytes.toString('hex')}`), SECRET_LENGTH);
  return `${API_KEY_PREFIX}${secret}${checksumOf(secret)}`;
};

const KEY_PATTERN = new RegExp(`^${API_KEY_PREFIX}([0-9A-Za-z]{${SECRET_LENGTH}})([0-9A-Za-z]{${CHECKSUM_LENGTH}})$`);

/**
 * True when the text has the shape of one of our keys and its checksum matches: checked before any database read, so
 * random or mistyped strings cost nothing and secret scanners can tell our keys from noise.
 */
export const isWellFormedApiKey = (text: string): boolean => {
  const match = KEY_PATTERN.exec(text);
  return match !== null && checksumOf(match[1] ?? '') === match[2];
};

/** Keys are 256 random bits: a fast hash is enough (no dictionary to guess from), and it is what is stored. */
export const hashApiKey = (key: string): string => createHash('sha256').update(key).digest('hex');

export const displayPartsOf = (key: string): { prefix: string; last4: string } => ({ prefix: key.slice(0, DISPLAY_PREFIX_LENGTH), last4: key.slice(-4) });
