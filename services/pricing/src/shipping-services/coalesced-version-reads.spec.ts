import { CoalescedVersionReads, type VersionsByScope } from './coalesced-version-reads';

/** A catalogue whose reads see the versions as they were when the read began, and end when the test says. */
class FakeCatalog {
  readonly versions = new Map<string, number>();
  readonly reads: Array<{ scopes: string[]; end: () => void; fail: (error: Error) => void }> = [];

  read = (scopes: string[]): Promise<VersionsByScope> => {
    const seen = new Map(scopes.filter((s) => this.versions.has(s)).map((s) => [s, this.versions.get(s) as number]));
    return new Promise((resolve, reject) => this.reads.push({ scopes, end: () => resolve(seen), fail: reject }));
  };

  bump(scope: string): void {
    this.versions.set(scope, (this.versions.get(scope) ?? 0) + 1);
  }
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('CoalescedVersionReads', () => {
  it('starts a read at once when none is under way, and answers what it found', async () => {
    const catalog = new FakeCatalog();
    catalog.bump('defaults');
    const reads = new CoalescedVersionReads(catalog.read);
    const answer = reads.versionsOf(['defaults', 'u-1']);
    expect(catalog.reads.map((r) => r.scopes)).toEqual([['defaults', 'u-1']]);
    catalog.reads[0]?.end();
    const versions = await answer;
    expect(versions.get('defaults')).toBe(1);
    expect(versions.get('u-1')).toBeUndefined();
  });

  it('gives the quotes that asked during a read one next read together', async () => {
    const catalog = new FakeCatalog();
    const reads = new CoalescedVersionReads(catalog.read);
    const first = reads.versionsOf(['defaults', 'u-1']);
    const later = [reads.versionsOf(['defaults', 'u-2']), reads.versionsOf(['defaults', 'u-3']), reads.versionsOf(['defaults', 'u-2'])];
    expect(catalog.reads).toHaveLength(1);
    catalog.reads[0]?.end();
    await first;
    await settle();
    expect(catalog.reads.map((r) => r.scopes)).toEqual([['defaults', 'u-1'], ['defaults', 'u-2', 'u-3']]);
    catalog.reads[1]?.end();
    await Promise.all(later);
    expect(catalog.reads).toHaveLength(2);
  });

  it('never answers a quote from a read that began before it asked: a change committed in between is seen', async () => {
    const catalog = new FakeCatalog();
    const reads = new CoalescedVersionReads(catalog.read);
    const before = reads.versionsOf(['defaults', 'u-1']);
    catalog.bump('u-1'); // an admin's price change commits while the first read is on its way
    const after = reads.versionsOf(['defaults', 'u-1']);
    catalog.reads[0]?.end();
    expect((await before).get('u-1')).toBeUndefined();
    await settle();
    catalog.reads[1]?.end();
    expect((await after).get('u-1')).toBe(1);
  });

  it('fails only the quotes of a failed read, and the next read goes on', async () => {
    const catalog = new FakeCatalog();
    const reads = new CoalescedVersionReads(catalog.read);
    const failing = reads.versionsOf(['defaults', 'u-1']);
    const next = reads.versionsOf(['defaults', 'u-2']);
    catalog.reads[0]?.fail(new Error('connection lost'));
    await expect(failing).rejects.toThrow('connection lost');
    await settle();
    catalog.bump('u-2');
    catalog.reads[1]?.end();
    expect((await next).get('u-2')).toBeUndefined(); // read 2 began before the bump
    expect(catalog.reads).toHaveLength(2);
  });

  it('fails the quotes of a read that throws before it starts, and stays usable', async () => {
    let calls = 0;
    const reads = new CoalescedVersionReads(async (scopes) => {
      calls += 1;
      if (calls === 1) throw new Error('pool closed');
      return new Map(scopes.map((s) => [s, 5]));
    });
    await expect(reads.versionsOf(['defaults'])).rejects.toThrow('pool closed');
    expect((await reads.versionsOf(['defaults'])).get('defaults')).toBe(5);
  });

  it('asks for at most 500 scopes in one read; the rest wait for the next', async () => {
    const catalog = new FakeCatalog();
    const reads = new CoalescedVersionReads(catalog.read);
    const first = reads.versionsOf(['defaults', 'u-0']);
    const many = Array.from({ length: 600 }, (_, i) => reads.versionsOf(['defaults', `u-${i + 1}`]));
    catalog.reads[0]?.end();
    await first;
    await settle();
    expect(catalog.reads[1]?.scopes).toHaveLength(500);
    catalog.reads[1]?.end();
    await settle();
    expect(catalog.reads[2]?.scopes).toHaveLength(102);
    catalog.reads[2]?.end();
    await Promise.all(many);
  });

  it('tells the read-starting hook when each read begins and what it found', async () => {
    const catalog = new FakeCatalog();
    catalog.bump('defaults');
    const events: string[] = [];
    const reads = new CoalescedVersionReads(catalog.read, () => {
      events.push('started');
      return (scopes, versions) => events.push(`found ${scopes.join(',')} defaults=${versions.get('defaults')}`);
    });
    const answer = reads.versionsOf(['defaults', 'u-1']);
    expect(events).toEqual(['started']);
    catalog.reads[0]?.end();
    await answer;
    expect(events).toEqual(['started', 'found defaults,u-1 defaults=1']);
  });

  it('fails the quotes of a read that hangs past its deadline, lets the next read go, and does not keep the late answer', async () => {
    jest.useFakeTimers();
    try {
      const catalog = new FakeCatalog();
      const kept = jest.fn();
      const reads = new CoalescedVersionReads(catalog.read, () => kept, 5_000);
      const stuck = reads.versionsOf(['defaults', 'u-1']);
      const next = reads.versionsOf(['defaults', 'u-2']);
      jest.advanceTimersByTime(5_000);
      await expect(stuck).rejects.toThrow("The catalogue's versions were not read within 5000 ms");
      expect(catalog.reads).toHaveLength(2);
      catalog.reads[1]?.end();
      await next;
      catalog.reads[0]?.end(); // the hung read answers at last
      await Promise.resolve();
      expect(kept).toHaveBeenCalledTimes(1);
    } finally {
      jest.useRealTimers();
    }
  });

  it('fails the quotes of a read whose start hook throws, and stays usable', async () => {
    const catalog = new FakeCatalog();
    let starts = 0;
    const reads = new CoalescedVersionReads(catalog.read, () => {
      starts += 1;
      if (starts === 1) throw new Error('memory broken');
      return () => undefined;
    });
    await expect(reads.versionsOf(['defaults'])).rejects.toThrow('memory broken');
    const answer = reads.versionsOf(['defaults']);
    catalog.reads[0]?.end();
    await expect(answer).resolves.toBeInstanceOf(Map);
  });

  it('answers the quotes when keeping the versions fails: keeping is an optimisation', async () => {
    const catalog = new FakeCatalog();
    const reads = new CoalescedVersionReads(catalog.read, () => () => {
      throw new Error('memory full');
    });
    const answer = reads.versionsOf(['defaults']);
    catalog.reads[0]?.end();
    await expect(answer).resolves.toBeInstanceOf(Map);
  });
});
