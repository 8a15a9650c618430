import { tee } from './tee';

async function* numbers(count: number, read: number[], failAt?: number): AsyncGenerator<number> {
  for (let n = 0; n < count; n++) {
    if (n === failAt) throw new Error(`source failed at ${n}`);
    read.push(n);
    await Promise.resolve();
    yield n;
  }
}

const all = async <T>(values: AsyncIterable<T>, each: () => Promise<void> = async () => undefined): Promise<T[]> => {
  const seen: T[] = [];
  for await (const value of values) {
    seen.push(value);
    await each();
  }
  return seen;
};

describe('tee', () => {
  it('gives both readers every value in order while reading the source once', async () => {
    const read: number[] = [];
    const [a, b] = tee(numbers(2_500, read), 100);
    const [seenA, seenB] = await Promise.all([all(a), all(b, () => new Promise((resolve) => setImmediate(resolve)))]);
    const expected = Array.from({ length: 2_500 }, (_, n) => n);
    expect(seenA).toEqual(expected);
    expect(seenB).toEqual(expected);
    expect(read).toEqual(expected);
  });

  it('holds a fast reader back once it is the limit ahead of the slow one', async () => {
    const read: number[] = [];
    const [fast, slow] = tee(numbers(50, read), 5);
    const slowReader = slow[Symbol.asyncIterator]();
    await slowReader.next();
    const fastSeen: number[] = [];
    const fastDone = all(fast).then((values) => fastSeen.push(...values));
    for (let turn = 0; turn < 20; turn++) await new Promise((resolve) => setImmediate(resolve));
    // The slow reader took one value: the source was read at most the limit past it.
    expect(read.length).toBeLessThanOrEqual(1 + 5);
    for (;;) if ((await slowReader.next()).done) break;
    await fastDone;
    expect(fastSeen).toHaveLength(50);
  });

  it('lets the other reader go on alone when one stops early', async () => {
    const [a, b] = tee(numbers(30, []), 4);
    for await (const value of a) if (value === 2) break;
    expect(await all(b)).toHaveLength(30);
  });

  it('passes the source’s error to both readers', async () => {
    const [a, b] = tee(numbers(10, [], 6), 100);
    const results = await Promise.all([all(a).catch((error: unknown) => error), all(b).catch((error: unknown) => error)]);
    expect(results).toEqual([new Error('source failed at 6'), new Error('source failed at 6')]);
  });
});
