import { NumberedEvictions } from './numbered-evictions';

describe('NumberedEvictions', () => {
  it('lets an answer be kept when its key was not evicted after its ticket', () => {
    const evictions = new NumberedEvictions<string>();
    evictions.evict('a');
    const ticket = evictions.ticket();
    expect(evictions.mayKeep('a', ticket)).toBe(true);
    expect(evictions.mayKeep('b', ticket)).toBe(true);
  });

  it('refuses an answer whose key was evicted after its ticket was taken, and only for that key', () => {
    const evictions = new NumberedEvictions<string>();
    const ticket = evictions.ticket();
    evictions.evict('a');
    expect(evictions.mayKeep('a', ticket)).toBe(false);
    expect(evictions.mayKeep('b', ticket)).toBe(true);
    expect(evictions.mayKeep('a', evictions.ticket())).toBe(true);
  });

  it('judges a key by its last eviction', () => {
    const evictions = new NumberedEvictions<string>();
    evictions.evict('a');
    const between = evictions.ticket();
    evictions.evict('b');
    evictions.evict('a');
    expect(evictions.mayKeep('a', between)).toBe(false);
  });

  it('refuses every ticket taken before it forgot evictions, since one of them may have come after it', () => {
    const evictions = new NumberedEvictions<string>({ maxRemembered: 2 });
    evictions.evict('a');
    const ticket = evictions.ticket();
    evictions.evict('b');
    evictions.evict('c'); // past the bound: 'a' and 'b' are forgotten
    expect(evictions.mayKeep('b', ticket)).toBe(false);
    expect(evictions.mayKeep('d', ticket)).toBe(false);
    const after = evictions.ticket();
    expect(evictions.mayKeep('b', after)).toBe(true);
    expect(evictions.mayKeep('c', after)).toBe(true);
  });

  it('goes on refusing by key after forgetting, for tickets taken since', () => {
    const evictions = new NumberedEvictions<string>({ maxRemembered: 2 });
    for (const key of ['a', 'b', 'c']) evictions.evict(key);
    const ticket = evictions.ticket();
    evictions.evict('d');
    expect(evictions.mayKeep('d', ticket)).toBe(false);
    expect(evictions.mayKeep('a', ticket)).toBe(true);
    expect(evictions.mayKeep('c', ticket)).toBe(true);
  });
});
