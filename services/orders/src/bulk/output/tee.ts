/**
 * One read of `source` feeding two readers, each getting every value in order: the batch's result CSV and its
 * confirmation file are written side by side from one pass over the items, instead of reading every item once for
 * each. A reader that gets `aheadLimit` values ahead
 * of the other waits for it, so memory holds at most that many values. An error of the source reaches both readers;
 * a reader that stops early lets the other go on alone.
 */
export function tee<T>(source: AsyncIterable<T>, aheadLimit = 1_000): [AsyncGenerator<T>, AsyncGenerator<T>] {
  const iterator = source[Symbol.asyncIterator]();
  const queues: [T[], T[]] = [[], []];
  const open = [true, true];
  let ended = false;
  let failure: { error: unknown } | null = null;
  let reading: Promise<void> | null = null;
  let caughtUp: (() => void) | null = null;

  const readNext = (): Promise<void> =>
    (reading ??= iterator.next().then(
      (next) => {
        reading = null;
        if (next.done) ended = true;
        else for (const i of [0, 1] as const) if (open[i]) queues[i].push(next.value);
      },
      (error: unknown) => {
        reading = null;
        failure = { error };
      },
    ));

  const other = (i: 0 | 1): 0 | 1 => (i === 0 ? 1 : 0);
  /** Whether reader i must wait before reading on: the other has `aheadLimit` values still to take. */
  const otherIsBehind = (i: 0 | 1) => open[other(i)] && queues[other(i)].length >= aheadLimit;

  async function* reader(i: 0 | 1): AsyncGenerator<T> {
    try {
      for (;;) {
        const queue = queues[i];
        if (queue.length > 0) {
          const value = queue.shift() as T;
          // The other reader may be waiting for this one to come closer.
          if (caughtUp && !otherIsBehind(other(i))) {
            caughtUp();
            caughtUp = null;
          }
          yield value;
          continue;
        }
        if (failure) throw failure.error;
        if (ended) return;
        while (otherIsBehind(i)) await new Promise<void>((resolve) => (caughtUp = resolve));
        await readNext();
      }
    } finally {
      open[i] = false;
      queues[i].length = 0;
      caughtUp?.();
      caughtUp = null;
    }
  }

  return [reader(0), reader(1)];
}
