import type { EventLoopUtilization } from 'node:perf_hooks';
import { exposedFullCollection, startIdleCollector } from './idle-collector';

/** An event loop whose successive readings are the given shares of busy time. */
const loopReading = (shares: number[]) => (previous?: EventLoopUtilization): EventLoopUtilization =>
  previous ? { idle: 0, active: 0, utilization: shares.shift() ?? 0 } : { idle: 0, active: 0, utilization: 0 };

describe('startIdleCollector', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  const run = (shares: number[]) => {
    const collect = jest.fn();
    const collector = startIdleCollector({ everyMs: 1_000, utilization: loopReading(shares), collect });
    jest.advanceTimersByTime(shares.length * 1_000);
    collector.stop();
    return collect.mock.calls.length;
  };

  it('collects once when the loop goes quiet after a busy spell', () => {
    expect(run([0.9, 0.8, 0.5, 0.01, 0.0, 0.0])).toBe(1);
  });

  it('collects again only after another busy spell', () => {
    expect(run([0.9, 0.01, 0.01, 0.6, 0.0, 0.01])).toBe(2);
  });

  it('never collects in a process that was never busy, or that is still working', () => {
    expect(run([0.0, 0.01, 0.0, 0.01])).toBe(0);
    expect(run([0.9, 0.5, 0.3, 0.05, 0.04])).toBe(0);
  });

  it('runs once per process: a second start answers the first', () => {
    jest.useRealTimers();
    const global = globalThis as { gc?: unknown };
    const before = global.gc;
    global.gc = jest.fn();
    try {
      const collector = startIdleCollector({ everyMs: 60_000 });
      expect(startIdleCollector()).toBe(collector);
      collector.stop();
    } finally {
      global.gc = before;
    }
  });

  it("uses V8's gc only when the process was started with --expose-gc, and never turns the flag on itself", () => {
    const global = globalThis as { gc?: unknown };
    const before = global.gc;
    try {
      delete global.gc;
      expect(exposedFullCollection()).toBeNull();
      startIdleCollector().stop();
      expect(global.gc).toBeUndefined();
      const gc = jest.fn();
      global.gc = gc;
      expect(exposedFullCollection()).toBe(gc);
    } finally {
      global.gc = before;
    }
  });
});
