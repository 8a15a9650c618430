// node scripts/bench-api/profile-summary.mjs <file.cpuprofile> [--top 12] [--from <µs> --to <µs>] [--callers <function>]
// Prints the functions with the most self time in a V8 CPU profile (`node --cpu-prof`), with their share and
// url:line, then the same time rolled up by package (node_modules/<name>, node: internals, the project's folders).
// --from/--to keep only the samples in that window, in CLOCK_MONOTONIC µs: the clock of the profile's startTime and
// of process.hrtime() in any process on the machine, so bench-api.mjs can name the window of one load (it prints
// the window of each benchmark with --cpu-prof). --callers <function>: instead, the call chains its self time comes from.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const META = new Set(['(idle)', '(program)', '(garbage collector)', '(root)']);

const shortUrl = (url) => {
  if (!url) return '';
  const path = url.startsWith('file://') ? fileURLToPath(url) : url;
  return path.startsWith(root) ? relative(root, path) : path;
};

/** Where a frame's code lives: an npm package, node's internals, a project folder, or V8 itself. */
const area = (url) => {
  if (!url) return '(V8 / native)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1];
  if (url.startsWith('node:')) return 'node: (internals)';
  if (url.startsWith('wasm:')) return 'wasm (PGlite\'s PostgreSQL)';
  const path = shortUrl(url);
  return path.startsWith('/') ? path : path.split('/').slice(0, 2).join('/');
};

/**
 * Self time per function (and per area) of a parsed .cpuprofile, within [fromUs, toUs] when given.
 * Each sample is charged the interval until the next one, as Chrome's DevTools does.
 */
export const summarizeProfile = (profile, { top = 12, fromUs = -Infinity, toUs = Infinity } = {}) => {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const byFunction = new Map();
  const byArea = new Map();
  let total = 0;
  let idle = 0;
  let t = profile.startTime;
  const times = profile.samples.map((_, i) => (t += profile.timeDeltas[i]));
  for (let i = 0; i < profile.samples.length; i++) {
    const at = times[i];
    if (at < fromUs || at > toUs) continue;
    const dt = (i + 1 < times.length ? times[i + 1] : profile.endTime) - at;
    if (dt <= 0) continue;
    const frame = nodes.get(profile.samples[i]).callFrame;
    const name = frame.functionName || '(anonymous)';
    total += dt;
    if (name === '(idle)') idle += dt;
    const key = `${name}\u0000${frame.url}\u0000${frame.lineNumber}`;
    const entry = byFunction.get(key) ?? { name, url: shortUrl(frame.url), line: frame.lineNumber + 1, us: 0 };
    entry.us += dt;
    byFunction.set(key, entry);
    if (!META.has(name)) {
      const where = area(frame.url);
      byArea.set(where, (byArea.get(where) ?? 0) + dt);
    }
  }
  const busy = total - idle;
  const pct = (us, of) => Math.round((us / of) * 1000) / 10;
  const functions = [...byFunction.values()]
    .sort((a, b) => b.us - a.us)
    .filter((f) => f.name !== '(idle)')
    .slice(0, top)
    .map((f) => ({ ...f, ms: Math.round(f.us / 100) / 10, percentOfBusy: pct(f.us, busy), where: f.url ? `${f.url}:${f.line}` : '' }));
  const areas = [...byArea.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([name, us]) => ({ name, ms: Math.round(us / 100) / 10, percentOfBusy: pct(us, busy) }));
  return { windowMs: Math.round(total / 1000), busyMs: Math.round(busy / 1000), idlePercent: total ? pct(idle, total) : 0, functions, areas };
};

/**
 * Where a function's self time comes from: its callers' chains (`depth` frames up, nearest first), with the self
 * time of `name` under each, within [fromUs, toUs] when given.
 */
export const callersOf = (profile, name, { depth = 4, top = 5, fromUs = -Infinity, toUs = Infinity } = {}) => {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const child of n.children ?? []) parent.set(child, n.id);
  const chains = new Map();
  let t = profile.startTime;
  const times = profile.samples.map((_, i) => (t += profile.timeDeltas[i]));
  for (let i = 0; i < profile.samples.length; i++) {
    if (times[i] < fromUs || times[i] > toUs) continue;
    const node = nodes.get(profile.samples[i]);
    if (node.callFrame.functionName !== name) continue;
    const dt = (i + 1 < times.length ? times[i + 1] : profile.endTime) - times[i];
    const frames = [];
    for (let id = parent.get(node.id); id !== undefined && frames.length < depth; id = parent.get(id)) {
      const f = nodes.get(id).callFrame;
      frames.push(`${f.functionName || '(anonymous)'} ${shortUrl(f.url)}:${f.lineNumber + 1}`);
    }
    const key = frames.join(' < ');
    chains.set(key, (chains.get(key) ?? 0) + dt);
  }
  return [...chains.entries()].sort((a, b) => b[1] - a[1]).slice(0, top).map(([chain, us]) => ({ chain, ms: Math.round(us / 100) / 10 }));
};

/** The summary as Markdown tables (what docs/benchmarks.md shows). */
export const formatSummary = (summary) => {
  const lines = [
    `sampled ${summary.windowMs} ms, busy ${summary.busyMs} ms (${summary.idlePercent}% idle); shares are of the busy time`,
    '',
    '| # | function | self ms | self % | where |',
    '|---|---|---|---|---|',
    ...summary.functions.map((f, i) => `| ${i + 1} | \`${f.name}\` | ${f.ms} | ${f.percentOfBusy}% | ${f.where ? `\`${f.where}\`` : '—'} |`),
    '',
    '| package / folder | self ms | self % |',
    '|---|---|---|',
    ...summary.areas.map((a) => `| ${a.name} | ${a.ms} | ${a.percentOfBusy}% |`),
  ];
  return lines.join('\n');
};

const main = () => {
  const args = process.argv.slice(2);
  const option = (name) => {
    const i = args.indexOf(name);
    if (i < 0) return undefined;
    const [value] = args.splice(i, 2).slice(1);
    return value;
  };
  const top = Number(option('--top') ?? 12);
  const fromUs = Number(option('--from') ?? -Infinity);
  const toUs = Number(option('--to') ?? Infinity);
  const callers = option('--callers');
  const [file] = args;
  if (!file) {
    process.stderr.write('usage: node scripts/bench-api/profile-summary.mjs <file.cpuprofile> [--top 12] [--from <µs> --to <µs>] [--callers <function>]\n');
    process.exitCode = 2;
    return;
  }
  const profile = JSON.parse(readFileSync(file, 'utf8'));
  if (callers) {
    for (const { chain, ms } of callersOf(profile, callers, { fromUs, toUs })) console.log(`${ms} ms  ${callers} < ${chain}`);
    return;
  }
  console.log(formatSummary(summarizeProfile(profile, { top, fromUs, toUs })));
};

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
