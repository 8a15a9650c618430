/**
 * Runs a maintenance pass of the embedded database `firstMs` after the start, then `everyMs` after each pass ends, a
 * pass never overlapping the next; the timer never keeps the process alive. `pass` is told whether `stop` was called
 * (a pass under way ends at its next step), and a failed pass is reported to `failed` unless it was stopped.
 */
export function repeatPass(
  firstMs: number,
  everyMs: number,
  pass: (stopped: () => boolean) => Promise<unknown>,
  failed: (error: unknown) => void,
): { stop(): void; stopped(): boolean } {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const isStopped = () => stopped;
  const next = (after: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      if (stopped) return;
      pass(isStopped)
        .catch((error: unknown) => {
          // A database closed under a pass is no failure.
          if (!stopped) failed(error);
        })
        .finally(() => next(everyMs));
    }, after);
    timer.unref();
  };
  next(firstMs);
  return {
    stop: () => {
      stopped = true;
      clearTimeout(timer);
    },
    stopped: isStopped,
  };
}
