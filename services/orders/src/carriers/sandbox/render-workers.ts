import { availableParallelism } from 'node:os';

/**
 * Default size of the label render pool (env RENDER_WORKERS): one worker per core, at most 8. On 2 cores, two workers
 * render clearly more labels per second than one, also while the main thread is busy, and keep the main thread
 * responsive; one worker only matches rendering in-thread.
 * Workers start on demand, so a service that renders one label at a time runs one.
 */
export function defaultRenderWorkers(): number {
  return Math.max(1, Math.min(8, availableParallelism()));
}
