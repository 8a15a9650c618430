// npm run bench:bulk — a bulk order from submit to files, in the embedded mode (`npm start`'s process).
// Needs `npm run build` (or `node scripts/build.mjs --no-web`) first.
//
// Each scenario starts an embedded process on a data folder initialised by an earlier start (so the peak memory is
// the batch's, not the database's one-off initdb), registers a customer with enough balance, submits ROWS rows
// through POST /api/orders/bulk/init + /process, waits until the batch is final and its three files are downloadable,
// and prints the wall time from the first request to the last file and the peak RSS of the server process (VmHWM:
// PGlite, every service and the gateway in one process).
//
// The carrier is the sandbox (its latency injected with SANDBOX_LATENCY_MS), or EasyPost: the fake EasyPost server
// (libs/testing, in this process) with the latency added to every API answer, so a label costs two round trips
// (create the shipment, buy it) and a file download; an admin syncs and prices Priority Mail first, as with a real
// carrier. EasyPost runs twice: with orders' default concurrency, and with RAISED (EASYPOST_MAX_CONCURRENCY and
// BULK_CONCURRENCY). Each EasyPost time is read as a ratio against the sandbox's at the same rows and latency with
// the default settings, measured in the same run; the machine-speed probe (scripts/bench-api/machine-speed.mjs) is
// printed before and after the runs. Other orders settings (RENDER_WORKERS…) are taken from this environment.
//   node scripts/bench-bulk.mjs                     the three sandbox scenarios of issue 7, then EasyPost at 1,000 rows / 300 ms
//   node scripts/bench-bulk.mjs 2000 0              one sandbox scenario: rows, carrier latency in ms
//   node scripts/bench-bulk.mjs easypost 1000 300   the sandbox baseline and EasyPost twice: rows, latency in ms (defaults 1000, 300)
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { machineSpeed } from './bench-api/machine-speed.mjs';

const root = new URL('..', import.meta.url).pathname;
const FINAL = ['completed', 'completed_with_errors', 'failed', 'processing_error'];
const ADMIN = { email: 'bench-admin@example.com', password: 'bench-admin-password' };

const peakRssMiB = (pid) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmHWM:'));
  return Math.round(Number(line?.replace(/\D+/g, '') ?? 0) / 1024);
};

/** The concurrency settings a scenario runs with: its own over this environment's. */
const settingsText = (settings) =>
  ['BULK_CONCURRENCY', 'EASYPOST_MAX_CONCURRENCY'].map((name) => `${name}=${settings[name] ?? process.env[name] ?? 'default'}`).join(' ');

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

/** The fake EasyPost server from the build of libs/testing. */
const fakeEasyPost = (options) => {
  const built = join(root, 'libs/testing/dist/lib/fake-easypost.server.js');
  if (!existsSync(built)) throw new Error(`${built} is missing: run \`npm run build\` first`);
  const { FakeEasyPostServer } = createRequire(import.meta.url)(built);
  return new FakeEasyPostServer(options);
};

const expectOk = (answer, what) => {
  if (answer.status < 200 || answer.status > 299) throw new Error(`${what} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body;
};

/** A real carrier's offerings come unpriced: the admin syncs them and prices and offers the one the rows use. */
const priceForSale = async (call, admin, serviceName) => {
  const defaults = expectOk(await call('POST', '/defaultServices/sync', undefined, admin), 'sync default services');
  const service = defaults.find((d) => d.name === serviceName);
  if (!service) throw new Error(`the carrier offers no ${serviceName}`);
  expectOk(await call('PUT', `/defaultServices/${service._id}/prices`, { prices: [{ fromWeight: 1, toWeight: service.maxWeight, price: 1_500 }] }, admin), 'price');
  expectOk(await call('PATCH', `/defaultServices/${service._id}/toggle`, { enabled: true }, admin), 'offer');
};

/** One batch bought through `carrier`; `settings` are this scenario's orders settings, over this environment's. */
export async function bulkScenario(rows, latencyMs, carrier = 'sandbox', settings = {}) {
  const fake = carrier === 'easypost' ? fakeEasyPost({ latencyMs }) : null;
  await fake?.start();
  const carrierEnv = {
    ...settings,
    ...(fake ? { CARRIERS: 'easypost', EASYPOST_API_KEY: fake.apiKey, EASYPOST_API_URL: fake.url } : { SANDBOX_LATENCY_MS: String(latencyMs) }),
  };
  const first = await startServer(carrierEnv);
  await first.stop({ keepData: true });
  const server = await startServer(carrierEnv, first.dataDir);
  try {
    const call = client(server.base);
    const admin = (await call('POST', '/auth/login', ADMIN)).body.token;
    if (fake) await priceForSale(call, admin, row(0).service_name);
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
      carrier,
      settings: settingsText(settings),
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
      ...(fake ? { labelsSold: fake.labelsSold(), apiRequests: fake.requests.length } : {}),
    };
    console.log(
      `bulk ${rows} rows, ${carrier} at ${latencyMs} ms latency (${result.settings}): ${result.status} ${result.processed}/${rows}; accepted in ${result.acceptMs} ms, ` +
        `files ready in ${(result.toFilesMs / 1000).toFixed(1)} s (${(result.withDownloadsMs / 1000).toFixed(1)} s with the three downloads); ` +
        `merged PDF ${result.pdfMiB} MiB; peak RSS ${result.peakRssMiB} MiB (${result.rssBeforeMiB} MiB before the batch)` +
        (fake ? `; EasyPost sold ${result.labelsSold} labels in ${result.apiRequests} API requests` : ''),
    );
    if (fake && result.labelsSold !== result.processed) throw new Error(`EasyPost sold ${result.labelsSold} labels for ${result.processed} rows processed`);
    return result;
  } finally {
    await server.stop();
    await fake?.stop();
  }
}

/** The machine-speed probe, printed; taken before each scenario too, since other work on the machine comes and goes. */
const probe = (when) => {
  const speed = machineSpeed();
  console.log(`machine speed ${when} (scripts/bench-api/machine-speed.mjs, lower is faster): fastest ${speed.minMs} ms, median ${speed.medianMs} ms a pass; load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  return speed;
};

/**
 * EasyPost's second run. At 300 ms a label is ~0.6 s of round trips, so 1,000 labels need ~40 in flight to finish in
 * 15 s (1,000 × 0.6 / 40); at the default 16 they take 37.5 s however fast orders is. 64 leaves room for the rest
 * of the batch (claims, writes, the merged PDF).
 */
const RAISED = { EASYPOST_MAX_CONCURRENCY: '64', BULK_CONCURRENCY: '64' };

const scenariosOf = (args) => {
  const [first, second, third] = args;
  const easypost = (rows, latency) => [
    [rows, latency, 'sandbox', {}],
    [rows, latency, 'easypost', {}],
    [rows, latency, 'easypost', RAISED],
  ];
  if (first === 'easypost') return easypost(Number(second ?? 1_000), Number(third ?? 300));
  if (first) return [[Number(first), Number(second ?? 0), 'sandbox', {}]];
  return [[1_000, 0, 'sandbox', {}], [10_000, 0, 'sandbox', {}], ...easypost(1_000, 300)];
};

console.log(`bench:bulk — ${cpus().length} cores, node ${process.version}; this environment: ${settingsText({})}`);
const results = [];
for (const [rows, latency, carrier, settings] of scenariosOf(process.argv.slice(2))) {
  const speed = probe(`before ${carrier} ${rows}/${latency} ms`);
  results.push({ ...(await bulkScenario(rows, latency, carrier, settings)), machineSpeed: speed });
}
probe('after the last scenario');
for (const easypost of results.filter((r) => r.carrier === 'easypost')) {
  const baseline = results.find((r) => r.carrier === 'sandbox' && r.rows === easypost.rows && r.latencyMs === easypost.latencyMs && r.settings === settingsText({}));
  if (baseline) {
    console.log(
      `EasyPost (${easypost.settings}) against the sandbox (${baseline.settings}), ${easypost.rows} rows at ${easypost.latencyMs} ms: ` +
        `files ready in ${(easypost.toFilesMs / 1000).toFixed(1)} s against ${(baseline.toFilesMs / 1000).toFixed(1)} s, ${(easypost.toFilesMs / baseline.toFilesMs).toFixed(2)}× the sandbox's time ` +
        `(probe medians before them: ${easypost.machineSpeed.medianMs} and ${baseline.machineSpeed.medianMs} ms)`,
    );
  }
}
