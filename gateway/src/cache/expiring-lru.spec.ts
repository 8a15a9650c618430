import { ExpiringLru } from './expiring-lru';

const setup = (maxEntries = 10) => {
  const clock = { now: 1_000 };
  const dropped: Array<[string, number]> = [];
  const lru = new ExpiringLru<string, number>({ maxEntries, now: () => clock.now, onDrop: (key, value) => dropped.push([key, value]) });
  return { lru, clock, dropped };
};

describe('ExpiringLru', () => {
  it('answers a stored value until its expiry, then nothing, and drops it', () => {
    const { lru, clock, dropped } = setup();
    lru.set('a', 1, 1_500);
    clock.now = 1_499;
    expect(lru.get('a')).toBe(1);
    clock.now = 1_500;
    expect(lru.get('a')).toBeUndefined();
    expect(lru.size).toBe(0);
    expect(dropped).toEqual([['a', 1]]);
  });

  it('counts an expired entry until it is read', () => {
    const { lru, clock } = setup();
    lru.set('a', 1, 1_500);
    clock.now = 2_000;
    expect(lru.size).toBe(1);
  });

  it('replaces the value and expiry stored for a key', () => {
    const { lru, clock } = setup();
    lru.set('a', 1, 1_500);
    lru.set('a', 2, 3_000);
    clock.now = 2_000;
    expect(lru.get('a')).toBe(2);
    expect(lru.size).toBe(1);
  });

  it('holds no more than its bound, dropping the least recently used first', () => {
    const { lru, dropped } = setup(3);
    for (const [key, value] of [['a', 1], ['b', 2], ['c', 3]] as const) lru.set(key, value, 9_000);
    lru.get('a');
    lru.set('d', 4, 9_000);
    expect(lru.size).toBe(3);
    expect(dropped).toEqual([['b', 2]]);
    expect(['a', 'b', 'c', 'd'].map((key) => lru.get(key))).toEqual([1, undefined, 3, 4]);
  });

  it('makes a replaced key the most recently used', () => {
    const { lru } = setup(2);
    lru.set('a', 1, 9_000);
    lru.set('b', 2, 9_000);
    lru.set('a', 3, 9_000);
    lru.set('c', 4, 9_000);
    expect(['a', 'b', 'c'].map((key) => lru.get(key))).toEqual([3, undefined, 4]);
  });

  it('holds nothing with a bound of 0', () => {
    const { lru, dropped } = setup(0);
    lru.set('a', 1, 9_000);
    expect(lru.size).toBe(0);
    expect(dropped).toEqual([['a', 1]]);
  });

  it('deletes a key and answers what it held, without telling onDrop', () => {
    const { lru, dropped } = setup();
    lru.set('a', 1, 9_000);
    expect(lru.delete('a')).toBe(1);
    expect(lru.delete('a')).toBeUndefined();
    expect(lru.get('a')).toBeUndefined();
    expect(dropped).toEqual([]);
  });
});
