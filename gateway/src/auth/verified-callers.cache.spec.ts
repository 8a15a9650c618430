import { inspect } from 'node:util';
import { VerifiedCallersCache, type VerifiedCaller } from './verified-callers.cache';

const ALICE = '6f1c2a8e-3b4d-4e5f-8a9b-0c1d2e3f4a5b';
const BOB = '0b7d7c1e-9a53-4d0c-8f5e-3f4d2b1a0c9e';
const T0 = 1_700_000_000_000;

/** A JWT-shaped token (the cache reads `exp` only; auth checked the signature). */
const tokenFor = (userId: string, expiresAtMs: number, nonce = ''): string =>
  [{ alg: 'HS256', typ: 'JWT' }, { sub: userId, exp: Math.floor(expiresAtMs / 1000), n: nonce }, 'signature']
    .map((part) => (typeof part === 'string' ? part : Buffer.from(JSON.stringify(part)).toString('base64url')))
    .join('.');

const verifiedAs = (userId: string, role: 'user' | 'admin' = 'user'): VerifiedCaller => ({
  caller: { userId, role },
  user: { id: userId, name: 'Ada', email: 'ada@example.com', avatar: null, role, activation: 'allow', referralCode: 'ADA1', referredBy: null, registeredAt: '2024-01-01T00:00:00.000Z' },
});

const setup = (options: { ttlMs?: number; maxEntries?: number } = {}) => {
  const clock = { now: T0 };
  const cache = new VerifiedCallersCache({ ttlMs: options.ttlMs ?? 30_000, now: () => clock.now, ...(options.maxEntries ? { maxEntries: options.maxEntries } : {}) });
  /** Verifies as if auth answered at once, and keeps the answer. */
  const keep = (token: string, verified: VerifiedCaller) => cache.put(cache.begin(), token, verified);
  return { cache, clock, keep };
};

const HOUR = 3_600_000;

describe('VerifiedCallersCache', () => {
  it('answers a kept caller for the same token and nothing for another token', () => {
    const { cache, keep } = setup();
    const token = tokenFor(ALICE, T0 + HOUR);
    keep(token, verifiedAs(ALICE));
    expect(cache.get(token, 'session')).toEqual(verifiedAs(ALICE));
    expect(cache.get(tokenFor(ALICE, T0 + HOUR, 'other session'), 'session')).toBeUndefined();
  });

  it('answers a kept caller only to a lookup of its own kind: a session token is no key, and a key no session token', () => {
    const { cache, keep } = setup();
    const token = tokenFor(ALICE, T0 + HOUR);
    const key = 'ld_live_0000000000000000000000000000000000000000000abcdef';
    keep(token, verifiedAs(ALICE));
    cache.put(cache.begin(), key, { ...verifiedAs(ALICE), keyId: 'key-1' }, { expiresAtMs: T0 + HOUR, impersonatorId: null });
    expect([cache.get(token, 'session'), cache.get(token, 'api_key')]).toEqual([verifiedAs(ALICE), undefined]);
    expect([cache.get(key, 'api_key')?.keyId, cache.get(key, 'session')]).toEqual(['key-1', undefined]);
  });

  it('holds a hash of each token, never the token itself', () => {
    const { cache, keep } = setup();
    const token = tokenFor(ALICE, T0 + HOUR);
    keep(token, verifiedAs(ALICE));
    const dump = inspect(cache, { depth: 10, maxArrayLength: null, maxStringLength: null });
    for (const part of token.split('.')) expect(dump).not.toContain(part);
  });

  it('forgets a caller once the TTL has passed since its verify began', () => {
    const { cache, clock } = setup({ ttlMs: 30_000 });
    const token = tokenFor(ALICE, T0 + HOUR);
    const ticket = cache.begin();
    clock.now += 2_000;
    cache.put(ticket, token, verifiedAs(ALICE));
    clock.now = T0 + 29_999;
    expect(cache.get(token, 'session')).toBeDefined();
    clock.now = T0 + 30_000;
    expect(cache.get(token, 'session')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it("never keeps a caller past its token's own expiry", () => {
    const { cache, clock, keep } = setup({ ttlMs: 30_000 });
    const token = tokenFor(ALICE, T0 + 10_000);
    keep(token, verifiedAs(ALICE));
    clock.now = T0 + 9_999;
    expect(cache.get(token, 'session')).toBeDefined();
    clock.now = T0 + 10_000;
    expect(cache.get(token, 'session')).toBeUndefined();
  });

  it('keeps nothing for a token that has expired or whose expiry cannot be read', () => {
    const { cache, keep } = setup();
    for (const token of [tokenFor(ALICE, T0 - 1_000), tokenFor(ALICE, T0), 'not-a-jwt', 'a.bm90IGpzb24.c', `a.${Buffer.from('{"exp":"soon"}').toString('base64url')}.c`]) {
      keep(token, verifiedAs(ALICE));
      expect(cache.get(token, 'session')).toBeUndefined();
    }
    expect(cache.size).toBe(0);
  });

  it('keeps nothing when the TTL is 0', () => {
    const { cache, keep } = setup({ ttlMs: 0 });
    const token = tokenFor(ALICE, T0 + HOUR);
    keep(token, verifiedAs(ALICE));
    expect(cache.get(token, 'session')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('holds no more callers than its bound, dropping the least recently used first', () => {
    const { cache, keep } = setup({ maxEntries: 3 });
    const tokens = ['a', 'b', 'c', 'd'].map((n) => tokenFor(ALICE, T0 + HOUR, n));
    const [a, b, c, d] = tokens as [string, string, string, string];
    keep(a, verifiedAs(ALICE));
    keep(b, verifiedAs(ALICE));
    keep(c, verifiedAs(ALICE));
    expect(cache.get(a, 'session')).toBeDefined();
    keep(d, verifiedAs(ALICE));
    expect(cache.size).toBe(3);
    expect([a, b, c, d].map((t) => cache.get(t, 'session') !== undefined)).toEqual([true, false, true, true]);
  });

  it("forgets every caller of an evicted user and nobody else's", () => {
    const { cache, keep } = setup();
    const alice = [tokenFor(ALICE, T0 + HOUR, 'laptop'), tokenFor(ALICE, T0 + HOUR, 'phone')];
    const bob = tokenFor(BOB, T0 + HOUR);
    for (const token of alice) keep(token, verifiedAs(ALICE));
    keep(bob, verifiedAs(BOB));
    expect(cache.evictUser(ALICE)).toBe(2);
    expect(alice.map((t) => cache.get(t, 'session'))).toEqual([undefined, undefined]);
    expect(cache.get(bob, 'session')).toEqual(verifiedAs(BOB));
    expect(cache.evictUser(ALICE)).toBe(0);
  });

  it('counts only the callers it still holds when evicting a user, not those already dropped for age or room', () => {
    const { cache, clock, keep } = setup({ ttlMs: 30_000, maxEntries: 2 });
    const [laptop, phone, tablet] = ['laptop', 'phone', 'tablet'].map((n) => tokenFor(ALICE, T0 + HOUR, n)) as [string, string, string];
    keep(laptop, verifiedAs(ALICE));
    keep(phone, verifiedAs(ALICE));
    keep(tokenFor(BOB, T0 + HOUR), verifiedAs(BOB));
    clock.now += 30_000;
    expect(cache.get(phone, 'session')).toBeUndefined();
    keep(tablet, verifiedAs(ALICE));
    expect(cache.evictUser(ALICE)).toBe(1);
  });

  it('does not keep what a verify begun before its user was evicted answered, since auth may have read the user before the change', () => {
    const { cache } = setup();
    const token = tokenFor(ALICE, T0 + HOUR);
    const ticket = cache.begin();
    cache.evictUser(ALICE);
    expect(cache.put(ticket, token, verifiedAs(ALICE))).toEqual(verifiedAs(ALICE));
    expect(cache.get(token, 'session')).toBeUndefined();
  });

  it('keeps what a verify answered when only another user was evicted meanwhile, or its own user before it began', () => {
    const { cache } = setup();
    const aliceToken = tokenFor(ALICE, T0 + HOUR);
    const bobToken = tokenFor(BOB, T0 + HOUR);
    cache.evictUser(BOB);
    const bobTicket = cache.begin();
    const aliceTicket = cache.begin();
    cache.evictUser(BOB);
    cache.put(aliceTicket, aliceToken, verifiedAs(ALICE));
    cache.put(bobTicket, bobToken, verifiedAs(BOB));
    expect(cache.get(aliceToken, 'session')).toBeDefined();
    expect(cache.get(bobToken, 'session')).toBeUndefined();
    cache.put(cache.begin(), bobToken, verifiedAs(BOB));
    expect(cache.get(bobToken, 'session')).toBeDefined();
  });

  it('does not keep what a verify answered after running longer than evictions are remembered', () => {
    const { cache, clock } = setup();
    const token = tokenFor(ALICE, T0 + HOUR);
    const ticket = cache.begin();
    clock.now += 300_001;
    cache.put(ticket, token, verifiedAs(ALICE));
    expect(cache.get(token, 'session')).toBeUndefined();
  });

  it('answers frozen callers, so no request can change what another one is given', () => {
    const { cache, keep } = setup();
    const token = tokenFor(ALICE, T0 + HOUR);
    const given = keep(token, verifiedAs(ALICE));
    expect(() => Object.assign(given.caller, { role: 'admin' })).toThrow(TypeError);
    expect(() => Object.assign(given.user, { name: 'Mallory' })).toThrow(TypeError);
    expect(cache.get(token, 'session')).toEqual(verifiedAs(ALICE));
  });

  describe('login-as callers', () => {
    const ADMIN = '1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e';
    /** A login-as token: the cache reads `imp`, the admin who opened it, besides `exp`. */
    const loginAsToken = (userId: string, adminId: string, expiresAtMs: number): string =>
      [{ alg: 'HS256', typ: 'JWT' }, { sub: userId, exp: Math.floor(expiresAtMs / 1000), imp: adminId }, 'signature']
        .map((part) => (typeof part === 'string' ? part : Buffer.from(JSON.stringify(part)).toString('base64url')))
        .join('.');

    it('forgets the login-as callers an admin opened when that admin is evicted, and keeps the admin-less ones', () => {
      const { cache, keep } = setup();
      const asAlice = loginAsToken(ALICE, ADMIN, T0 + HOUR);
      const alicesOwn = tokenFor(ALICE, T0 + HOUR);
      keep(asAlice, verifiedAs(ALICE));
      keep(alicesOwn, verifiedAs(ALICE));
      expect(cache.evictUser(ADMIN)).toBe(1);
      expect(cache.get(asAlice, 'session')).toBeUndefined();
      expect(cache.get(alicesOwn, 'session')).toBeDefined();
    });

    it('still forgets a login-as caller when its customer is evicted, and leaves no index behind', () => {
      const { cache, keep } = setup();
      const asAlice = loginAsToken(ALICE, ADMIN, T0 + HOUR);
      keep(asAlice, verifiedAs(ALICE));
      expect(cache.evictUser(ALICE)).toBe(1);
      expect(cache.get(asAlice, 'session')).toBeUndefined();
      expect(cache.evictUser(ADMIN)).toBe(0);
    });

    it('does not keep a login-as answer whose verify was under way when its admin was evicted', () => {
      const { cache } = setup();
      const asAlice = loginAsToken(ALICE, ADMIN, T0 + HOUR);
      const ticket = cache.begin();
      cache.evictUser(ADMIN);
      cache.put(ticket, asAlice, verifiedAs(ALICE));
      expect(cache.get(asAlice, 'session')).toBeUndefined();
    });
  });
});
