// npm run bench:startup — how long the embedded mode (`npm start` without the build step) takes to answer
// /api/health, on a fresh data folder (first start: creates the database, runs migrations) and on an existing
// one, and how much memory the process holds once ready. Needs `npm run build` first.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const runs = Number(process.env.RUNS ?? 3);
const port = 3390;

const rssMiB = (pid) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024);
};

const startOnce = async (dataDir) => {
  const started = performance.now();
  const child = spawn(process.execPath, ['--expose-gc', join(root, 'scripts/embedded/dist/main.js')], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), ADMIN_PASSWORD: 'bench-password', LOG_LEVEL: 'error' },
    stdio: 'ignore',
  });
  for (;;) {
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.ok).catch(() => false);
    if (ok) break;
    if (performance.now() - started > 120_000) throw new Error('not healthy after 120 s');
    await new Promise((r) => setTimeout(r, 50));
  }
  const ms = Math.round(performance.now() - started);
  const rss = rssMiB(child.pid);
  await new Promise((done) => {
    child.once('exit', done);
    child.kill('SIGTERM');
  });
  return { ms, rss };
};

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const fresh = [];
const warm = [];
for (let i = 0; i < runs; i++) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-startup-'));
  fresh.push(await startOnce(dir));
  warm.push(await startOnce(dir));
  rmSync(dir, { recursive: true, force: true });
}
const report = (label, samples) =>
  console.log(`${label}: median ${median(samples.map((s) => s.ms))} ms to healthy (runs: ${samples.map((s) => s.ms).join(', ')}), RSS ${median(samples.map((s) => s.rss))} MiB`);
report('fresh data folder', fresh);
report('existing data folder', warm);
