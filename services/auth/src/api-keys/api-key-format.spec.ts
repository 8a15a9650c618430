import { API_KEY_PREFIX, displayPartsOf, generateApiKey, hashApiKey, isWellFormedApiKey, modeOfApiKey } from './api-key-format';

describe('API key format', () => {
  it('makes ld_live_ keys of 32 random bytes in base62 with a checksum, each one different', () => {
    const keys = new Set(Array.from({ length: 200 }, () => generateApiKey()));
    expect(keys.size).toBe(200);
    for (const key of keys) {
      expect(key).toMatch(/^ld_live_[0-9A-Za-z]{49}$/);
      expect(isWellFormedApiKey(key)).toBe(true);
    }
  });

  it('encodes the smallest and largest secrets at full length', () => {
    expect(generateApiKey(Buffer.alloc(32, 0))).toMatch(/^ld_live_0{43}[0-9A-Za-z]{6}$/);
    expect(isWellFormedApiKey(generateApiKey(Buffer.alloc(32, 0xff)))).toBe(true);
  });

  it('refuses a key with one character changed, cut short, lengthened or with another prefix', () => {
    const key = generateApiKey();
    const secretAt = API_KEY_PREFIX.length + 10;
    const changed = key.slice(0, secretAt) + (key[secretAt] === 'a' ? 'b' : 'a') + key.slice(secretAt + 1);
    expect(isWellFormedApiKey(changed)).toBe(false);
    expect(isWellFormedApiKey(key.slice(0, -1))).toBe(false);
    expect(isWellFormedApiKey(`${key}0`)).toBe(false);
    expect(isWellFormedApiKey(key.replace('ld_live_', 'ld_test_'))).toBe(false);
    expect(isWellFormedApiKey('')).toBe(false);
  });

  it('stores a key as its SHA-256 and shows only its prefix and last four', () => {
    const key = generateApiKey();
    expect(hashApiKey(key)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashApiKey(key)).not.toContain(key.slice(8, 20));
    expect(displayPartsOf(key)).toEqual({ prefix: key.slice(0, 12), last4: key.slice(-4) });
  });

  it('makes ld_test_ keys that say their mode, and neither kind passes with the other\'s prefix', () => {
    const test = generateApiKey(undefined, 'test');
    const live = generateApiKey();
    expect(test).toMatch(/^ld_test_[0-9A-Za-z]{49}$/);
    expect(isWellFormedApiKey(test)).toBe(true);
    expect(modeOfApiKey(test)).toBe('test');
    expect(modeOfApiKey(live)).toBe('live');
    expect(modeOfApiKey('ld_demo_x')).toBeNull();
    expect(isWellFormedApiKey(test.replace('ld_test_', 'ld_live_'))).toBe(false);
    expect(displayPartsOf(test).prefix).toBe(test.slice(0, 12));
  });
});
