// npm run bench:bulk — a bulk order from submit to files, in the embedded mode (`npm start`'s process).
// Needs `npm run build` (or `node scripts/build.mjs --no-web`) first.
//
// Each scenario starts an embedded process on a data folder initialised by an earlier start (so the peak memory is
// the batch's, not the database's one-off initdb), registers a customer with enough balance, submits ROWS rows
// through POST /api/orders/bulk/init + /process, waits until the batch is final and its three files are downloadable,
// and prints the wall time from the first request to the last file and the peak RSS of the server process (VmHWM:
// PGlite, every service and the gateway in one process; in the distributed mode, the highest of its processes and
// the CPU of all of them, PostgreSQL's own not counted). While the batch runs it also asks for Batch Orders' first
// page (GET /api/orders/bulk/{userId}) between its status polls and prints that list's answer times (p50/p95/max).
//
// The carrier is the sandbox (its latency injected with SANDBOX_LATENCY_MS), or EasyPost: the fake EasyPost server
// (libs/testing, in this process) with the latency added to every API answer, so a label costs two round trips
// (create the shipment, buy it) and a file download; an admin syncs and prices Priority Mail first, as with a real
// carrier. EasyPost runs twice: with orders' default concurrency, and with RAISED EASYPOST_MAX_CONCURRENCY (bulk
// follows it). Each EasyPost time is read as a ratio against the sandbox's at the same rows and latency with
// the default settings, measured in the same run; the machine-speed probe (scripts/bench-api/machine-speed.mjs) is
// printed before and after the runs. Other orders settings (RENDER_WORKERS…) are taken from this environment.
//   node scripts/bench-bulk.mjs                     the three sandbox scenarios of issue 7, then EasyPost at 1,000 rows / 300 ms
//   node scripts/bench-bulk.mjs 2000 0              one sandbox scenario: rows, carrier latency in ms
//   node scripts/bench-bulk.mjs easypost 1000 300   the sandbox baseline and EasyPost twice: rows, latency in ms (defaults 1000, 300)
//   BENCH_MODE=distributed node scripts/bench-bulk.mjs 10000 0   the same over NATS and PostgreSQL (scripts/start-distributed.sh;
//                                                   BENCH_POSTGRES_URL, default postgresql://postgres@127.0.0.1:5432)
//   BENCH_ROOT=/path/to/other/checkout …            measures that checkout's build with this script
//   BENCH_MODE=distributed ORDERS_REPLICAS=2 …      two orders processes on the one batch (scripts/start-distributed.sh)
//   BENCH_BATCHES=3 node scripts/bench-bulk.mjs 10000 0   three batches in a row in one process, each timed
//   BENCH_PAUSE_MS=40000 BENCH_BATCHES=3 …          with a quiet pause between them (the embedded database vacuums when quiet)
// Over 10,000 rows the batch goes up in slices of 2,000 (POST /api/orders/bulk/rows, then /submit), as the web app sends it.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { machineSpeed } from './bench-api/machine-speed.mjs';
import { freePort } from './bench-api/system.mjs';

const root = new URL('..', import.meta.url).pathname;
const FINAL = ['completed', 'completed_with_errors', 'failed', 'processing_error'];
const ADMIN = { email: 'bench-admin@example.com', password: 'bench-admin-password' };

/** BENCH_MODE=distributed: every service its own process over NATS and PostgreSQL (scripts/start-distributed.sh). */
const MODE = process.env.BENCH_MODE === 'distributed' ? 'distributed' : 'embedded';
/** BENCH_ROOT: the checkout whose build is measured (default this one), e.g. an older build for a side-by-side run. */
const buildRoot = process.env.BENCH_ROOT ?? root;
/** BENCH_BATCHES=N: N batches one after another in the same process, each timed (what a database left unvacuumed costs). */
const BATCHES = Math.max(1, Number(process.env.BENCH_BATCHES ?? 1));
/** BENCH_PAUSE_MS: a wait between those batches, as between a customer's uploads. */
const PAUSE_MS = Math.max(0, Number(process.env.BENCH_PAUSE_MS ?? 0));
const POSTGRES = process.env.BENCH_POSTGRES_URL ?? 'postgresql://postgres@127.0.0.1:5432';

const statFields = (pid) => readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ');

/** `pid` and every process under it (the distributed script's services and its NATS). */
const processTree = (pid) => {
  const children = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const parent = Number(statFields(entry)[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // The process ended while the list was read.
    }
  }
  const tree = [pid];
  for (let i = 0; i < tree.length; i++) tree.push(...(children.get(tree[i]) ?? []));
  return tree;
};

/** CPU seconds the processes have used (every thread, user + system), from /proc: the work, whatever the machine's load. */
const cpuSeconds = (pids) =>
  pids.reduce((sum, pid) => {
    try {
      const fields = statFields(pid);
      return sum + (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (100 a second on Linux)
    } catch {
      return sum;
    }
  }, 0);

/** The highest peak RSS (VmHWM) among the processes: in the embedded mode, the one process's. */
const peakRssMiB = (pids) =>
  Math.max(
    0,
    ...pids.map((pid) => {
      try {
        const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmHWM:'));
        return Math.round(Number(line?.replace(/\D+/g, '') ?? 0) / 1024);
      } catch {
        return 0;
      }
    }),
  );

/** The concurrency settings a scenario runs with: its own over this environment's. */
const settingsText = (settings) =>
  ['BULK_CONCURRENCY', 'EASYPOST_MAX_CONCURRENCY'].map((name) => `${name}=${settings[name] ?? process.env[name] ?? 'default'}`).join(' ');

// Extra node flags for the server process, e.g. BENCH_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' to profile it
// (node refuses --cpu-prof in NODE_OPTIONS).
const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);

const startServer = async (env, dataDir = mkdtempSync(join(tmpdir(), 'labeldesk-bench-bulk-'))) => {
  // Ports the system hands out are free and never among those fetch refuses (a random 3600–3899 once drew 3659:
  // "bad port").
  const [port, natsPort] = [await freePort(), await freePort()];
  const common = { PORT: String(port), ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, AUTH_RATE_LIMIT_PER_MINUTE: '1000', LOG_LEVEL: 'warn' };
  const database = `labeldesk_bench_${process.pid}_${port}`;
  const child =
    MODE === 'distributed'
      ? spawn('bash', [join(buildRoot, 'scripts/start-distributed.sh')], {
          env: { ...process.env, ...common, DATABASE_URL: `${POSTGRES}/${database}`, PUBLIC_URL: `http://127.0.0.1:${port}`, NATS_PORT: String(natsPort), NODE_FLAGS: nodeArgs.join(' '), ...env },
          stdio: ['ignore', 'ignore', 'inherit'],
        })
      : spawn(process.execPath, ['--expose-gc', ...nodeArgs, join(buildRoot, 'scripts/embedded/dist/main.js')], {
          env: { ...process.env, ...common, DATA_DIR: dataDir, ...env },
          stdio: ['ignore', 'ignore', 'inherit'],
        });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 480; i++) {
    if (await fetch(`${base}/api/health`).then((r) => r.ok).catch(() => false)) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    base,
    processes: () => processTree(child.pid),
    dataDir,
    stop: async ({ keepData = false } = {}) => {
      await new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGTERM');
      });
      if (!keepData) rmSync(dataDir, { recursive: true, force: true });
      if (MODE === 'distributed') spawnSync('psql', [`${POSTGRES}/postgres`, '-qc', `drop database if exists ${database} with (force)`], { stdio: 'ignore' });
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

/** A real carrier's shipping services come unpriced: the admin syncs them and prices and offers the one the rows use. */
const priceForSale = async (call, admin, serviceName) => {
  const defaults = expectOk(await call('POST', '/defaultServices/sync', undefined, admin), 'sync default services');
  const service = defaults.find((d) => d.name === serviceName);
  if (!service) throw new Error(`the carrier offers no ${serviceName}`);
  expectOk(await call('PUT', `/defaultServices/${service._id}/prices`, { prices: [{ fromWeight: 1, toWeight: service.maxWeight, price: 1_500 }] }, admin), 'price');
  expectOk(await call('PATCH', `/defaultServices/${service._id}/toggle`, { enabled: true }, admin), 'offer');
};

/** The customer's own price of `serviceName`: $5.00 at every weight, so 100,000 labels fit the largest balance. */
const cheapTier = async (call, admin, userId, serviceName) => {
  const services = expectOk(await call('GET', `/userServices/${userId}`, undefined, admin), 'user services');
  const service = services.find((s) => s.name === serviceName);
  if (!service) throw new Error(`the customer has no ${serviceName}`);
  expectOk(await call('PUT', `/userServices/${userId}/${service._id}/prices`, { prices: [{ fromWeight: 1, toWeight: service.maxWeight, price: 500 }] }, admin), 'tier');
};

/**
 * Up to 10,000 rows in one POST /orders/bulk/process, as every build since 69c45bf takes them (so builds compare);
 * more in slices of 2,000 (POST /orders/bulk/rows, then /orders/bulk/submit, decision 054), as the web app sends them.
 */
const submitRows = async (call, token, userId, orderId, orderData) => {
  if (orderData.length <= 10_000) return call('POST', `/orders/bulk/process/${userId}`, { orderId, orderData }, token);
  for (let firstRow = 0; firstRow < orderData.length; firstRow += 2_000) {
    const slice = await call('POST', `/orders/bulk/rows/${userId}`, { orderId, firstRow, orderData: orderData.slice(firstRow, firstRow + 2_000) }, token);
    if (slice.status !== 200) return slice;
  }
  return call('POST', `/orders/bulk/submit/${userId}`, { orderId, rowCount: orderData.length }, token);
};

/** One batch bought through `carrier`; `settings` are this scenario's orders settings, over this environment's. */
export async function bulkScenario(rows, latencyMs, carrier = 'sandbox', settings = {}) {
  const fake = carrier === 'easypost' ? fakeEasyPost({ latencyMs }) : null;
  await fake?.start();
  const carrierEnv = {
    ...settings,
    ...(fake ? { CARRIERS: 'easypost', EASYPOST_API_KEY: fake.apiKey, EASYPOST_API_URL: fake.url } : { SANDBOX_LATENCY_MS: String(latencyMs) }),
  };
  // Embedded: a first start initialises the data folder, so the measured one starts as `npm start` does on day two.
  const first = MODE === 'embedded' ? await startServer(carrierEnv) : null;
  await first?.stop({ keepData: true });
  const server = await startServer(carrierEnv, first?.dataDir);
  try {
    const call = client(server.base);
    const admin = (await call('POST', '/auth/login', ADMIN)).body.token;
    if (fake) await priceForSale(call, admin, row(0).service_name);
    const reg = (await call('POST', '/auth/register', { name: 'Bench', email: `bench-${Date.now()}@example.com`, password: 'bench-password', confirmPassword: 'bench-password' })).body;
    const { token } = reg;
    const userId = reg.user._id;
    await call('POST', `/userServices/${userId}/initialize`, undefined, token);
    // The admin sets a balance of at most $1,000,000: a batch that would cost more is bought at the customer's own
    // lower tier, as an admin would price a large account.
    if (rows > 50_000) await cheapTier(call, admin, userId, row(0).service_name);
    await call('POST', `/auth/users/details/${userId}`, { balance: 100_000_000 }, admin);
    const orderData = Array.from({ length: rows }, (_, i) => row(i));
    const processes = server.processes();
    let result;
    for (let batchNo = 1; batchNo <= BATCHES; batchNo++) {
      if (batchNo > 1) await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
      const balanceBefore = (await call('GET', '/auth/api/balance', undefined, token)).body.balance;
      // The fake's counts run over the whole process: each batch reports its own share.
      const soldBefore = fake?.labelsSold() ?? 0;
      const requestsBefore = fake?.requests.length ?? 0;
      const rssBefore = peakRssMiB(processes);
      const cpuBefore = cpuSeconds(processes);

      const started = performance.now();
      const { orderId } = (await call('POST', '/orders/bulk/init', { userId }, token)).body;
      const processed = await submitRows(call, token, userId, orderId, orderData);
      if (processed.status !== 200) throw new Error(`process answered ${processed.status}: ${JSON.stringify(processed.body)}`);
      const accepted = performance.now();
      let batch;
      // Batch Orders' list, as the page asks for it while the batch runs: its answer times (issue 25: p95 under 200 ms).
      const listMs = [];
      // When the batch was first seen building its files: the buying phase and the files phase apart (to a poll, ~0.2 s).
      let filesStarted;
      for (;;) {
        batch = (await call('GET', `/orders/bulk/order/${orderId}`, undefined, token)).body;
        if (FINAL.includes(batch.status)) break;
        if (batch.status === 'generating_files' && filesStarted === undefined) filesStarted = performance.now();
        const asked = performance.now();
        await call('GET', `/orders/bulk/${userId}?page=1&limit=7`, undefined, token);
        listMs.push(performance.now() - asked);
        await new Promise((r) => setTimeout(r, 100));
      }
      const labelled = performance.now();
      listMs.sort((a, b) => a - b);
      const listP = (q) => Math.round(listMs[Math.min(listMs.length - 1, Math.floor(q * listMs.length))] ?? 0);
      const sizes = {};
      for (const kind of ['pdf', 'result-csv', 'auto-csv']) sizes[kind] = (await call('GET', `/orders/download/${kind}/${orderId}`, undefined, token)).bytes;
      const finished = performance.now();
      // Every label once: as many distinct tracking numbers in the result CSV as rows bought, and the balance down by
      // exactly the batch's cost (read after the timing, so the check costs the measurement nothing).
      const csv = await (await fetch(`${server.base}/api/orders/download/result-csv/${orderId}`, { headers: { token } })).text();
      const [header = '', ...lines] = csv.split(/\r?\n/).filter((line) => line.trim() !== '');
      const trackingAt = header.split(',').findIndex((name) => /tracking/i.test(name));
      const tracking = new Set(lines.map((line) => line.split(',')[trackingAt]?.replace(/"/g, '').trim()).filter((value) => value));
      const balanceAfter = (await call('GET', '/auth/api/balance', undefined, token)).body.balance;
      const charged = balanceBefore - balanceAfter;
      const cpuMsPerRow = ((cpuSeconds(processes) - cpuBefore) * 1000) / rows;
      result = {
        batchNo,
        carrier,
        settings: settingsText(settings),
        rows,
        latencyMs,
        status: batch.status,
        processed: batch.processedCount,
        acceptMs: Math.round(accepted - started),
        toFilesMs: Math.round(labelled - started),
        boughtMs: filesStarted === undefined ? null : Math.round(filesStarted - started),
        withDownloadsMs: Math.round(finished - started),
        pdfMiB: +(sizes.pdf / 1048576).toFixed(1),
        peakRssMiB: peakRssMiB(processes),
        rssBeforeMiB: rssBefore,
        cpuMsPerRow: +cpuMsPerRow.toFixed(2),
        listP50Ms: listP(0.5),
        listP95Ms: listP(0.95),
        listMaxMs: listP(1),
        distinctTracking: tracking.size,
        chargedCents: charged,
        ...(fake ? { labelsSold: fake.labelsSold() - soldBefore, apiRequests: fake.requests.length - requestsBefore } : {}),
      };
      console.log(
        `${BATCHES > 1 ? `batch ${batchNo} of ${BATCHES} in one process: ` : ''}bulk ${rows} rows, ${MODE}, ${carrier} at ${latencyMs} ms latency (${result.settings}): ${result.status} ${result.processed}/${rows}; accepted in ${result.acceptMs} ms, ` +
          `${result.boughtMs === null ? '' : `bought in ${(result.boughtMs / 1000).toFixed(1)} s, `}files ready in ${(result.toFilesMs / 1000).toFixed(1)} s (${(result.withDownloadsMs / 1000).toFixed(1)} s with the three downloads); ` +
          `merged PDF ${result.pdfMiB} MiB; peak RSS ${result.peakRssMiB} MiB (${result.rssBeforeMiB} MiB before the batch); server CPU ${result.cpuMsPerRow} ms a row; ` +
          `GET /api/orders/bulk/{userId} during the batch p50 ${result.listP50Ms} / p95 ${result.listP95Ms} / max ${result.listMaxMs} ms (${listMs.length} asked)` +
          (fake ? `; EasyPost sold ${result.labelsSold} labels in ${result.apiRequests} API requests` : ''),
      );
      // The embedded database's folder: what the batches leave on disk (old row versions until a vacuum).
      if (MODE === 'embedded') {
        const mib = (folder) => spawnSync('du', ['-sm', join(server.dataDir, 'pgdata', folder)], { encoding: 'utf8' }).stdout.split('\t')[0];
        console.log(`  database folder after this batch: tables ${mib('base')} MiB, write-ahead log ${mib('pg_wal')} MiB`);
      }
      console.log(`  every label once: ${tracking.size} distinct tracking numbers in the result CSV for ${batch.processedCount} labels; charged ${charged} cents, the batch's cost ${batch.bulkOrderData?.cost} cents`);
      if (tracking.size !== batch.processedCount || charged !== batch.bulkOrderData?.cost) throw new Error('a label bought twice or charged wrongly');
      if (fake && result.labelsSold !== result.processed) throw new Error(`EasyPost sold ${result.labelsSold} labels for ${result.processed} rows processed`);
    }
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
const RAISED = { EASYPOST_MAX_CONCURRENCY: '64' };

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
