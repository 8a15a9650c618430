import { engineOf } from './testing/engine-of';

/** An engine over a database with no batch being bought, counting its looks (a look asks for the batches being bought). */
const idleEngine = () => {
  const looks: number[] = [];
  const repository = {
    buyingBatches: jest.fn(async () => {
      looks.push(Date.now());
      return [];
    }),
    finishable: jest.fn(async () => []),
    claimForFiles: jest.fn(async () => null),
    releaseClaims: jest.fn(async () => undefined),
    labelledToCapture: jest.fn(async () => []),
  };
  const engine = engineOf({ repository, purchaser: { carrierConcurrency: 4 } });
  return { engine, looks };
};

const gaps = (times: number[]) => times.slice(1).map((time, i) => time - (times[i] ?? time));

describe('BulkEngine with nothing to buy', () => {
  beforeEach(() => jest.useFakeTimers({ now: 0 }));
  afterEach(() => jest.useRealTimers());

  it('looks half as often each time it finds nothing, down to once every 5 seconds', async () => {
    const { engine, looks } = idleEngine();
    engine.onApplicationBootstrap();
    await jest.advanceTimersByTimeAsync(30_000);
    expect(gaps(looks).slice(0, 6)).toEqual([500, 1000, 2000, 4000, 5000, 5000]);
    expect(looks.length).toBeLessThanOrEqual(11);
    const shutdown = engine.onApplicationShutdown();
    await jest.advanceTimersByTimeAsync(0);
    await shutdown;
  });

  it('looks at once when woken, and often again after it', async () => {
    const { engine, looks } = idleEngine();
    engine.onApplicationBootstrap();
    await jest.advanceTimersByTimeAsync(20_000);
    const before = looks.length;
    engine.wake();
    await jest.advanceTimersByTimeAsync(0);
    expect(looks.length).toBe(before + 1);
    await jest.advanceTimersByTimeAsync(1_500);
    expect(gaps(looks.slice(before))).toEqual([500, 1000]);
    const shutdown = engine.onApplicationShutdown();
    await jest.advanceTimersByTimeAsync(0);
    await shutdown;
  });
});
