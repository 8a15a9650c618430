// npm run bench:bulk — a bulk order from submit to files, in the embedded mode (`npm start`'s process).
// Needs `npm run build` (or `node scripts/build.mjs --no-web`) first.
//
// Each scenario starts an embedded process on a data folder initialised by an earlier start (so the peak memory is
// the batch's, not the database's one-off initdb), with the sandbox carrier, registers a customer with
// enough balance, submits ROWS rows through POST /api/orders/bulk/init + /process, waits until the batch is final
// and its three files are downloadable, and prints the wall time from the first request to the last file and
// the peak RSS of the server process (VmHWM: PGlite, every service and the gateway in one process).
//   node scripts/bench-bulk.mjs                 the three scenarios of issue 7
//   node scripts/bench-bulk.mjs 2000 0          one scenario: rows, carrier latency in ms
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const FINAL = ['completed', 'completed_with_errors', 'failed', 'processing_error'];
const ADMIN = { email: 'bench-admin@example.com', password: 'bench-admin-password' };

const peakRssMiB = (pid) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmHWM:'));
  return Math.round(Number(line?.replace(/\D+/g, '') ?? 0) / 1024);
};

const startServer = async (env, dataDir = mkdtempSync(join(tmpdir(), 'labeldesk-bench-bulk-'))) => {
  const port = 3600 + Math.floor(Math.random() * 300);
  const child = spawn(process.execPath, ['--expose-gc', join(root, 'scripts/embedded/dist/main.js')], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, AUTH_RATE_LIMIT_PER_MINUTE: '1000', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 240; i++) {
    if (await fetch(`${base}/api/health`).then((r) => r.ok).catch(() => false)) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    base,
    pid: child.pid,
    dataDir,
    stop: async ({ keepData = false } = {}) => {
      await new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGTERM');
      });
      if (!keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
};

const client = (base) => async (method, path, body, token) => {
  const r = await fetch(`${base}/api${path}`, { method, headers: { 'content-type': 'application/json', ...(token ? { token } : {}) }, body: body === undefined ? undefined : JSON.stringify(body) });
  return (r.headers.get('content-type') ?? '').includes('json') ? { status: r.status, body: await r.json() } : { status: r.status, bytes: (await r.arrayBuffer()).byteLength };
};

const row = (i) => ({
  courier: 'usps', service_name: 'USPS Priority Mail', manifested: false,
  sender: { sender_name: 'Acme Widgets Fulfillment', sender_address1: '1200 Industrial Parkway', sender_city: 'Columbus', sender_state_province: 'OH', sender_zip_postal: '43215', sender_country: 'US' },
  receiver: { receiver_name: `Customer ${i}`, receiver_address1: `${100 + (i % 900)} Pine Ave`, receiver_address2: i % 3 === 0 ? 'Apt 4' : '', receiver_city: 'Seattle', receiver_state_province: 'WA', receiver_zip_postal: '98101', receiver_country: 'US' },
  package: { package_length: 12, package_width: 10, package_height: 4, package_weight: 1 + (i % 20), sku_number: `WID-${i % 50}`, order_id: `114-${String(1000000 + i)}-${String(2000000 + i)}`, order_item_id: String(30000000000000 + i), quantity: 1 },
});

export async function bulkScenario(rows, latencyMs) {
  const first = await startServer({});
  await first.stop({ keepData: true });
  const server = await startServer({ SANDBOX_LATENCY_MS: String(latencyMs) }, first.dataDir);
  try {
    const call = client(server.base);
    const admin = (await call('POST', '/auth/login', ADMIN)).body.token;
    const reg = (await call('POST', '/auth/register', { name: 'Bench', email: `bench-${Date.now()}@example.com`, password: 'bench-password', confirmPassword: 'bench-password' })).body;
    const { token } = reg;
    const userId = reg.user._id;
    await call('POST', `/userServices/${userId}/initialize`, undefined, token);
    await call('POST', `/auth/users/details/${userId}`, { balance: 100_000_000 }, admin);
    const orderData = Array.from({ length: rows }, (_, i) => row(i));
    const rssBefore = peakRssMiB(server.pid);

    const started = performance.now();
    const { orderId } = (await call('POST', '/orders/bulk/init', { userId }, token)).body;
    const processed = await call('POST', `/orders/bulk/process/${userId}`, { orderId, orderData }, token);
    if (processed.status !== 200) throw new Error(`process answered ${processed.status}: ${JSON.stringify(processed.body)}`);
    const accepted = performance.now();
    let batch;
    for (;;) {
      batch = (await call('GET', `/orders/bulk/order/${orderId}`, undefined, token)).body;
      if (FINAL.includes(batch.status)) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const labelled = performance.now();
    const sizes = {};
    for (const kind of ['pdf', 'result-csv', 'auto-csv']) sizes[kind] = (await call('GET', `/orders/download/${kind}/${orderId}`, undefined, token)).bytes;
    const finished = performance.now();
    const result = {
      rows,
      latencyMs,
      status: batch.status,
      processed: batch.processedCount,
      acceptMs: Math.round(accepted - started),
      toFilesMs: Math.round(labelled - started),
      withDownloadsMs: Math.round(finished - started),
      pdfMiB: +(sizes.pdf / 1048576).toFixed(1),
      peakRssMiB: peakRssMiB(server.pid),
      rssBeforeMiB: rssBefore,
    };
    console.log(
      `bulk ${rows} rows, carrier latency ${latencyMs} ms: ${result.status} ${result.processed}/${rows}; accepted in ${result.acceptMs} ms, ` +
        `files ready in ${(result.toFilesMs / 1000).toFixed(1)} s (${(result.withDownloadsMs / 1000).toFixed(1)} s with the three downloads); ` +
        `merged PDF ${result.pdfMiB} MiB; peak RSS ${result.peakRssMiB} MiB (${result.rssBeforeMiB} MiB before the batch)`,
    );
    return result;
  } finally {
    await server.stop();
  }
}

const [rowsArg, latencyArg] = process.argv.slice(2);
const scenarios = rowsArg ? [[Number(rowsArg), Number(latencyArg ?? 0)]] : [[1_000, 0], [10_000, 0], [1_000, 300]];
for (const [rows, latency] of scenarios) await bulkScenario(rows, latency);
