import { performance, type EventLoopUtilization } from 'node:perf_hooks';

export interface IdleCollectorOptions {
  /** How often the event loop's use is read. */
  everyMs?: number;
  /** A reading at or over this share of the interval counts as busy. */
  busyShare?: number;
  /** A reading under this share counts as idle: a collection follows if anything was busy since the last one. */
  idleShare?: number;
  /** Reads the loop's use since `previous` (tests give their own). */
  utilization?: (previous?: EventLoopUtilization) => EventLoopUtilization;
  collect?: () => void;
}

export interface IdleCollector {
  stop(): void;
}

/**
 * V8's `gc` (a full collection) when the process was started with `node --expose-gc` (every launcher of ours does:
 * package.json's start, the start script, the test systems, the image and the manifests), else null. The flag is never
 * switched on at run time: Node's documentation warns that changing V8's flags after start can crash the process.
 */
export const exposedFullCollection = (): (() => void) | null => {
  const gc: unknown = (globalThis as { gc?: unknown }).gc;
  return typeof gc === 'function' ? (gc as () => void) : null;
};

let running: IdleCollector | null = null;

/**
 * Gives back the memory of a busy spell once the process has gone idle: one full collection after the event loop has
 * been quiet for one reading, and only if it was busy since the last one. V8 collects when JavaScript allocates, and
 * an idle server allocates nothing, so the young generation grown under load and the old space's garbage stayed
 * resident for good; in Kubernetes that is memory the pod holds against its
 * limit. A full collection is short, and it runs at a time nothing waits. One per process: later calls answer the
 * first.
 */
export const startIdleCollector = (options: IdleCollectorOptions = {}): IdleCollector => {
  if (running && !options.collect) return running;
  const everyMs = options.everyMs ?? 5_000;
  const busyShare = options.busyShare ?? 0.1;
  const idleShare = options.idleShare ?? 0.02;
  const utilization = options.utilization ?? ((previous) => performance.eventLoopUtilization(previous));
  const collect = options.collect ?? exposedFullCollection();
  // Started without --expose-gc, the process runs as it did before this existed: memory returns at V8's pace.
  if (!collect) return { stop: () => undefined };
  let last = utilization();
  let busySinceCollection = false;
  const timer = setInterval(() => {
    const now = utilization();
    const share = utilization(last).utilization;
    last = now;
    if (share >= busyShare) busySinceCollection = true;
    else if (share < idleShare && busySinceCollection) {
      busySinceCollection = false;
      collect();
    }
  }, everyMs);
  timer.unref();
  const collector = {
    stop: () => {
      clearInterval(timer);
      if (running === collector) running = null;
    },
  };
  if (!options.collect) running = collector;
  return collector;
};
