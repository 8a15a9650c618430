/**
 * Renders sandbox label PDFs on worker threads, so that a label's CPU stays off the main thread, which serves
 * requests and the database.
 *
 * - A fixed number of workers, started on demand (the first labels pay their start-up) and kept; one message in
 *   flight per worker, holding up to MAX_LABELS_PER_MESSAGE waiting labels. Idle workers are unref'd: they never keep
 *   a process alive on their own.
 * - A bounded queue: past `maxQueue` waiting labels, render() rejects at once (RenderPoolError QUEUE_FULL).
 * - A worker that dies while rendering rejects only the label at fault (WORKER_CRASHED: a batch is sent again label by
 *   label to find it) and is replaced; a label taking longer than `jobTimeoutMs` stops its worker (TIMEOUT). These
 *   errors are plain Errors, not SandboxCarrierErrors: the caller must retry (the order stays pending), never refund
 *   a label that was merely not rendered.
 * - When workers cannot start (no worker file next to this one, e.g. a bundled build; the worker's modules fail
 *   to load), it logs once and renders on the calling thread instead, like RENDER_WORKERS=0.
 * - close() drains: labels already handed to the pool still render on the workers (up to `closeTimeoutMs`, then they
 *   are rejected with POOL_CLOSED), then the workers are terminated. Labels asked for once close() has begun render
 *   on the calling thread: Nest runs the shutdown hooks of one module concurrently, and the bulk engine finishes its
 *   in-flight labels during its own hook, so a closing pool must not fail them.
 *
 * Where the worker comes from: built JS (dist/, also inside the embedded single process) runs
 * `label-render.worker.js` next to this file. Under jest this file is TypeScript, which Node 20 cannot run in a
 * worker: the worker then starts from a small bootstrap that compiles .ts with @swc/core (a devDependency that jest
 * already uses) and loads `label-render.worker.ts`.
 */
import { Logger } from '@nestjs/common';
import { existsSync } from 'node:fs';
import { extname, join } from 'node:path';
import type { Worker } from 'node:worker_threads';
import { startWorkerThread } from '@labeldesk/nest-config';
import { renderSandboxLabel, type SandboxLabelInput } from './sandbox-label';
import { defaultRenderWorkers } from './render-workers';
import { deserializeError, type RenderFn, type RenderReply, type RenderRequest } from './render-worker-protocol';

export { defaultRenderWorkers };

export type RenderPoolErrorCode = 'QUEUE_FULL' | 'WORKER_CRASHED' | 'TIMEOUT' | 'POOL_CLOSED';

/** The pool did not render this label although its input may be fine: trying again may succeed. */
export class RenderPoolError extends Error {
  readonly retryable = true;

  constructor(
    readonly code: RenderPoolErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'RenderPoolError';
  }
}

export interface RenderPoolLogger {
  warn(message: string): void;
}

export interface LabelRenderPoolOptions {
  /** Worker threads; 0 renders on the calling thread (default: defaultRenderWorkers(), one per core, at most 8). */
  workers?: number;
  /** Labels allowed to wait for a worker, beyond those being rendered (default 1,000). */
  maxQueue?: number;
  /** A label still rendering after this long stops its worker and is rejected (default 30 s; 0 = never). */
  jobTimeoutMs?: number;
  /** How long close() lets waiting and in-flight labels finish before it rejects them (default 10 s). */
  closeTimeoutMs?: number;
  /**
   * A worker beyond the first that has rendered nothing for this long is stopped (default 30 s; 0 = never): a burst of
   * labels starts up to `workers` threads, each holding tens of MiB, and a quiet service gives them back. One worker
   * always stays, so a lone label never waits for a thread to start.
   */
  idleWorkerMs?: number;
  /** The worker's entry script (default: label-render.worker.js next to this file, .ts when running from sources). */
  workerFile?: string;
  /** Renders on the calling thread: with 0 workers and as the fallback (default renderSandboxLabel). */
  renderInThread?: RenderFn;
  logger?: RenderPoolLogger;
}

export interface RenderPoolStats {
  mode: 'workers' | 'in-thread';
  /** Worker threads alive or starting. */
  workers: number;
  /** Labels in the workers' hands now (up to MAX_LABELS_PER_MESSAGE each). */
  busy: number;
  /** Labels waiting for a worker. */
  queued: number;
}

interface Job {
  id: number;
  input: SandboxLabelInput;
  resolve: (pdf: Buffer) => void;
  reject: (error: unknown) => void;
  /** Sent in a message of its own: a batch holding it could not cross to a worker (see dispatch). */
  alone?: boolean;
}

/** The labels one message hands a worker, answered by one message. */
interface Batch {
  id: number;
  jobs: Job[];
  timer?: NodeJS.Timeout;
}

/**
 * Most labels one message hands a worker. A message each way per label cost the main thread more than the rendering
 * (bench-render: 1.2 ms of CPU a label on two workers against 0.5 in-thread); a few at a time share that cost, and
 * with fewer than this waiting the workers split what there is, so a lone label still goes at once.
 */
export const MAX_LABELS_PER_MESSAGE = 8;

interface Slot {
  worker: Worker;
  /** True once the worker said its modules are loaded. */
  ready: boolean;
  batch: Batch | null;
  /** The worker's uncaught error, reported just before it exits. */
  error: Error | null;
  /** Set while it is idle and not the last worker: stops it when it fires. */
  idleTimer?: NodeJS.Timeout;
}

/** Consecutive start failures after which the pool gives up on workers (the first failure when none ever started). */
const MAX_START_FAILURES = 3;

export function defaultWorkerFile(): string {
  return join(__dirname, `label-render.worker${extname(__filename)}`);
}

export class LabelRenderPool {
  /** The number of worker threads it runs at most (0: renders in-thread). */
  readonly size: number;
  private readonly maxQueue: number;
  private readonly jobTimeoutMs: number;
  private readonly closeTimeoutMs: number;
  private readonly idleWorkerMs: number;
  private readonly workerFile: string;
  private readonly renderInThread: RenderFn;
  private readonly logger: RenderPoolLogger;

  private mode: RenderPoolStats['mode'];
  private readonly slots = new Set<Slot>();
  private readonly queue: Job[] = [];
  private lastJobId = 0;
  private lastBatchId = 0;
  private everReady = false;
  private startFailures = 0;
  /** Set by close(): resolves once every worker has exited. */
  private closing: Promise<void> | null = null;
  private closed: (() => void) | null = null;
  private closeTimer: NodeJS.Timeout | undefined;
  /** The workers are terminated (or being terminated): nothing is dispatched or started any more. */
  private terminated = false;

  constructor(options: LabelRenderPoolOptions = {}) {
    const {
      workers = defaultRenderWorkers(),
      maxQueue = 1_000,
      jobTimeoutMs = 30_000,
      closeTimeoutMs = 10_000,
      idleWorkerMs = 30_000,
      workerFile = defaultWorkerFile(),
      renderInThread = renderSandboxLabel,
      logger = new Logger(LabelRenderPool.name),
    } = options;
    if (!Number.isInteger(workers) || workers < 0) throw new RangeError(`workers must be an integer ≥ 0, got ${workers}`);
    if (!Number.isInteger(maxQueue) || maxQueue < 0) throw new RangeError(`maxQueue must be an integer ≥ 0, got ${maxQueue}`);
    if (!Number.isFinite(jobTimeoutMs) || jobTimeoutMs < 0) throw new RangeError(`jobTimeoutMs must be ≥ 0, got ${jobTimeoutMs}`);
    if (!Number.isFinite(closeTimeoutMs) || closeTimeoutMs < 0) throw new RangeError(`closeTimeoutMs must be ≥ 0, got ${closeTimeoutMs}`);
    if (!Number.isFinite(idleWorkerMs) || idleWorkerMs < 0) throw new RangeError(`idleWorkerMs must be ≥ 0, got ${idleWorkerMs}`);
    this.size = workers;
    this.maxQueue = maxQueue;
    this.jobTimeoutMs = jobTimeoutMs;
    this.closeTimeoutMs = closeTimeoutMs;
    this.idleWorkerMs = idleWorkerMs;
    this.workerFile = workerFile;
    this.renderInThread = renderInThread;
    this.logger = logger;
    this.mode = workers === 0 ? 'in-thread' : 'workers';
    if (workers > 0 && !existsSync(workerFile)) this.fallBackToInThread(`label render worker ${workerFile} is missing`);
  }

  /** The label's PDF; rejects with the renderer's own error, or a RenderPoolError when the pool failed to render it. */
  render(input: SandboxLabelInput): Promise<Buffer> {
    if (this.closing || this.mode === 'in-thread') return this.renderInThread(input);
    if (this.queue.length >= this.maxQueue) {
      return Promise.reject(new RenderPoolError('QUEUE_FULL', `The label render queue is full (${this.maxQueue} labels waiting)`));
    }
    return new Promise<Buffer>((resolve, reject) => {
      this.queue.push({ id: ++this.lastJobId, input, resolve, reject });
      this.pump();
    });
  }

  get stats(): RenderPoolStats {
    let busy = 0;
    for (const slot of this.slots) if (slot.batch) busy += slot.batch.jobs.length;
    return { mode: this.mode, workers: this.slots.size, busy, queued: this.queue.length };
  }

  /**
   * Lets the labels already handed over finish (for at most closeTimeoutMs, then rejects them with POOL_CLOSED) and
   * terminates every worker; resolves when they have exited. Later labels render on the calling thread.
   */
  close(): Promise<void> {
    if (!this.closing) {
      this.closing = new Promise<void>((resolve) => {
        this.closed = resolve;
      });
      this.closeTimer = setTimeout(() => void this.terminate(), this.closeTimeoutMs);
      this.closeTimer.unref();
      this.pump();
    }
    return this.closing;
  }

  /**
   * Hands waiting labels to idle workers and starts workers (up to `size`) for those still waiting; once closing
   * and idle, terminates the workers. Called after every change of a worker or the queue.
   */
  private pump(): void {
    if (this.closing && this.queue.length === 0 && this.stats.busy === 0) {
      void this.terminate();
      return;
    }
    if (this.terminated || this.mode !== 'workers') return;
    while (this.queue.length > 0) {
      const idle = this.idleSlot();
      if (!idle) break;
      const ready = [...this.slots].filter((slot) => slot.ready && !slot.batch).length;
      const share = Math.min(MAX_LABELS_PER_MESSAGE, Math.ceil(this.queue.length / Math.max(1, ready)));
      const firstAlone = this.queue.findIndex((job) => job.alone);
      const take = firstAlone === 0 ? 1 : firstAlone > 0 ? Math.min(share, firstAlone) : share;
      this.dispatch(idle, { id: ++this.lastBatchId, jobs: this.queue.splice(0, take) });
    }
    let starting = 0;
    for (const slot of this.slots) if (!slot.ready) starting++;
    while (this.mode === 'workers' && this.queue.length > starting && this.slots.size < this.size) {
      this.spawn();
      starting++;
    }
  }

  private idleSlot(): Slot | undefined {
    for (const slot of this.slots) if (slot.ready && !slot.batch) return slot;
    return undefined;
  }

  private dispatch(slot: Slot, batch: Batch): void {
    clearTimeout(slot.idleTimer);
    slot.batch = batch;
    // A busy worker keeps the process alive until its labels are back (a script awaiting render() must not exit).
    slot.worker.ref();
    try {
      slot.worker.postMessage({ id: batch.id, labels: batch.jobs.map((job) => ({ id: job.id, input: job.input })) } satisfies RenderRequest);
    } catch (error) {
      // DataCloneError: an input cannot cross to a thread (e.g. it holds a function). The worker is fine, and so may
      // the other labels be: they are sent again one by one, so only the one that cannot cross fails.
      this.finish(slot);
      if (!this.sendAgainAlone(batch)) batch.jobs[0]?.reject(error);
      this.pump();
      return;
    }
    if (this.jobTimeoutMs > 0) {
      // Each label has the whole timeout: a batch of n may take n times one label's.
      batch.timer = setTimeout(() => this.onTimeout(slot, batch), this.jobTimeoutMs * batch.jobs.length);
      batch.timer.unref();
    }
  }

  /** The worker is done with its label (answered, timed out or failed to take it). */
  private finish(slot: Slot): void {
    if (slot.batch) clearTimeout(slot.batch.timer);
    slot.batch = null;
    slot.worker.unref();
    this.retireWhenIdle(slot);
  }

  /** Stops the worker once it has stayed idle for idleWorkerMs, unless it is the last one by then. */
  private retireWhenIdle(slot: Slot): void {
    if (this.idleWorkerMs === 0) return;
    clearTimeout(slot.idleTimer);
    slot.idleTimer = setTimeout(() => {
      if (slot.batch || !this.slots.has(slot) || this.slots.size <= 1 || this.closing) return;
      this.retire(slot);
    }, this.idleWorkerMs);
    slot.idleTimer.unref();
  }

  private spawn(): void {
    let worker: Worker;
    try {
      worker = this.startWorker();
    } catch (error) {
      this.startFailed(error);
      return;
    }
    const slot: Slot = { worker, ready: false, batch: null, error: null };
    this.slots.add(slot);
    worker.on('message', (reply: RenderReply) => this.onReply(slot, reply));
    worker.on('error', (error: Error) => {
      slot.error = error;
    });
    worker.on('exit', (code: number) => this.onExit(slot, code));
  }

  private startWorker(): Worker {
    return startWorkerThread(this.workerFile);
  }

  private onReply(slot: Slot, reply: RenderReply): void {
    if (!this.slots.has(slot)) return; // retired: timed out, or the pool closed
    if (reply.type === 'ready') {
      slot.ready = true;
      this.everReady = true;
      this.startFailures = 0;
      slot.worker.unref();
      this.pump();
      return;
    }
    const { batch } = slot;
    if (!batch || batch.id !== reply.id) return;
    this.finish(slot);
    const results = new Map(reply.results.map((result) => [result.id, result]));
    for (const job of batch.jobs) {
      const result = results.get(job.id);
      if (result?.type === 'done') job.resolve(Buffer.from(result.pdf));
      else if (result?.type === 'failed') job.reject(deserializeError(result.error));
      else job.reject(new RenderPoolError('WORKER_CRASHED', 'The label render worker answered without this label'));
    }
    if (this.mode === 'in-thread') this.retire(slot);
    this.pump();
  }

  private onTimeout(slot: Slot, batch: Batch): void {
    if (slot.batch !== batch) return;
    this.finish(slot);
    this.retire(slot);
    this.logger.warn(`labels took longer than ${this.jobTimeoutMs} ms each to render: their worker was stopped and will be replaced`);
    if (!this.sendAgainAlone(batch)) {
      for (const job of batch.jobs) job.reject(new RenderPoolError('TIMEOUT', `Label rendering took longer than ${this.jobTimeoutMs} ms`));
    }
    this.pump();
  }

  /**
   * A batch of several labels that crashed or hung its worker goes back to the front of the queue, each label to be
   * sent on its own: rendering has no side effects, so only the label at fault fails, as if none had been batched.
   */
  private sendAgainAlone(batch: Batch): boolean {
    if (batch.jobs.length < 2) return false;
    this.queue.unshift(...batch.jobs.map((job) => ({ ...job, alone: true })));
    return true;
  }

  private onExit(slot: Slot, code: number): void {
    if (!this.slots.delete(slot)) return; // the pool terminated it
    const reason = slot.error ? slot.error.message : `exit code ${code}`;
    const { batch } = slot;
    if (batch) {
      clearTimeout(batch.timer);
      slot.batch = null;
      this.logger.warn(`a label render worker died while rendering (${reason}): a new worker takes over`);
      if (!this.sendAgainAlone(batch)) {
        for (const job of batch.jobs) {
          job.reject(new RenderPoolError('WORKER_CRASHED', `The label render worker died while rendering (${reason})`, { cause: slot.error ?? undefined }));
        }
      }
    } else if (!slot.ready) {
      this.startFailed(slot.error ?? new Error(`it exited with code ${code} before it was ready`));
      return;
    } else {
      this.logger.warn(`an idle label render worker exited (${reason})`);
    }
    this.pump();
  }

  private startFailed(error: unknown): void {
    this.startFailures++;
    const reason = `a label render worker could not start (${messageOf(error)})`;
    if (!this.everReady || this.startFailures >= MAX_START_FAILURES) {
      this.fallBackToInThread(reason);
      return;
    }
    this.logger.warn(`${reason}: trying again`);
    this.pump();
  }

  /** From now on labels render on the calling thread; busy workers finish their label first. */
  private fallBackToInThread(reason: string): void {
    if (this.mode === 'in-thread') return;
    this.mode = 'in-thread';
    this.logger.warn(`${reason}: rendering labels on the main thread instead`);
    for (const slot of [...this.slots]) if (!slot.batch) this.retire(slot);
    for (const job of this.queue.splice(0)) this.renderInThread(job.input).then(job.resolve, job.reject);
    this.pump();
  }

  /** Ends close(): rejects what is still waiting or rendering (the close timeout passed) and terminates every worker. */
  private async terminate(): Promise<void> {
    if (this.terminated) return;
    this.terminated = true;
    clearTimeout(this.closeTimer);
    const closed = () => new RenderPoolError('POOL_CLOSED', `The label render pool closed before this label was rendered (close timeout ${this.closeTimeoutMs} ms)`);
    for (const job of this.queue.splice(0)) job.reject(closed());
    const slots = [...this.slots];
    this.slots.clear();
    await Promise.all(
      slots.map(async (slot) => {
        const { batch } = slot;
        if (batch) {
          clearTimeout(batch.timer);
          slot.batch = null;
          for (const job of batch.jobs) job.reject(closed());
        }
        await slot.worker.terminate().catch(() => undefined);
      }),
    );
    this.closed?.();
  }

  private retire(slot: Slot): void {
    clearTimeout(slot.idleTimer);
    this.slots.delete(slot);
    slot.worker.terminate().catch(() => undefined);
  }
}

/** An error's message; not `instanceof Error`, which fails for errors from another realm (a jest sandbox). */
function messageOf(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'message' in error && typeof error.message === 'string') return error.message;
  return String(error);
}
