import { Coalescer } from './coalescer';

describe('Coalescer', () => {
  it('runs the calls of one turn as one group and answers each call its own result', async () => {
    const groups: number[][] = [];
    const doubled = new Coalescer<number, number>(async (inputs) => {
      groups.push(inputs);
      return inputs.map((n) => n * 2);
    });
    await expect(Promise.all([1, 2, 3].map((n) => doubled.run(n)))).resolves.toEqual([2, 4, 6]);
    await expect(doubled.run(5)).resolves.toBe(10);
    expect(groups).toEqual([[1, 2, 3], [5]]);
  });

  it('splits a large turn into groups of at most maxGroup', async () => {
    const sizes: number[] = [];
    const echo = new Coalescer<number, number>(async (inputs) => {
      sizes.push(inputs.length);
      return inputs;
    }, 4);
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => echo.run(i)));
    expect(answers).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(sizes).toEqual([4, 4, 2]);
  });

  it('rejects every call of a group whose statement failed, and leaves later groups unharmed', async () => {
    let fail = true;
    const flaky = new Coalescer<number, number>(async (inputs) => {
      if (fail) throw new Error('connection lost');
      return inputs;
    });
    const failed = await Promise.allSettled([flaky.run(1), flaky.run(2)]);
    expect(failed.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    await expect(flaky.run(3)).resolves.toBe(3);
  });

  it('refuses a statement that answers a different number of results than calls, rather than misassign them', async () => {
    const short = new Coalescer<number, number>(async (inputs) => inputs.slice(1));
    await expect(Promise.all([short.run(1), short.run(2)])).rejects.toThrow('answered 1 results for 2 calls');
  });

  it('keeps one statement in flight and sends the calls made meanwhile together in the next', async () => {
    const groups: number[][] = [];
    let release: () => void = () => undefined;
    const slow = new Coalescer<number, number>(async (inputs) => {
      groups.push(inputs);
      if (groups.length === 1) await new Promise<void>((resolve) => (release = resolve));
      return inputs;
    });
    const first = slow.run(1);
    await new Promise((resolve) => setImmediate(resolve));
    const later = [2, 3, 4].map((n) => slow.run(n));
    await new Promise((resolve) => setImmediate(resolve));
    expect(groups).toEqual([[1]]);
    release();
    await expect(Promise.all([first, ...later])).resolves.toEqual([1, 2, 3, 4]);
    expect(groups).toEqual([[1], [2, 3, 4]]);
  });
});
