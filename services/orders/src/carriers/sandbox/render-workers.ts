import { availableParallelism } from 'node:os';

/**
 * Default size of the label render pool (env RENDER_WORKERS): one worker per core, at most 8. Measured on 2 cores
 * (docs/benchmarks.md, "Label rendering in worker threads"): 2 workers render ~1.5x as many labels per second as 1,
 * also while the main thread does 2 ms of other work per label, and the main thread stays responsive (its timers
 * fire within ~15 ms at p99); 1 worker only matches in-thread throughput. Workers start on demand, so a service that
 * renders one label at a time runs one.
 */
export function defaultRenderWorkers(): number {
  return Math.max(1, Math.min(8, availableParallelism()));
}
