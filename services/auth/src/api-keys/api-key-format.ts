import { createHash, randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';
import type { ApiMode } from '@labeldesk/contracts';

/** A key says its mode in its first characters (decision 110): secret scanners and people alike tell them apart. */
export const API_KEY_PREFIXES: Readonly<Record<ApiMode, string>> = { live: 'ld_live_', test: 'ld_test_' };
export const API_KEY_PREFIX = API_KEY_PREFIXES.live;
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** 32 random bytes in base62 always fit in 43 characters (62^43 > 2^256); shorter numbers are padded. */
const SECRET_LENGTH = 43;
/** CRC32 in base62 fits in 6 characters (62^6 > 2^32). */
const CHECKSUM_LENGTH = 6;
/** What the list shows of a key beside its last four: the prefix and the first four characters of the secret (both prefixes are 8 long). */
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

/**
 * A live key's checksum is of its secret (as it always was); a test key's also covers its prefix, so a key whose
 * prefix was swapped fails before any lookup.
 */
const checksumOf = (secret: string, mode: ApiMode): string => base62(BigInt(crc32(mode === 'live' ? secret : `${API_KEY_PREFIXES.test}${secret}`)), CHECKSUM_LENGTH);

/** A new key: prefix, 32 random bytes in base62, and a CRC32 checksum of the secret (a typo or a truncation fails it). */
export const generateApiKey = (bytes: Buffer = randomBytes(32), mode: ApiMode = 'live'): string => {
  const secret = base62(BigInt(`0x${bytes.toString('hex')}`), SECRET_LENGTH);
  return `${API_KEY_PREFIXES[mode]}${secret}${checksumOf(secret, mode)}`;
};

const KEY_PATTERN = new RegExp(`^ld_(live|test)_([0-9A-Za-z]{${SECRET_LENGTH}})([0-9A-Za-z]{${CHECKSUM_LENGTH}})$`);

/** The mode a key's prefix names; null for text that is not a key's shape. */
export const modeOfApiKey = (text: string): ApiMode | null => {
  const mode = KEY_PATTERN.exec(text)?.[1];
  return mode === 'live' || mode === 'test' ? mode : null;
};

/**
 * True when the text has the shape of one of our keys and its checksum matches: checked before any database read, so
 * random or mistyped strings cost nothing and secret scanners can tell our keys from noise.
 */
export const isWellFormedApiKey = (text: string): boolean => {
  const match = KEY_PATTERN.exec(text);
  return match !== null && checksumOf(match[2] ?? '', match[1] === 'test' ? 'test' : 'live') === match[3];
};

/** Keys are 256 random bits: a fast hash is enough (no dictionary to guess from), and it is what is stored. */
export const hashApiKey = (key: string): string => createHash('sha256').update(key).digest('hex');

export const displayPartsOf = (key: string): { prefix: string; last4: string } => ({ prefix: key.slice(0, DISPLAY_PREFIX_LENGTH), last4: key.slice(-4) });
