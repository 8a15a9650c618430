// npm run bench:shipments [-- options] — GET /api/v1/shipments for one account with 1,000,000 labels (issue 48,
// "Scale"; results in docs/benchmarks.md, "Shipments list at 1,000,000 labels"). Needs the server builds
// (`npm run build` or `node scripts/build.mjs --no-web`); the distributed mode also PostgreSQL on 127.0.0.1:5432
// (BENCH_POSTGRES_URL, with psql on the PATH) and nats-server.
//
// Each mode: a fresh system (scripts/bench-api/system.mjs); an integrator registers, makes an API key and buys one label
// through the API (scripts/bench-api/shipments-setup.mjs); then --labels labels of theirs are written straight into the
// orders tables as a purchase leaves them (scripts/bench-api/shipments-seed.mjs: the distributed mode's database by
// psql while it runs; the embedded one's PGlite folder while the system is stopped, then it starts again on it), and
// one seeded label must read with the same fields as the bought one. Then each load below, one after the other, at
// --rate requests a second (open loop: a late answer is charged from when its request was due) for --duration
// seconds after a --warmup, with the API key (`Authorization: Bearer`), pages of --limit. A request counts only as a
// 200 with a non-empty `data`; any other answer makes the exit status 1.
//   first          the newest page
//   deep           a page after a cursor deep in the list (20 cursors, from the 5th to the 95th percentile of age)
//   status         status=cancelled (1 label in 50), the newest page
//   status-deep    status=completed after a deep cursor
//   created        created_gte/created_lt: a 30-day window somewhere in the year, its newest page
//   created-deep   the same windows after a cursor in their middle
//   reference      reference=ORD-… : one label (500 different ones, round robin)          target ≤ 50 ms
//   tracking       tracking_number=… : one label (500 different ones)                     target ≤ 50 ms
// Page targets (issue 48): p99 ≤ 100 ms at 50 requests a second, in the distributed mode (the embedded one is stated).
// The machine-speed probe (scripts/bench-api/machine-speed.mjs) runs before each mode: compare results only at close
// machine speeds.
//
// Options:
//   --mode embedded|distributed|both  (both)         --labels N   labels seeded (1000000)
//   --only first,deep,…  (all)                        --rate N     requests a second (50)
//   --duration S  measured seconds per load (30)      --warmup S   seconds before it, the first half a ramp (6)
//   --limit N     page size (100)                     --days N     the labels' spread in days, up to now (365)
//   --port N      the gateway's port (a free one); the distributed mode's NATS takes N+1
//   --json FILE   machine-readable results
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { randomUUID } from 'node:crypto';
import { leadingComment, listOf, numberAtLeast, oneOf, parseOptions } from './bench-api/cli-options.mjs';
import { machineSpeed } from './bench-api/machine-speed.mjs';
import { runLoad } from './bench-api/load.mjs';
import { ANALYZE_SQL, seededLabel, seedFileSql, seedSliceSql } from './bench-api/shipments-seed.mjs';
import { api } from './bench-api/setup.mjs';
import { bearer, setUpIntegrator, shapeOf } from './bench-api/shipments-setup.mjs';
import { cpuMs, startDistributed, startEmbedded } from './bench-api/system.mjs';

const LOADS = ['first', 'deep', 'status', 'status-deep', 'created', 'created-deep', 'reference', 'tracking'];
const LOOKUPS = new Set(['reference', 'tracking']);
const TARGET_MS = { page: 100, lookup: 50 };
const SLICE = 50_000;
const POSTGRES = process.env.BENCH_POSTGRES_URL ?? 'postgresql://postgres@127.0.0.1:5432';

const FLAGS = {
  '--mode': ['mode', oneOf(['embedded', 'distributed', 'both'])],
  '--only': ['only', listOf(LOADS)],
  '--labels': ['labels', numberAtLeast(1_000, { whole: true })],
  '--rate': ['rate', numberAtLeast(1)],
  '--duration': ['duration', numberAtLeast(1)],
  '--warmup': ['warmup', numberAtLeast(0)],
  // 100 is the API's largest page.
  '--limit': ['limit', (text, flag) => Math.min(100, numberAtLeast(1, { whole: true })(text, flag))],
  '--days': ['days', numberAtLeast(1)],
  '--port': ['port', numberAtLeast(1, { whole: true })],
  '--json': ['json', (text) => resolve(text)],
};
const DEFAULTS = { mode: 'both', only: [...LOADS], labels: 1_000_000, rate: 50, duration: 30, warmup: 6, limit: 100, days: 365, port: null, json: null };

const seconds = (since) => Math.round((performance.now() - since) / 100) / 10;

/**
 * Runs SQL on the distributed mode's database; rejects with psql's message. Asynchronous: a synchronous child would
 * stop this process's event loop for the whole seed, and fetch would then reuse a keep-alive connection the gateway
 * closed meanwhile ("other side closed").
 */
const psql = (database, sql) =>
  new Promise((resolvePsql, reject) => {
    const child = spawn('psql', [`${POSTGRES}/${database}`, '-v', 'ON_ERROR_STOP=1', '-qAt'], { stdio: ['pipe', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.stdout.resume();
    child.once('error', reject);
    child.once('close', (code) => (code === 0 ? resolvePsql() : reject(new Error(`psql: ${stderr || `exit ${code}`}`))));
    child.stdin.end(sql);
  });

/** Writes the labels in slices, reporting progress: `exec(sql)` runs one statement list. Returns the seconds taken. */
const seed = async (exec, seedPlan) => {
  const started = performance.now();
  await exec(seedFileSql(seedPlan.userId, seedPlan.fileId));
  for (let from = 1; from <= seedPlan.count; from += SLICE) {
    const to = Math.min(seedPlan.count, from + SLICE - 1);
    await exec(seedSliceSql({ ...seedPlan, from, to }));
    process.stdout.write(`\r  seeding: ${to.toLocaleString('en-US')} of ${seedPlan.count.toLocaleString('en-US')} labels, ${seconds(started)} s`);
  }
  await exec(ANALYZE_SQL);
  process.stdout.write(`\r  seeded ${seedPlan.count.toLocaleString('en-US')} labels in ${seconds(started)} s (analysed)                 \n`);
  return seconds(started);
};

/** The embedded mode's PGlite folder, filled while no system holds it. */
const seedEmbeddedFolder = async (dataDir, seedPlan) => {
  const { PGlite } = await import('@electric-sql/pglite');
  const db = await PGlite.create(join(dataDir, 'pgdata'));
  try {
    return await seed((sql) => db.exec(sql), seedPlan);
  } finally {
    await db.close();
  }
};

/** Evenly spread picks of `count` items out of 1..n that satisfy `keep`. */
const spread = (n, count, keep) => {
  const picked = [];
  const step = Math.max(1, Math.floor(n / count));
  for (let i = 1 + Math.floor(step / 3); i <= n && picked.length < count; i += step) {
    for (let j = i; j < Math.min(n + 1, i + step); j++) {
      if (keep(j)) {
        picked.push(j);
        break;
      }
    }
  }
  return picked;
};

/**
 * Each load's requests, asked of the running system where they need a cursor (a page's next_cursor, as an integrator
 * gets it: a page of `created_lt` at that label's time gives the cursor after it).
 */
const buildLoads = async (base, key, options, seedPlan) => {
  const call = api(base);
  const label = (i) => seededLabel(i, seedPlan);
  const list = (query) => `/v1/shipments?${new URLSearchParams({ limit: String(options.limit), ...query })}`;
  const cursorAt = async (i) => {
    const page = await call('GET', list({ created_lt: label(i).createdAt.toISOString() }), { headers: bearer(key) });
    if (!page.next_cursor) throw new Error(`no next_cursor after label ${i}`);
    return page.next_cursor;
  };
  const n = seedPlan.count;
  const deepAt = Array.from({ length: 20 }, (_, k) => Math.max(1, Math.round(n * (0.05 + (0.9 * (19 - k)) / 19))));
  const deepCursors = [];
  for (const i of deepAt) deepCursors.push(await cursorAt(i));
  // 30-day windows, 10 of them, through the year (or whatever --days spans), and a cursor in each one's middle.
  const windowMs = Math.min(30, seedPlan.days / 4) * 86_400_000;
  const windows = Array.from({ length: 10 }, (_, k) => {
    const end = new Date(seedPlan.endAt.getTime() - ((k + 0.5) / 10) * (seedPlan.days * 86_400_000 - windowMs));
    return { created_gte: new Date(end.getTime() - windowMs).toISOString(), created_lt: end.toISOString() };
  });
  const windowCursors = [];
  for (const w of windows) {
    const middle = new Date((Date.parse(w.created_gte) + Date.parse(w.created_lt)) / 2);
    const page = await call('GET', list({ ...w, created_lt: middle.toISOString() }), { headers: bearer(key) });
    windowCursors.push({ ...w, cursor: page.next_cursor });
  }
  const references = spread(n, 500, (i) => label(i).reference !== null).map((i) => label(i).reference);
  const trackingNumbers = spread(n, 500, (i) => label(i).trackingNumber !== null).map((i) => label(i).trackingNumber);
  const get = (path) => ({ method: 'GET', path, headers: bearer(key) });
  return {
    first: [get(list({}))],
    deep: deepCursors.map((cursor) => get(list({ cursor }))),
    status: [get(list({ status: 'cancelled' }))],
    'status-deep': deepCursors.map((cursor) => get(list({ status: 'completed', cursor }))),
    created: windows.map((w) => get(list(w))),
    'created-deep': windowCursors.map((w) => get(list(w))),
    reference: references.map((reference) => get(list({ reference }))),
    tracking: trackingNumbers.map((tracking_number) => get(list({ tracking_number }))),
  };
};

/** The seeded label `i` read through the API must have the bought one's fields, and what the seed gave it. */
const checkSeeded = async (base, key, bought, seedPlan) => {
  const call = api(base);
  const i = seedPlan.count - 10;
  const expected = seededLabel(i, seedPlan);
  const page = await call('GET', `/v1/shipments?reference=${encodeURIComponent(expected.reference ?? '')}`, { headers: bearer(key) }).catch(() => null);
  const byTracking = await call('GET', `/v1/shipments?tracking_number=${encodeURIComponent(expected.trackingNumber)}`, { headers: bearer(key) });
  const seeded = byTracking.data[0];
  if (!seeded) throw new Error(`seeded label ${i} (${expected.trackingNumber}) is not found by its tracking number`);
  if (expected.reference && page?.data[0]?.id !== seeded.id) throw new Error(`seeded label ${i} is not found by its reference ${expected.reference}`);
  const [mine, theirs] = [shapeOf(seeded).join(','), shapeOf(bought).join(',')];
  if (mine !== theirs) throw new Error(`a seeded label reads with other fields than a bought one:\n  seeded ${mine}\n  bought ${theirs}`);
  if (seeded.status !== 'completed' || seeded.label_state !== 'purchased') throw new Error(`seeded label ${i} reads as ${seeded.status}/${seeded.label_state}`);
};

const runMode = async (mode, options) => {
  const speed = machineSpeed();
  const out = { mode, labels: options.labels, machineSpeed: speed, loadAverage: { before: Math.round(loadavg()[0] * 100) / 100 }, loads: {} };
  console.log(`\n[${mode}] machine speed: ${speed.minMs} ms fastest, ${speed.medianMs} ms median (lower is faster); load average ${out.loadAverage.before}`);
  const dataDir = mode === 'embedded' ? mkdtempSync(join(tmpdir(), 'bench-shipments-')) : null;
  const startOnce = () => (mode === 'embedded' ? startEmbedded({ dataDir, port: options.port ?? undefined }) : startDistributed({ port: options.port ?? undefined, natsPort: options.port ? options.port + 1 : undefined }));
  // A build writing dist/ at that moment (a shared checkout) fails a start: tried three times, 20 s apart.
  const start = async () => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await startOnce();
      } catch (error) {
        if (attempt === 3) throw error;
        console.log(`  the system did not start (${String(error.message).split('\n')[0]}); again in 20 s`);
        await new Promise((resolveWait) => setTimeout(resolveWait, 20_000));
      }
    }
  };
  let system = await start();
  try {
    console.log(`  healthy in ${system.startMs} ms`);
    const integrator = await setUpIntegrator(system.base);
    const seedPlan = { userId: integrator.userId, fileId: randomUUID(), count: options.labels, endAt: new Date(Date.now() - 60_000), days: options.days };
    if (mode === 'embedded') {
      await system.stop();
      system = null;
      out.seedSeconds = await seedEmbeddedFolder(dataDir, seedPlan);
      system = await start();
      console.log(`  started again on the filled folder, healthy in ${system.startMs} ms`);
    } else {
      out.seedSeconds = await seed((sql) => psql(system.database, sql), seedPlan);
    }
    await checkSeeded(system.base, integrator.key, integrator.bought, seedPlan);
    const requests = await buildLoads(system.base, integrator.key, options, seedPlan);
    for (const load of options.only) {
      process.stdout.write(`  ${load.padEnd(13)} `);
      // The server's CPU (every process, and in the distributed mode the database's backends) over the measured
      // window, per answered request: what a request costs, whatever else the machine was doing.
      const serverCpu = () => {
        const byProcess = Object.fromEntries(system.processes().map((p) => [p.name, cpuMs(p.pid) ?? 0]));
        // Each backend apart: the pool may close one and open another within the window.
        for (const pid of system.databaseBackends?.() ?? []) byProcess[`postgres:${pid}`] = cpuMs(pid) ?? 0;
        return byProcess;
      };
      const window = {};
      const result = await runLoad({
        base: `${system.base}/api`,
        connections: 8,
        idleMs: 3_000,
        mode: 'open',
        rate: options.rate,
        warmupS: options.warmup,
        rampS: options.warmup / 2,
        durationS: options.duration,
        timeoutMs: 10_000,
        requests: requests[load],
        expect: { status: 200, nonEmpty: 'data' },
      }, { onPhase: (phase) => (window[phase] = serverCpu()) });
      const target = LOOKUPS.has(load) ? TARGET_MS.lookup : TARGET_MS.page;
      const perRequest = (ms) => Math.round((ms / Math.max(1, result.ok)) * 100) / 100;
      // A process gone by the end is left out; one started within the window counts from nothing. Backends are summed.
      const spent = {};
      for (const [key, ms] of Object.entries(window.end ?? {})) {
        const name = key.split(':')[0];
        spent[name] = (spent[name] ?? 0) + ms - (window.measure?.[key] ?? 0);
      }
      const cpuByProcess = window.measure ? Object.fromEntries(Object.entries(spent).map(([name, ms]) => [name, perRequest(ms)])) : {};
      const cpuMsPerRequest = window.end ? Math.round(Object.values(cpuByProcess).reduce((a, b) => a + b, 0) * 10) / 10 : null;
      out.loads[load] = { ...result, target, cpuMsPerRequest, cpuMsPerRequestByProcess: cpuByProcess, loadAverage: Math.round(loadavg()[0] * 100) / 100 };
      const errors = result.errorCount ? `, ${result.errorCount} errors (${Object.entries(result.errors).map(([k, v]) => `${k}: ${v}`).join(', ')})` : '';
      const verdict = result.latency.p99 <= target ? 'ok' : 'MISSED';
      console.log(`${result.throughput}/s, p50 ${result.latency.p50} p95 ${result.latency.p95} p99 ${result.latency.p99} max ${result.latency.max} ms (p99 target ≤ ${target} ms: ${verdict}), server CPU ${cpuMsPerRequest} ms a request (${Object.entries(cpuByProcess).map(([n, ms]) => `${n} ${ms}`).join(', ')}), load average ${out.loads[load].loadAverage}${errors}`);
    }
  } finally {
    out.loadAverage.after = Math.round(loadavg()[0] * 100) / 100;
    await system?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
  return out;
};

const main = async () => {
  const options = parseOptions(process.argv.slice(2), DEFAULTS, FLAGS, leadingComment(import.meta.url));
  const modes = options.mode === 'both' ? ['distributed', 'embedded'] : [options.mode];
  // The API key's rate limit is a customer's protection, not what is measured here.
  process.env.API_KEY_RATE_LIMIT_PER_MINUTE ??= '100000';
  console.log(`bench:shipments: ${options.labels.toLocaleString('en-US')} labels over ${options.days} days, ${options.rate} requests a second for ${options.duration} s a load, pages of ${options.limit}`);
  const results = [];
  for (const mode of modes) results.push(await runMode(mode, options));
  console.log('\nmode         load           p50     p95     p99     max  target   errors  server CPU ms/request');
  for (const r of results) {
    for (const [load, x] of Object.entries(r.loads)) {
      const cell = (v) => String(v).padStart(7);
      console.log(`${r.mode.padEnd(12)} ${load.padEnd(13)}${cell(x.latency.p50)} ${cell(x.latency.p95)} ${cell(x.latency.p99)} ${cell(x.latency.max)}  ${x.latency.p99 <= x.target ? 'met   ' : 'MISSED'}   ${String(x.errorCount).padEnd(6)}  ${x.cpuMsPerRequest}`);
    }
    console.log(`${r.mode.padEnd(12)} machine speed ${r.machineSpeed.minMs}/${r.machineSpeed.medianMs} ms, load average ${r.loadAverage.before} → ${r.loadAverage.after}, seeded in ${r.seedSeconds} s`);
  }
  if (options.json) writeFileSync(options.json, `${JSON.stringify({ options, results }, null, 2)}\n`);
  const failed = results.some((r) => Object.values(r.loads).some((x) => x.errorCount > 0));
  process.exit(failed ? 1 : 0);
};

main().catch((error) => {
  console.error(error instanceof Error ? error.stack : error, error?.cause ?? '');
  process.exit(1);
});
