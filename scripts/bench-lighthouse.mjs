// npm run bench:lighthouse — Lighthouse (Debian's chromium, offline) on the landing page of a fresh embedded system:
// performance, accessibility and best practices, desktop and mobile presets, RUNS times each (default 3), medians
// printed. Needs `npm run build` first.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const runs = Number(process.env.RUNS ?? 3);
const port = 3392;
const chrome = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const dataDir = mkdtempSync(join(tmpdir(), 'bench-lighthouse-'));
const server = spawn(process.execPath, ['--expose-gc', join(root, 'scripts/embedded/dist/main.js')], {
  env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), ADMIN_PASSWORD: 'bench-password', LOG_LEVEL: 'error' },
  stdio: 'ignore',
});
const url = `http://127.0.0.1:${port}/`;
for (let i = 0; i < 240 && !(await fetch(`${url}api/health`).then((r) => r.ok).catch(() => false)); i++) await new Promise((r) => setTimeout(r, 250));

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const report = join(dataDir, 'report.json');
try {
  for (const preset of ['desktop', 'mobile']) {
    const scores = { performance: [], accessibility: [], 'best-practices': [] };
    const timings = { fcp: [], lcp: [], tbt: [] };
    for (let run = 0; run < runs; run++) {
      execFileSync(join(root, 'node_modules/.bin/lighthouse'), [
        url,
        ...(preset === 'desktop' ? ['--preset=desktop'] : []),
        `--chrome-path=${chrome}`,
        '--chrome-flags=--headless=new --no-sandbox',
        '--only-categories=performance,accessibility,best-practices',
        '--output=json',
        `--output-path=${report}`,
        '--quiet',
      ]);
      const result = JSON.parse(readFileSync(report, 'utf8'));
      for (const key of Object.keys(scores)) scores[key].push(Math.round(result.categories[key].score * 100));
      timings.fcp.push(result.audits['first-contentful-paint'].numericValue);
      timings.lcp.push(result.audits['largest-contentful-paint'].numericValue);
      timings.tbt.push(result.audits['total-blocking-time'].numericValue);
    }
    const line = Object.entries(scores).map(([key, values]) => `${key} ${median(values)}`).join(', ');
    const ms = (values) => `${Math.round(median(values))} ms`;
    console.log(`${preset}: ${line}; FCP ${ms(timings.fcp)}, LCP ${ms(timings.lcp)}, TBT ${ms(timings.tbt)} (median of ${runs})`);
  }
} finally {
  server.kill('SIGTERM');
  await new Promise((done) => server.once('exit', done));
  rmSync(dataDir, { recursive: true, force: true });
}
