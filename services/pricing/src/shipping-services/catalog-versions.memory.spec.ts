import { CatalogVersionsMemory } from './catalog-versions.memory';

const USER = 'u-1';
const versions = (defaults: number, user: number) => new Map([['defaults', defaults], [USER, user]]);

describe('CatalogVersionsMemory', () => {
  it('answers only when both the defaults and the user are known', () => {
    const memory = new CatalogVersionsMemory();
    expect(memory.get('defaults', USER)).toBeNull();
    memory.keep(memory.readStarted(), ['defaults', USER], versions(3, 7));
    expect(memory.get('defaults', USER)).toEqual({ defaults: 3, user: 7 });
    expect(memory.get('defaults', 'u-2')).toBeNull();
  });

  it('keeps a scope the read did not find as version 0: it was never written', () => {
    const memory = new CatalogVersionsMemory();
    memory.keep(memory.readStarted(), ['defaults', USER], new Map([['defaults', 2]]));
    expect(memory.get('defaults', USER)).toEqual({ defaults: 2, user: 0 });
  });

  it('forgets a scope once a write to it has ended, so the next quote reads the committed version', () => {
    const memory = new CatalogVersionsMemory();
    memory.keep(memory.readStarted(), ['defaults', USER], versions(3, 7));
    memory.forget(USER);
    expect(memory.get('defaults', USER)).toBeNull();
    memory.keep(memory.readStarted(), ['defaults', USER], versions(3, 8));
    memory.forget('defaults');
    expect(memory.get('defaults', USER)).toBeNull();
  });

  it('does not keep a read that began before a write ended: it may carry the version the write made stale', () => {
    const memory = new CatalogVersionsMemory();
    const started = memory.readStarted();
    memory.forget(USER); // a price change commits while the read is on its way
    memory.keep(started, ['defaults', USER], versions(3, 7));
    expect(memory.get('defaults', USER)).toBeNull();
  });
});
