// node scripts/bench-render.mjs [labels] — label PDF rendering on the main thread vs in a LabelRenderPool.
// Needs the compiled orders service first: `node scripts/build.mjs orders --no-web`.
//
// For each mode (in-thread, 1 worker, 2 workers) it renders N sandbox labels (default 2,000; env LABELS or the
// first argument) with up to CONCURRENCY (default 32) in flight, after a warm-up that also starts the workers, and
// prints wall time, labels/s, how busy the main thread was (event-loop utilisation), the CPU time of the whole
// process (every thread) per label, and how late a 5 ms timer on the main thread fired (p99 and worst).
// With MAIN_LOAD_MS > 0 (default 0), the main thread also burns that much CPU per label, standing in for the
// request handling and the embedded database (PGlite runs on the main thread) that compete with the workers.
// RUNS (default 3) repeats every mode; the best run of each (least disturbed by other load) is printed last.
import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

const root = new URL('..', import.meta.url).pathname;
const sandboxDist = join(root, 'services/orders/dist/carriers/sandbox');
const require = createRequire(import.meta.url);

if (!existsSync(join(sandboxDist, 'render-pool.js'))) {
  console.error(`${join(sandboxDist, 'render-pool.js')} is missing: run \`node scripts/build.mjs orders --no-web\` first`);
  process.exit(1);
}
const { renderLabel } = require(join(sandboxDist, 'label-renderer.js'));
const { LabelRenderPool } = require(join(sandboxDist, 'render-pool.js'));
const { buildImpb, SANDBOX_CHANNEL, SANDBOX_TEST_MAILER_ID } = require(join(sandboxDist, 'impb.js'));
const { SANDBOX_SERVICES } = require(join(sandboxDist, 'sandbox-services.js'));

const labels = Number(process.argv[2] ?? process.env.LABELS ?? 2_000);
const concurrency = Number(process.env.CONCURRENCY ?? 32);
const mainLoadMs = Number(process.env.MAIN_LOAD_MS ?? 0);
const runs = Number(process.env.RUNS ?? 3);

const destinations = [
  { name: 'Jane Doe', company: null, street1: '350 Fifth Avenue', street2: 'Suite 4200', city: 'New York', state: 'NY', zip: '10118' },
  { name: 'Maximilian Alexander Montgomery', company: 'Northwest Regional Medical Supply', street1: '12345 North Johnson Creek Boulevard', street2: 'Apartment 1205', city: 'Rancho Santa Margarita', state: 'CA', zip: '92688-1234' },
  { name: 'Carlos Ruiz', company: null, street1: '1600 Pennsylvania Ave NW', street2: null, city: 'Washington', state: 'DC', zip: '20500' },
];

const labelInput = (i) => {
  const service = SANDBOX_SERVICES[i % SANDBOX_SERVICES.length];
  const to = { phone: null, country: 'US', ...destinations[i % destinations.length] };
  const [zip5, zip4] = to.zip.split('-');
  return {
    service,
    from: { name: 'Acme Widgets Fulfillment', company: null, phone: null, street1: '1200 Industrial Parkway', street2: null, city: 'Columbus', state: 'OH', zip: '43215', country: 'US' },
    to,
    package: { lengthIn: 12, widthIn: 10, heightIn: 4, weightLb: 0.5 + (i % 40), description: 'Blue widget, large', reference1: String(1 + (i % 5)), reference2: `WID-${String(i).padStart(5, '0')}` },
    impb: buildImpb({ zip5, zip4, channel: SANDBOX_CHANNEL, serviceTypeCode: service.serviceTypeCode, mailerId: SANDBOX_TEST_MAILER_ID, serial: 1_000 + i }),
    shipDate: new Date(),
  };
};

/** Busy-waits `ms` on this thread: stands in for main-thread work (queries, JSON, HTTP) per label. */
const burn = (ms) => {
  const until = performance.now() + ms;
  while (performance.now() < until);
};

/** Renders `count` labels with at most `concurrency` in flight; resolves to the total PDF bytes. */
const renderAll = async (render, count) => {
  let next = 0;
  let bytes = 0;
  const lane = async () => {
    while (next < count) {
      const i = next++;
      const pdf = await render(labelInput(i));
      bytes += pdf.length;
      if (mainLoadMs > 0) burn(mainLoadMs);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, lane));
  return bytes;
};

/**
 * How late a 5 ms timer fires, sampled the whole time: the main thread's responsiveness. (monitorEventLoopDelay
 * records nothing while the loop never turns, which is what in-thread rendering does.)
 */
const lateness = () => {
  const late = [];
  let expected = performance.now() + 5;
  let timer;
  const tick = () => {
    const now = performance.now();
    late.push(Math.max(0, now - expected));
    expected = now + 5;
    timer = setTimeout(tick, 5);
  };
  timer = setTimeout(tick, 5);
  return () => {
    clearTimeout(timer);
    late.push(Math.max(0, performance.now() - expected));
    late.sort((a, b) => a - b);
    return { p99: late[Math.min(late.length - 1, Math.ceil(late.length * 0.99) - 1)], max: late[late.length - 1], ticks: late.length };
  };
};

const measure = async (name, render) => {
  await renderAll(render, 50); // warm-up: JIT, font metrics, worker start
  const stopLateness = lateness();
  const elu0 = performance.eventLoopUtilization();
  const cpu0 = process.cpuUsage();
  const started = performance.now();
  const bytes = await renderAll(render, labels);
  const ms = performance.now() - started;
  const elu = performance.eventLoopUtilization(elu0);
  const cpu = process.cpuUsage(cpu0);
  const late = stopLateness();
  return {
    mode: name,
    ms: Math.round(ms),
    labelsPerSecond: Math.round((labels / ms) * 1000),
    mainThreadBusy: `${Math.round(elu.utilization * 100)}%`,
    cpuMsPerLabel: Math.round(((cpu.user + cpu.system) / 1000 / labels) * 100) / 100,
    timerLateP99Ms: Math.round(late.p99 * 10) / 10,
    timerLateMaxMs: Math.round(late.max * 10) / 10,
    timerTicks: late.ticks,
    kbPerLabel: Math.round((bytes / labels / 1024) * 10) / 10,
  };
};

const modes = [
  ['in-thread', () => ({ render: renderLabel, close: async () => undefined })],
  ['1 worker', () => new LabelRenderPool({ workers: 1, maxQueue: concurrency })],
  ['2 workers', () => new LabelRenderPool({ workers: 2, maxQueue: concurrency })],
];

console.log(`${labels} labels, ${concurrency} in flight, main-thread load ${mainLoadMs} ms/label, ${availableParallelism()} cores, Node ${process.version}`);
const best = new Map();
for (let run = 1; run <= runs; run++) {
  for (const [name, create] of modes) {
    const pool = create();
    const startedAt = performance.now();
    if (pool instanceof LabelRenderPool) await pool.render(labelInput(0));
    const startMs = Math.round(performance.now() - startedAt);
    const result = await measure(name, (input) => pool.render(input));
    await pool.close();
    console.log(`run ${run}: ${JSON.stringify({ ...result, firstLabelMs: startMs })}`);
    if (!best.has(name) || best.get(name).ms > result.ms) best.set(name, result);
  }
}
console.log('best of each:');
console.table([...best.values()]);
