// npm run bench:api [-- options] — the API under load, in the embedded and the distributed mode (issue targets in
// docs/benchmarks.md, "API under load"). Needs the server builds: `node scripts/build.mjs --no-web` (or `npm run build`);
// the distributed mode also needs PostgreSQL on 127.0.0.1:5432 (BENCH_POSTGRES_URL) and nats-server.
//
// Each run starts a fresh system on free ports (scripts/bench-api/system.mjs), sets it up through the REST API
// (scripts/bench-api/setup.mjs: an admin, a buyer with balance, a lister with 200 bought labels), then loads it from
// a forked process (scripts/bench-api/load-worker.mjs) over loopback with keep-alive connections:
//   quote    POST /api/orders/price/v2/bulk, one shipment      open loop at 1,000 req/s   p99 ≤ 20 ms
//   rates    POST /api/rates, one parcel, cached (issue 45)    open loop at 200 req/s     p95 ≤ 20 ms
//   verify   GET /api/auth/verify                               open loop at 1,000 req/s   p99 ≤ 20 ms
//   list     GET /api/orders/:userId, a user with 200 orders    open loop at 300 req/s     ≥ 300 req/s
//   label    POST /api/orders/v2, one label after the other     closed loop, concurrency 1 p95 ≤ 15 ms (distributed 25)
//   labels8  POST /api/orders/v2, 8 buyers at once              closed loop, concurrency 8 ≥ 100 labels/s
//   memory   RSS of every server process at idle after the setup and after the loads (+ a settle)  ≤ +20%
// Open loop: request i is due at i/rate and its latency runs from that moment (a late server is charged for the
// queue it makes); a warm-up precedes each measured window (open loop: its rate ramps from 0 to the target, then
// holds it until the window opens; closed loop: the ramp's seconds). The
// table gives the median of the runs. The rates load counts an answer only if it is a 200 with a non-empty `rates`
// list (the setup asks once first, which fills orders' 5-minute cache); any other answer in any run makes the exit
// status 1.
//
// Options:
//   --mode embedded|distributed|both   (both)
//   --only quote,rates,verify,list,label,labels8,memory   (all)
//   --rate N | --rate quote=N,rates=N,verify=N,list=N   open-loop rates (1000, 200, 1000, 300)
//   --duration S   measured seconds per benchmark (10)      --warmup S   open-loop seconds before it (8)
//   --ramp S       the warm-up's first seconds, whose rate grows from 0 to the target; a closed loop's warm-up (3)
//   --runs N       fresh systems per mode (3), median reported
//   --connections N   client keep-alive connections (64)    --timeout MS   per request (10000)
//   --json FILE    machine-readable results
//   --cpu-timeline every server process's CPU per second of each open-loop window (`cpuBySecond` in --json), read every
//                  100 ms: which process took the machine in a slow second
//   --cpu-prof DIR every server process under `node --cpu-prof`; prints each one's profile summary per benchmark after a run
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { machineSpeed } from './bench-api/machine-speed.mjs';
import { runLoad } from './bench-api/load.mjs';
import { formatSummary, summarizeProfile } from './bench-api/profile-summary.mjs';
import { quoteBody, ratesBody, setUp, singleOrder } from './bench-api/setup.mjs';
import { median } from './bench-api/stats.mjs';
import { cpuMs, memoryMiB, startDistributed, startEmbedded } from './bench-api/system.mjs';

/** Idle time after the loads before memory is read for the verdict (V8's memory reducer needs some). */
const SETTLE_MS = 40_000;
const BENCHES = ['quote', 'rates', 'verify', 'list', 'label', 'labels8', 'memory'];
const LOADS = BENCHES.filter((b) => b !== 'memory');
const LIST_ORDERS = 200;
const TARGETS = {
  quote: { rate: 1000, p99: 20, text: '≥1,000/s, p99 ≤20 ms' },
  rates: { rate: 200, p95: 20, text: '200/s, p95 ≤20 ms' },
  verify: { rate: 1000, p99: 20, text: '≥1,000/s, p99 ≤20 ms' },
  list: { rate: 300, text: '≥300/s' },
  label: { p95: { embedded: 15, distributed: 25 } },
  labels8: { throughput: 100, text: '≥100/s' },
  memory: { ratio: 1.2, text: 'after ≤ idle +20%' },
};
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const usage = () => {
  const text = readFileSync(new URL(import.meta.url), 'utf8').split('\n');
  return text.slice(0, text.findIndex((l) => l.startsWith('import'))).map((l) => l.replace(/^\/\/ ?/, '')).join('\n');
};

const parseArgs = (argv) => {
  const options = { mode: 'both', only: [...BENCHES], rates: { quote: TARGETS.quote.rate, rates: TARGETS.rates.rate, verify: TARGETS.verify.rate, list: TARGETS.list.rate }, duration: 10, warmup: 8, ramp: 3, runs: 3, connections: 64, timeout: 10_000, json: null, cpuProf: null, cpuTimeline: false };
  const number = (name, value, min) => {
    const n = Number(value);
    if (!Number.isFinite(n) || n < min) throw new Error(`${name} must be a number ≥ ${min}, got ${value}`);
    return n;
  };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split(/=(.*)/s, 2);
    const value = () => inline ?? argv[++i];
    switch (flag) {
      case '--mode':
        options.mode = value();
        if (!['embedded', 'distributed', 'both'].includes(options.mode)) throw new Error(`--mode must be embedded, distributed or both, got ${options.mode}`);
        break;
      case '--only':
        options.only = value().split(',').map((s) => s.trim()).filter(Boolean);
        for (const b of options.only) if (!BENCHES.includes(b)) throw new Error(`--only: unknown benchmark ${b} (known: ${BENCHES.join(', ')})`);
        break;
      case '--rate': {
        const v = value();
        if (/^[\d.]+$/.test(v)) for (const b of Object.keys(options.rates)) options.rates[b] = number('--rate', v, 1);
        else
          for (const part of v.split(',')) {
            const [name, rate] = part.split('=');
            if (!(name in options.rates)) throw new Error(`--rate: ${name} is not an open-loop benchmark (${Object.keys(options.rates).join(', ')})`);
            options.rates[name] = number(`--rate ${name}`, rate, 1);
          }
        break;
      }
      case '--duration':
        options.duration = number('--duration', value(), 0.5);
        break;
      case '--warmup':
        options.warmup = number('--warmup', value(), 0);
        break;
      case '--cpu-timeline':
        options.cpuTimeline = true;
        break;
      case '--ramp':
        options.ramp = number('--ramp', value(), 0);
        break;
      case '--runs':
        options.runs = Math.round(number('--runs', value(), 1));
        break;
      case '--connections':
        options.connections = Math.round(number('--connections', value(), 1));
        break;
      case '--timeout':
        options.timeout = number('--timeout', value(), 100);
        break;
      case '--json':
        options.json = resolve(value());
        break;
      case '--cpu-prof':
        options.cpuProf = resolve(value());
        break;
      case '--help':
      case '-h':
        console.log(usage());
        process.exit(0);
        break;
      default:
        throw new Error(`unknown option ${argv[i]} (--help lists them)`);
    }
  }
  return options;
};

/** The load of one benchmark for the load worker. */
const loadSpec = (bench, system, users, options) => {
  const common = { base: `${system.base}/api`, connections: options.connections, warmupS: options.warmup, rampS: Math.min(options.ramp, options.warmup), durationS: options.duration, timeoutMs: options.timeout };
  const buyer = { token: users.buyer.token };
  switch (bench) {
    case 'quote':
      return { ...common, mode: 'open', rate: options.rates.quote, requests: [{ method: 'POST', path: '/orders/price/v2/bulk', headers: buyer, body: quoteBody(users.buyer.id) }] };
    case 'rates':
      return { ...common, mode: 'open', rate: options.rates.rates, requests: [{ method: 'POST', path: '/rates', headers: buyer, body: ratesBody(users.buyer.id) }], expect: { status: 200, nonEmpty: 'rates' } };
    case 'verify':
      return { ...common, mode: 'open', rate: options.rates.verify, requests: [{ method: 'GET', path: '/auth/verify', headers: buyer }] };
    case 'list':
      return { ...common, mode: 'open', rate: options.rates.list, requests: [{ method: 'GET', path: `/orders/${encodeURIComponent(users.lister.id)}`, headers: { token: users.lister.token } }] };
    case 'label':
    case 'labels8': {
      const requests = Array.from({ length: 30 }, (_, i) => ({ method: 'POST', path: '/orders/v2', headers: buyer, body: singleOrder(users.buyer.id, i) }));
      // A closed loop cannot build a queue: it warms up for the ramp's seconds only.
      return { ...common, warmupS: common.rampS, mode: 'closed', concurrency: bench === 'label' ? 1 : 8, idempotencyKey: true, requests };
    }
    default:
      throw new Error(`no load for ${bench}`);
  }
};

/** CPU milliseconds each process spent between two snapshots (a process gone in either is left out). */
const cpuSpent = (before, after) => {
  const spent = {};
  for (const [name, from] of Object.entries(before.cpu)) {
    const to = after.cpu[name];
    if (from !== null && to !== null && to !== undefined) spent[name] = to - from;
  }
  return spent;
};

/** Runs one load, reading the server processes' CPU time when the measured window opens and closes. */
const measureLoad = async (bench, system, users, options) => {
  const spec = loadSpec(bench, system, users, options);
  const marks = {};
  const snapshot = () => {
    const cpu = Object.fromEntries(system.processes().map((p) => [p.name, cpuMs(p.pid)]));
    // The distributed mode's database is the machine's PostgreSQL: its backends for this database are counted too.
    const backends = system.databaseBackends?.() ?? [];
    if (backends.length) cpu.postgres = backends.reduce((sum, pid) => sum + (cpuMs(pid) ?? 0), 0);
    return { at: performance.now(), cpu };
  };
  // --cpu-timeline: every process's CPU per second of the window, read every 100 ms, to line up with `timeline`.
  const cpuBySecond = [];
  let sampler = null;
  const result = await runLoad(spec, {
    onPhase: (phase, hrUs) => {
      marks[phase] = { ...snapshot(), hrUs };
      if (phase === 'measure' && options.cpuTimeline) {
        let previous = marks.measure;
        sampler = setInterval(() => {
          const now = snapshot();
          const second = Math.floor((now.at - marks.measure.at) / 1000);
          const slot = (cpuBySecond[second] ??= { second, ms: {} });
          for (const [name, ms] of Object.entries(cpuSpent(previous, now))) slot.ms[name] = Math.round((slot.ms[name] ?? 0) + ms);
          previous = now;
        }, 100);
      }
      if (phase === 'end') clearInterval(sampler);
    },
  });
  clearInterval(sampler);
  const serverCpu = {};
  if (marks.measure && marks.end) {
    const wall = marks.end.at - marks.measure.at;
    for (const [name, ms] of Object.entries(cpuSpent(marks.measure, marks.end))) serverCpu[name] = Math.round((ms / wall) * 100);
  }
  return {
    bench,
    loop: spec.mode,
    offered: spec.mode === 'open' ? spec.rate : null,
    concurrency: spec.concurrency ?? null,
    ...result,
    serverCpuPercent: Object.values(serverCpu).reduce((a, b) => a + b, 0),
    serverCpuByProcess: serverCpu,
    window: marks.measure && marks.end ? { fromUs: marks.measure.hrUs, toUs: marks.end.hrUs } : null,
    ...(options.cpuTimeline ? { cpuBySecond: cpuBySecond.filter(Boolean) } : {}),
  };
};

const memorySnapshot = (system) => Object.fromEntries(system.processes().map((p) => [p.name, memoryMiB(p.pid)]));

let current = null;

/** One run: a fresh system, the setup, the selected loads, memory before and after. */
const runOnce = async (mode, run, options) => {
  const startedProfiles = options.cpuProf ? Date.now() : null;
  const loadBefore = loadavg()[0];
  process.stdout.write(`\n[${mode} run ${run}] starting… `);
  const system = mode === 'embedded' ? await startEmbedded({ cpuProfDir: options.cpuProf ?? undefined }) : await startDistributed({ cpuProfDir: options.cpuProf ?? undefined });
  current = system;
  const out = { mode, run, startMs: system.startMs, loadAverage: { before: Math.round(loadBefore * 100) / 100 }, benches: {} };
  try {
    process.stdout.write(`healthy in ${system.startMs} ms; setting up… `);
    const wantsList = options.only.includes('list');
    const users = await setUp(system.base, { listOrders: wantsList ? LIST_ORDERS : 0, rates: options.only.includes('rates') });
    out.setup = { listOrders: users.listed, listSetupMs: users.listSetupMs, warmedRates: users.warmedRates, processes: system.processes() };
    const warmed = users.warmedRates === null ? '' : ` ${users.warmedRates} rates warmed.`;
    process.stdout.write(wantsList ? `${users.listed} orders bought in ${users.listSetupMs} ms.${warmed}\n` : `done.${warmed}\n`);
    const wantsMemory = options.only.includes('memory');
    let idle = null;
    if (wantsMemory) {
      await sleep(3_000);
      idle = memorySnapshot(system);
    }
    const loads = LOADS.filter((b) => options.only.includes(b));
    // Memory alone still needs a load between its two readings: the quote load.
    if (wantsMemory && loads.length === 0) loads.push('quote');
    for (const bench of loads) {
      // What an overloaded previous load left in flight on the server (at most a connection's worth) finishes first.
      await sleep(2_000);
      process.stdout.write(`  ${bench}… `);
      const result = await measureLoad(bench, system, users, options);
      out.benches[bench] = result;
      const errors = result.errorCount ? `, ${result.errorCount} errors (${Object.entries(result.errors).map(([k, v]) => `${k}: ${v}`).join(', ')})` : '';
      process.stdout.write(`${result.throughput}/s, p50 ${result.latency.p50} p95 ${result.latency.p95} p99 ${result.latency.p99} ms${errors}\n`);
    }
    if (wantsMemory) {
      // Read 5 s after the load, and again once V8's memory reducer has had its idle time to give back the heap a
      // burst of allocation grew: what stays then is held, a cache or a leak.
      await sleep(5_000);
      const soon = memorySnapshot(system);
      await sleep(SETTLE_MS - 5_000);
      const after = memorySnapshot(system);
      const processes = Object.keys(idle).map((name) => ({
        name,
        idleMiB: idle[name]?.rss ?? null,
        soonMiB: soon[name]?.rss ?? null,
        afterMiB: after[name]?.rss ?? null,
        peakMiB: after[name]?.hwm ?? null,
        ratio: idle[name] && after[name] ? Math.round((after[name].rss / idle[name].rss) * 100) / 100 : null,
      }));
      out.memory = { processes, loads, maxRatio: Math.max(...processes.filter((p) => p.name !== 'nats').map((p) => p.ratio ?? Infinity)) };
    }
  } finally {
    out.loadAverage.after = Math.round(loadavg()[0] * 100) / 100;
    await system.stop();
    current = null;
  }
  if (startedProfiles) out.profile = summarizeProfiles(options.cpuProf, startedProfiles, out);
  return out;
};

/**
 * The profile summary of each server process for each benchmark's window. Profiles are named
 * CPU.<date>.<time>.<pid>.<thread>.<seq>.cpuprofile: the main thread (0) of each process just stopped; the render and
 * database workers write their own files.
 */
const summarizeProfiles = (dir, since, out) => {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.cpuprofile'))
    .map((f) => join(dir, f))
    .filter((f) => statSync(f).mtimeMs >= since);
  const profiles = {};
  for (const { name, pid } of out.setup?.processes ?? []) {
    const file = files.filter((f) => f.includes(`.${pid}.0.`)).sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0];
    if (!file) continue;
    const parsed = JSON.parse(readFileSync(file, 'utf8'));
    profiles[name] = { file, benches: {} };
    for (const [bench, result] of Object.entries(out.benches)) {
      if (!result.window) continue;
      const summary = summarizeProfile(parsed, { top: 12, ...result.window });
      profiles[name].benches[bench] = summary;
      console.log(`\nCPU profile of ${out.mode === 'embedded' ? 'the embedded process' : name} during ${bench} (${file}, --from ${result.window.fromUs} --to ${result.window.toUs}):\n${formatSummary(summary)}`);
    }
  }
  if (Object.keys(profiles).length === 0) console.log(`no .cpuprofile written to ${dir}`);
  return profiles;
};

/** The median of each figure over the runs of one benchmark. */
const medianOf = (results) => {
  const pick = (fn) => median(results.map(fn));
  return {
    offered: results[0].offered,
    concurrency: results[0].concurrency,
    throughput: pick((r) => r.throughput),
    p50: pick((r) => r.latency.p50),
    p95: pick((r) => r.latency.p95),
    p99: pick((r) => r.latency.p99),
    max: pick((r) => r.latency.max),
    errors: pick((r) => r.errorCount),
    serverCpuPercent: pick((r) => r.serverCpuPercent),
    clientCpuPercent: pick((r) => r.clientCpuPercent),
    lagP99: pick((r) => r.dispatchLag?.p99 ?? NaN),
    runs: results.map((r) => r.throughput),
  };
};

const verdict = (bench, mode, m) => {
  const t = TARGETS[bench];
  const clean = m.errors === 0;
  switch (bench) {
    case 'quote':
    case 'verify':
      if (m.offered < t.rate) return 'n/a (rate below target)';
      return clean && m.throughput >= t.rate * 0.98 && m.p99 <= t.p99 ? 'PASS' : 'FAIL';
    case 'rates':
      if (m.offered < t.rate) return 'n/a (rate below target)';
      return clean && m.throughput >= t.rate * 0.98 && m.p95 <= t.p95 ? 'PASS' : 'FAIL';
    case 'list':
      if (m.offered < t.rate) return 'n/a (rate below target)';
      return clean && m.throughput >= t.rate * 0.98 ? 'PASS' : 'FAIL';
    case 'label':
      return clean && m.p95 <= t.p95[mode] ? 'PASS' : 'FAIL';
    case 'labels8':
      return clean && m.throughput >= t.throughput ? 'PASS' : 'FAIL';
    default:
      return '';
  }
};

const fmt = (v, digits = 1) => (v === null || v === undefined || Number.isNaN(v) ? '—' : Number(v).toLocaleString('en-US', { maximumFractionDigits: digits }));

const table = (rows) => {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => String(r[c]).length)));
  const line = (r) => `| ${r.map((cell, c) => String(cell).padEnd(widths[c])).join(' | ')} |`;
  return [line(rows[0]), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.slice(1).map(line)].join('\n');
};

const report = (mode, runs) => {
  const rows = [['benchmark', 'target', 'load', 'achieved/s', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'errors', 'server CPU', 'client lag p99', 'verdict', 'achieved/s per run']];
  const medians = {};
  for (const bench of LOADS) {
    const results = runs.map((r) => r.benches[bench]).filter(Boolean);
    if (!results.length) continue;
    const m = medianOf(results);
    m.verdict = verdict(bench, mode, m);
    medians[bench] = m;
    const target = bench === 'label' ? `p95 ≤${TARGETS.label.p95[mode]} ms` : TARGETS[bench].text;
    const load = m.offered ? `open ${fmt(m.offered, 0)}/s` : `closed, ${m.concurrency} at once`;
    rows.push([bench, target, load, fmt(m.throughput), fmt(m.p50), fmt(m.p95), fmt(m.p99), fmt(m.max), fmt(m.errors, 0), `${fmt(m.serverCpuPercent, 0)}%`, m.offered ? `${fmt(m.lagP99)} ms` : '—', m.verdict, m.runs.map((v) => fmt(v)).join(' / ')]);
  }
  console.log(`\n${mode} mode, median of ${runs.length} run${runs.length > 1 ? 's' : ''} (server CPU: % of one core, all server processes; client lag: how late the generator sent, part of the latency):`);
  console.log(table(rows));
  const memoryRuns = runs.filter((r) => r.memory);
  if (memoryRuns.length) {
    const names = memoryRuns[0].memory.processes.map((p) => p.name);
    const memRows = [['process', 'idle RSS MiB', '5 s after MiB', 'settled MiB', 'settled / idle', 'peak RSS MiB', 'verdict']];
    const memory = {};
    for (const name of names) {
      const of = (key) => median(memoryRuns.map((r) => r.memory.processes.find((p) => p.name === name)?.[key] ?? NaN));
      const m = { idleMiB: of('idleMiB'), soonMiB: of('soonMiB'), afterMiB: of('afterMiB'), ratio: of('ratio'), peakMiB: of('peakMiB') };
      m.verdict = name === 'nats' ? '(not a target)' : m.ratio <= TARGETS.memory.ratio ? 'PASS' : 'FAIL';
      memory[name] = m;
      memRows.push([name, fmt(m.idleMiB), fmt(m.soonMiB), fmt(m.afterMiB), fmt(m.ratio, 2), fmt(m.peakMiB), m.verdict]);
    }
    medians.memory = memory;
    console.log(`\nmemory (${TARGETS.memory.text}; idle: after the setup and 3 s; after: the ${memoryRuns[0].memory.loads.join(', ')} loads, then ${SETTLE_MS / 1000} s idle):`);
    console.log(table(memRows));
  }
  const errorRuns = runs.flatMap((r) => Object.values(r.benches).filter((b) => b.errorCount).map((b) => `  run ${r.run} ${b.bench}: ${JSON.stringify(b.errors)} e.g. ${JSON.stringify(b.errorSamples)}`));
  if (errorRuns.length) console.log(`\nerrors:\n${errorRuns.join('\n')}`);
  const loads = runs.map((r) => `${r.loadAverage.before}→${r.loadAverage.after}`).join(', ');
  console.log(`\nload average (1 min) before→after each run: ${loads}`);
  return medians;
};

const main = async () => {
  const options = parseArgs(process.argv.slice(2));
  if (options.cpuProf) mkdirSync(options.cpuProf, { recursive: true });
  const stopOnSignal = (signal) => async () => {
    process.stdout.write(`\n${signal}: stopping the system under test…\n`);
    await current?.stop().catch(() => undefined);
    process.exit(130);
  };
  process.once('SIGINT', stopOnSignal('SIGINT'));
  process.once('SIGTERM', stopOnSignal('SIGTERM'));

  const modes = options.mode === 'both' ? ['embedded', 'distributed'] : [options.mode];
  console.log(
    `bench:api — ${modes.join(' + ')}; ${options.only.join(', ')}; ${options.runs} run(s); ${options.warmup} s warm-up (${Math.min(options.ramp, options.warmup)} s ramp) + ${options.duration} s measured; ` +
      `rates quote ${options.rates.quote}/s, rates ${options.rates.rates}/s, verify ${options.rates.verify}/s, list ${options.rates.list}/s; ${options.connections} connections; ${cpus().length} cores, node ${process.version}`,
  );
  const speed = machineSpeed();
  console.log(`machine speed (scripts/bench-api/machine-speed.mjs, lower is faster): fastest ${speed.minMs} ms, median ${speed.medianMs} ms a pass`);
  const output = { date: new Date().toISOString(), node: process.version, cores: cpus().length, machineSpeed: speed, options: { ...options, json: undefined }, modes: {} };
  for (const mode of modes) {
    const runs = [];
    for (let run = 1; run <= options.runs; run++) runs.push(await runOnce(mode, run, options));
    output.modes[mode] = { runs };
  }
  for (const mode of modes) output.modes[mode].median = report(mode, output.modes[mode].runs);
  // The rates load must not pass on refused or empty answers: one in any run fails the whole call.
  const badRates = modes.flatMap((mode) => output.modes[mode].runs.filter((r) => r.benches.rates?.errorCount).map((r) => `${mode} run ${r.run}: ${r.benches.rates.errorCount}`));
  if (badRates.length) {
    console.error(`\nrates: answers that were not a 200 with a non-empty rates list (${badRates.join('; ')})`);
    process.exitCode = 1;
  }
  if (options.json) {
    writeFileSync(options.json, `${JSON.stringify(output, null, 2)}\n`);
    console.log(`\nresults written to ${options.json}`);
  }
};

main().catch(async (error) => {
  console.error(`\n${error instanceof Error ? error.message : error}`);
  await current?.stop().catch(() => undefined);
  process.exitCode = 1;
});
