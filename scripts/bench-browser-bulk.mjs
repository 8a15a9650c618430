// node scripts/bench-browser-bulk.mjs [rows] — the Bulk Order page reading a large CSV in headless Chromium.
// Needs `npm run build` and Debian's chromium. Starts the embedded mode with BULK_MAX_ROWS at the row count (at
// most 100,000, decision 055), signs a new customer in, and sets a template CSV of ROWS rows (default 100,000) on the
// page's file input. Prints: the file's size; milliseconds from the file set until the table shows its first row and
// the count badge; the page's own read + parse + validate time (the badge's data-parse-ms); the page's JS heap
// afterwards; the time to scroll to the last row; and the DOM rows in the page (the table renders only those in view).
// With SUBMIT=1 it then buys the batch from the page (the customer priced at $5.00 a label and given the balance by
// the admin, as bench-bulk does above 50,000 rows) and, until the progress widget says the order was processed,
// records the page's frame intervals (requestAnimationFrame) and long tasks: the widget's own responsiveness.
// A measurement, not a test: results go to docs/benchmarks.md with the machine-speed probe beside them.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { machineSpeed } from './bench-api/machine-speed.mjs';

const require = createRequire(import.meta.url);
const { chromium } = require('playwright-core');
const { BULK_TEMPLATE_COLUMNS } = require('@labeldesk/contracts');

const root = new URL('..', import.meta.url).pathname;
const rows = Number(process.argv[2] ?? 100_000);
const port = 3900 + Math.floor(Math.random() * 90);
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), 'labeldesk-bench-browser-'));
const admin = { email: 'bench-admin@example.com', password: 'bench-admin-password' };

const row = (n) => ({
  orderId: `111-0000000-${String(1000000 + n)}`, orderItemId: String(10000000000000 + n), skuNumber: 'MUG-1', quantity: '1', courier: 'usps',
  ServiceName: 'USPS Priority Mail', FromSenderName: 'Sam Sender', FromCompany: 'Sender Goods LLC', FromPhone: '555-010-2000',
  FromStreet1: '100 Market St', FromStreet2: '', FromCity: 'Columbus', FromStateProvince: 'OH', FromZipPostal: '43215', FromCountry: 'US',
  ToRecipientName: `Rita Receiver ${n}`, ToCompany: '', ToPhone: '', ToStreet1: `${100 + (n % 9000)} Fifth Avenue`, ToStreet2: '', ToCity: 'New York',
  ToStateProvince: 'NY', ToZipPostal: '10118', ToCountry: 'US', PackageLength: '10', PackageWidth: '8', PackageHeight: '4', PackageWeight: '2',
  PackageDescription: 'Ceramic mug', PackageReference1: '1', PackageReference2: 'MUG-1',
});
const csv = [BULK_TEMPLATE_COLUMNS.join(','), ...Array.from({ length: rows }, (_, i) => BULK_TEMPLATE_COLUMNS.map((key) => row(i + 1)[key] ?? '').join(','))].join('\n');

const server = spawn(process.execPath, ['--expose-gc', join(root, 'scripts/embedded/dist/main.js')], {
  env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, PUBLIC_URL: base, ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password, LOG_LEVEL: 'warn', AUTH_RATE_LIMIT_PER_MINUTE: '1000', BULK_MAX_ROWS: String(Math.min(100_000, Math.max(10_000, rows))) },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const browser = await (async () => {
  for (let i = 0; i < 480 && !(await fetch(`${base}/api/health`).then((r) => r.ok).catch(() => false)); i++) await new Promise((r) => setTimeout(r, 250));
  return chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--enable-precise-memory-info'] });
})();
try {
  const speed = machineSpeed();
  const email = `bench-browser-${Date.now()}@example.com`;
  const registered = await fetch(`${base}/api/auth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Bench', email, password: 'bench-password', confirmPassword: 'bench-password' }) });
  if (!registered.ok) throw new Error(`register answered ${registered.status}`);
  const api = async (method, path, token, body) => {
    const r = await fetch(`${base}/api${path}`, { method, headers: { 'content-type': 'application/json', ...(token ? { token } : {}) }, body: body === undefined ? undefined : JSON.stringify(body) });
    if (!r.ok) throw new Error(`${method} ${path} answered ${r.status}`);
    return r.json();
  };
  if (process.env.SUBMIT === '1') {
    const { token, user } = await api('POST', '/auth/login', undefined, { email, password: 'bench-password' });
    await api('POST', `/userServices/${user._id}/initialize`, token);
    const adminToken = (await api('POST', '/auth/login', undefined, admin)).token;
    const service = (await api('GET', `/userServices/${user._id}`, adminToken)).find((s) => s.name === 'USPS Priority Mail');
    await api('PUT', `/userServices/${user._id}/${service._id}/prices`, adminToken, { prices: [{ fromWeight: 1, toWeight: service.maxWeight, price: 500 }] });
    await api('POST', `/auth/users/details/${user._id}`, adminToken, { balance: 100_000_000 });
  }
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(`${base}/login`);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill('bench-password');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/main/'));
  await page.goto(`${base}/main/bulk-order`);
  await page.getByText('No rows yet', { exact: true }).waitFor({ timeout: 60_000 });

  const started = Date.now();
  await page.getByTestId('bulk-file-input').setInputFiles({ name: 'large.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
  const badge = page.getByTestId('bulk-items-badge').filter({ hasText: `${rows.toLocaleString('en-US')} rows` });
  await badge.waitFor({ timeout: 600_000 });
  await page.locator('tr[data-testid="bulk-row"][data-row="1"]').waitFor();
  const shownMs = Date.now() - started;
  const ownMs = await badge.getAttribute('data-parse-ms');
  const heapMiB = await page.evaluate(() => {
    globalThis.gc?.();
    const memory = performance.memory;
    return memory ? +(memory.usedJSHeapSize / 1048576).toFixed(1) : null;
  });
  const scrolled = Date.now();
  await page.getByRole('region', { name: 'Bulk Order Items table' }).evaluate((node) => node.scrollTo({ top: node.scrollHeight }));
  await page.locator(`tr[data-testid="bulk-row"][data-row="${rows}"]`).waitFor({ timeout: 60_000 });
  const scrollMs = Date.now() - scrolled;
  const domRows = await page.locator('tr[data-testid="bulk-row"]').count();
  const stated = await page.getByTestId('bulk-upload-limits').textContent();
  if (process.env.SUBMIT === '1') {
    await page.evaluate(() => {
      const record = { frames: [], longTasks: [] };
      globalThis.__bench = record;
      let last = performance.now();
      const tick = (now) => {
        record.frames.push(now - last);
        last = now;
        requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
      new PerformanceObserver((list) => record.longTasks.push(...list.getEntries().map((entry) => entry.duration))).observe({ type: 'longtask', buffered: false });
    });
    const submit = page.getByRole('button', { name: 'Submit Bulk Order', exact: true });
    // PAGE_PROFILE=<file>: the page's CPU profile from Submit to the end (Chrome DevTools Protocol), for DevTools.
    const cdp = process.env.PAGE_PROFILE ? await page.context().newCDPSession(page) : null;
    if (cdp) await cdp.send('Profiler.enable').then(() => cdp.send('Profiler.start'));
    const submitted = Date.now();
    for (let i = 0; i < 600 && (await submit.isDisabled()); i++) await page.waitForTimeout(500);
    await submit.click();
    await page.getByTestId('bulk-progress-title').first().filter({ hasText: 'Order Processed Successfully!' }).waitFor({ timeout: 1_800_000 });
    const doneMs = Date.now() - submitted;
    if (cdp) writeFileSync(process.env.PAGE_PROFILE, JSON.stringify((await cdp.send('Profiler.stop')).profile));
    const { frames, longTasks } = await page.evaluate(() => globalThis.__bench);
    const sorted = [...frames].sort((a, b) => a - b);
    const at = (q) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0);
    console.log(
      `browser bulk ${rows.toLocaleString('en-US')} rows bought from the page: 'Order Processed Successfully!' ${(doneMs / 1000).toFixed(1)} s after Submit was clicked (pricing, slices, purchase, files); ` +
        `frame intervals p50 ${at(0.5)} / p95 ${at(0.95)} / p99 ${at(0.99)} / max ${at(1)} ms over ${frames.length} frames; ` +
        `${longTasks.length} long tasks (> 50 ms), ${Math.round(longTasks.reduce((sum, d) => sum + d, 0))} ms in all, the longest ${Math.round(Math.max(0, ...longTasks))} ms`,
    );
  }
  console.log(
    `browser bulk ${rows.toLocaleString('en-US')} rows (${(csv.length / 1048576).toFixed(1)} MiB CSV): table shown ${shownMs} ms after the file was set ` +
      `(the page's own read+parse+validate ${ownMs} ms); page JS heap ${heapMiB} MiB; last row shown ${scrollMs} ms after scrolling to the end; ` +
      `${domRows} rows in the DOM; the page states "${stated}"; probe before: fastest ${speed.minMs} ms, median ${speed.medianMs} ms`,
  );
} finally {
  await browser.close();
  await new Promise((resolve) => {
    server.once('exit', resolve);
    server.kill('SIGTERM');
  });
  rmSync(dataDir, { recursive: true, force: true });
}
