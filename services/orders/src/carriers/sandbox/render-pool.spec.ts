import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { PDFDocument } from 'pdf-lib';
import { buildImpb, SANDBOX_CHANNEL, SANDBOX_TEST_MAILER_ID } from './impb';
import { type LabelRenderInput, renderLabel } from './label-renderer';
import { renderSandboxLabel } from './sandbox-label';
import { LabelRenderPool, type LabelRenderPoolOptions, RenderPoolError } from './render-pool';
import { ownArrayBuffer } from './render-worker-protocol';
import { findSandboxService } from './sandbox-services';
import { printedTextRuns } from '../testing/label-fixtures';

function labelInput(overrides: { serial?: number; description?: string; barcodeData?: string } = {}): LabelRenderInput {
  const service = findSandboxService('usps_priority');
  if (!service) throw new Error('fixture service missing');
  const impb = buildImpb({ zip5: '10118', channel: SANDBOX_CHANNEL, serviceTypeCode: service.serviceTypeCode, mailerId: SANDBOX_TEST_MAILER_ID, serial: overrides.serial ?? 1234 });
  return {
    service,
    from: { name: 'Acme Widgets', company: null, phone: null, street1: '1200 Industrial Pkwy', street2: null, city: 'Columbus', state: 'OH', zip: '43215', country: 'US' },
    to: { name: 'Jane Doe', company: null, phone: null, street1: '350 Fifth Ave', street2: 'Ste 4200', city: 'New York', state: 'NY', zip: '10118', country: 'US' },
    package: { lengthIn: 10, widthIn: 8, heightIn: 4, weightLb: 1.5, description: overrides.description ?? 'Widget', reference1: '1', reference2: 'SKU-1' },
    impb: { ...impb, ...(overrides.barcodeData ? { barcodeData: overrides.barcodeData } : {}) },
    shipDate: new Date(2025, 5, 3, 12),
  };
}

// Worker scripts for the failure cases. They run in a worker thread started by the pool's TypeScript bootstrap,
// so they may require the .ts sources: the real protocol and renderer, with a renderer that misbehaves on cue.
let fixtures: string;
const fixture = (name: string, body: string): string => {
  const file = join(fixtures, name);
  writeFileSync(
    file,
    `const { parentPort } = require('node:worker_threads');
const { serveRenderRequests } = require(${JSON.stringify(join(__dirname, 'render-worker-protocol.ts'))});
const { renderLabel } = require(${JSON.stringify(join(__dirname, 'label-renderer.ts'))});
${body}`,
  );
  return file;
};
let misbehavingWorker: string;
let unloadableWorker: string;

beforeAll(() => {
  fixtures = mkdtempSync(join(tmpdir(), 'render-pool-'));
  misbehavingWorker = fixture(
    'misbehaving.worker.js',
    `serveRenderRequests(parentPort, async (input) => {
  if (input.package.description === 'EXIT') process.exit(3);
  if (input.package.description === 'THROW') setImmediate(() => { throw new Error('uncaught in the worker'); });
  if (input.package.description === 'THROW') return new Promise(() => undefined);
  if (input.package.description === 'HANG') for (;;);
  return renderLabel(input);
});`,
  );
  unloadableWorker = fixture('unloadable.worker.js', `throw new Error('pdfkit is not installed');`);
});
afterAll(() => rmSync(fixtures, { recursive: true, force: true }));

let pools: LabelRenderPool[] = [];
let warn: jest.Mock<void, [string]>;
const createPool = (options: LabelRenderPoolOptions): LabelRenderPool => {
  const pool = new LabelRenderPool({ logger: { warn }, ...options });
  pools.push(pool);
  return pool;
};
beforeEach(() => {
  warn = jest.fn();
});
afterEach(async () => {
  await Promise.all(pools.map((pool) => pool.close()));
  pools = [];
});

/** Polls the pool's state every 10 ms on the real clock (not the one a test may fake), for at most 3,000 tries. */
async function until(condition: () => boolean, what: string): Promise<void> {
  for (let tries = 0; !condition(); tries++) {
    if (tries === 3_000) throw new Error(`${what}: still not so after ${tries} looks`);
    await sleep(10);
  }
}

async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Error) return error;
    throw error;
  }
  throw new Error('expected a rejection, but the render succeeded');
}

describe('LabelRenderPool', () => {
  it('renders on a worker thread exactly the bytes of in-thread rendering: one 288 x 432 pt page, ship date kept', async () => {
    const renderInThread = jest.fn(renderSandboxLabel);
    const pool = createPool({ workers: 1, renderInThread });
    const fromWorker = await pool.render(labelInput());
    const inThread = await renderLabel(labelInput());

    expect(renderInThread).not.toHaveBeenCalled();
    expect(pool.stats).toEqual({ mode: 'workers', workers: 1, busy: 0, queued: 0 });
    expect(Buffer.isBuffer(fromWorker)).toBe(true);
    // Byte-identical: the Date crossed the thread as a Date (it is both the PDF's CreationDate and the printed ship date).
    expect(fromWorker.equals(inThread)).toBe(true);
    const pdf = await PDFDocument.load(fromWorker);
    expect(pdf.getPageCount()).toBe(1);
    expect(pdf.getPage(0).getSize()).toEqual({ width: 288, height: 432 });
    expect(warn).not.toHaveBeenCalled();
  });

  it('resolves 40 concurrent renders on 2 workers, each with its own label', async () => {
    const pool = createPool({ workers: 2 });
    const inputs = Array.from({ length: 40 }, (_, i) => labelInput({ serial: 5000 + i }));
    const pdfs = await Promise.all(inputs.map((input) => pool.render(input)));

    const titles = await Promise.all(pdfs.map(async (pdf) => (await PDFDocument.load(pdf)).getTitle()));
    expect(titles).toEqual(inputs.map((input) => `SAMPLE label ${input.impb.hri} - not postage`));
    expect(pool.stats).toEqual({ mode: 'workers', workers: 2, busy: 0, queued: 0 });
    // Two fresh threads loading pdfkit and bwip-js take seconds on a loaded 2-core machine; this is no speed check.
  }, 30_000);

  it('stops the workers beyond the first once they have rendered nothing for idleWorkerMs, and starts them again for the next burst', async () => {
    // The pool's timers run on a fake clock moved by hand (the workers and their messages stay real): a worker is
    // stopped at idleWorkerMs exactly, neither earlier nor later however slow the machine.
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    try {
      const pool = createPool({ workers: 2, idleWorkerMs: 300 });
      const burst = (from: number) => Promise.all(Array.from({ length: 6 }, (_, i) => pool.render(labelInput({ serial: from + i }))));
      await burst(7000);
      expect(pool.stats.workers).toBe(2);

      jest.advanceTimersByTime(299);
      expect(pool.stats.workers).toBe(2);
      jest.advanceTimersByTime(1);
      expect(pool.stats).toEqual({ mode: 'workers', workers: 1, busy: 0, queued: 0 });

      await burst(7100);
      expect(pool.stats.workers).toBe(2);
    } finally {
      jest.useRealTimers();
    }
  });

  it.each([
    ['exits', 'EXIT', /exit code 3/],
    ['throws an uncaught error', 'THROW', /uncaught in the worker/],
  ])('rejects only the label whose worker %s, replaces the worker and renders the labels after it', async (_how, marker, reason) => {
    const pool = createPool({ workers: 1, workerFile: misbehavingWorker });
    const results = await Promise.allSettled([
      pool.render(labelInput({ serial: 1 })),
      pool.render(labelInput({ serial: 2, description: marker })),
      pool.render(labelInput({ serial: 3 })),
      pool.render(labelInput({ serial: 4 })),
    ]);

    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    const crashed = (results[1] as PromiseRejectedResult).reason as RenderPoolError;
    expect(crashed).toBeInstanceOf(RenderPoolError);
    expect(crashed).toMatchObject({ code: 'WORKER_CRASHED', retryable: true });
    expect(crashed.message).toMatch(reason);
    expect(pool.stats).toMatchObject({ mode: 'workers', workers: 1 });
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/died while rendering/));
  });

  // A label sent with another waits out the pair's timeout, then its own once sent alone. The job timers run on a fake
  // clock, moved once the labels are in a worker's hands: a real label is never timed out by a slow machine.
  it('stops a worker whose label takes longer than the job timeout, rejects that label and keeps rendering', async () => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    try {
      const pool = createPool({ workers: 1, workerFile: misbehavingWorker, jobTimeoutMs: 1_500 });
      const hung = rejection(pool.render(labelInput({ description: 'HANG' })));
      const next = pool.render(labelInput({ serial: 2 }));

      await until(() => pool.stats.busy === 2, 'both labels in the worker');
      jest.advanceTimersByTime(2 * 1_500 - 1);
      expect(pool.stats).toMatchObject({ workers: 1, busy: 2 });
      jest.advanceTimersByTime(1);
      // The pair is sent again label by label, the hung one first, to a new worker.
      await until(() => pool.stats.busy === 1, 'the hung label alone in a new worker');
      jest.advanceTimersByTime(1_500);

      expect(await hung).toMatchObject({ name: 'RenderPoolError', code: 'TIMEOUT' });
      await expect(next).resolves.toBeInstanceOf(Buffer);
      expect(pool.stats).toMatchObject({ mode: 'workers', workers: 1 });
    } finally {
      jest.useRealTimers();
    }
  });

  it('hands a worker several waiting labels in one message and answers each with its own label', async () => {
    const pool = createPool({ workers: 2 });
    const serials = Array.from({ length: 40 }, (_, index) => 100 + index);
    const pdfs = await Promise.all(serials.map((serial) => pool.render(labelInput({ serial, description: `Parcel ${serial}` }))));
    serials.forEach((serial, index) => expect(printedTextRuns(pdfs[index] as Buffer)).toContain(`Parcel ${serial}`));
    expect(pool.stats).toMatchObject({ mode: 'workers', busy: 0, queued: 0 });
  });

  it("rejects with the renderer's own error when the input cannot be rendered, and the worker keeps serving", async () => {
    const pool = createPool({ workers: 1 });
    const error = await rejection(pool.render(labelInput({ barcodeData: 'not an element string' })));

    expect(error).not.toBeInstanceOf(RenderPoolError);
    expect(error.message).toMatch(/AIs must start with '\('/);
    await expect(pool.render(labelInput())).resolves.toBeInstanceOf(Buffer);
    expect(pool.stats).toMatchObject({ mode: 'workers', workers: 1 });
  });

  it('rejects a label at once when maxQueue labels are already waiting', async () => {
    const pool = createPool({ workers: 1, maxQueue: 2 });
    const results = await Promise.allSettled([pool.render(labelInput()), pool.render(labelInput()), pool.render(labelInput())]);

    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled', 'rejected']);
    expect((results[2] as PromiseRejectedResult).reason).toMatchObject({ code: 'QUEUE_FULL' });
  });

  it('renders on the calling thread when its worker file is missing (e.g. a bundled build), and says so once', async () => {
    const pool = createPool({ workers: 2, workerFile: join(fixtures, 'absent.worker.js') });

    expect(pool.stats.mode).toBe('in-thread');
    expect((await pool.render(labelInput())).equals(await renderLabel(labelInput()))).toBe(true);
    expect(pool.stats.workers).toBe(0);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/absent\.worker\.js is missing: rendering labels on the main thread instead/));
  });

  it('falls back to in-thread rendering for waiting and later labels when the worker cannot load its modules', async () => {
    const pool = createPool({ workers: 2, workerFile: unloadableWorker });
    const pdfs = await Promise.all([pool.render(labelInput()), pool.render(labelInput({ serial: 2 }))]);

    expect(pdfs.map((pdf) => pdf.subarray(0, 5).toString('latin1'))).toEqual(['%PDF-', '%PDF-']);
    expect(pool.stats.mode).toBe('in-thread');
    await expect(pool.render(labelInput())).resolves.toBeInstanceOf(Buffer);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/could not start \(pdfkit is not installed\): rendering labels on the main thread/));
  });

  it('renders on the calling thread and starts no thread with 0 workers', async () => {
    const pool = createPool({ workers: 0 });
    await expect(pool.render(labelInput())).resolves.toBeInstanceOf(Buffer);
    expect(pool.stats).toEqual({ mode: 'in-thread', workers: 0, busy: 0, queued: 0 });
    expect(warn).not.toHaveBeenCalled();
  });

  it('close() lets the labels already handed over finish on the workers, then ends every worker; later labels render in-thread', async () => {
    const renderInThread = jest.fn(renderSandboxLabel);
    // The workers are still to start: a close timeout no slow machine reaches, as this is about draining, not timing out.
    const pool = createPool({ workers: 2, renderInThread, closeTimeoutMs: 60_000 });
    const pending = [1, 2, 3].map((serial) => pool.render(labelInput({ serial })));
    expect(pool.stats).toMatchObject({ workers: 2, queued: 3 });

    await pool.close();
    const pdfs = await Promise.all(pending);
    expect(pdfs.every((pdf) => pdf.subarray(0, 5).toString('latin1') === '%PDF-')).toBe(true);
    expect(pool.stats).toEqual({ mode: 'workers', workers: 0, busy: 0, queued: 0 });
    expect(renderInThread).not.toHaveBeenCalled();

    await expect(pool.render(labelInput())).resolves.toBeInstanceOf(Buffer);
    expect(renderInThread).toHaveBeenCalledTimes(1);
    expect(pool.stats.workers).toBe(0);
    await expect(pool.close()).resolves.toBeUndefined();
  });

  it('close() rejects a label still rendering after the close timeout with POOL_CLOSED and ends its worker', async () => {
    const pool = createPool({ workers: 1, workerFile: misbehavingWorker, closeTimeoutMs: 200 });
    await pool.render(labelInput());
    const hung = rejection(pool.render(labelInput({ description: 'HANG' })));
    expect(pool.stats.busy).toBe(1);

    await pool.close();
    expect(await hung).toMatchObject({ name: 'RenderPoolError', code: 'POOL_CLOSED' });
    expect(pool.stats).toMatchObject({ workers: 0, busy: 0, queued: 0 });
  });

  it('refuses a negative or fractional number of workers', () => {
    expect(() => new LabelRenderPool({ workers: -1 })).toThrow(RangeError);
    expect(() => new LabelRenderPool({ workers: 1.5 })).toThrow(RangeError);
  });
});

describe('ownArrayBuffer', () => {
  it('gives a small pooled Buffer its own exactly-sized ArrayBuffer, so that transferring it moves ~3 KB, not the 8 KB pool slab', () => {
    const pooled = Buffer.from('%PDF-1.3 small label');
    expect(pooled.buffer.byteLength).toBeGreaterThan(pooled.length);

    const own = ownArrayBuffer(pooled);
    expect(own.byteLength).toBe(pooled.length);
    expect(Buffer.from(own).equals(pooled)).toBe(true);

    const large = Buffer.alloc(Buffer.poolSize * 2, 7);
    expect(ownArrayBuffer(large)).toBe(large.buffer);
  });
});

// The built service: dist/carriers/sandbox/render-pool.js starts dist/carriers/sandbox/label-render.worker.js as plain
// JavaScript, as in production and in the embedded single process. A missing or stale build is made first (swc, about a
// second), so the check always runs instead of skipping on a fresh clone.
const distDir = join(__dirname, '../../../dist/carriers/sandbox');
const sources = ['render-pool', 'label-render.worker', 'render-worker-protocol'];
const distIsFresh = (): boolean =>
  sources.every((name) => {
    const built = join(distDir, `${name}.js`);
    return existsSync(built) && statSync(built).mtimeMs >= statSync(join(__dirname, `${name}.ts`)).mtimeMs;
  });

describe('LabelRenderPool from the build (dist)', () => {
  beforeAll(() => {
    if (!distIsFresh()) execFileSync(process.execPath, [join(__dirname, '../../../../../scripts/build.mjs'), 'contracts', 'nest-config', 'orders', '--no-web'], { stdio: 'ignore' });
  }, 60_000);

  it('renders on dist/carriers/sandbox/label-render.worker.js the same bytes as in-thread rendering', async () => {
    const built: typeof import('./render-pool') = await import(join(distDir, 'render-pool.js'));
    const pool = new built.LabelRenderPool({ workers: 1, logger: { warn } });
    try {
      const pdf = await pool.render(labelInput());
      expect(pool.stats).toMatchObject({ mode: 'workers', workers: 1 });
      expect(pdf.equals(await renderLabel(labelInput()))).toBe(true);
      expect(warn).not.toHaveBeenCalled();
    } finally {
      await pool.close();
    }
  });
});
