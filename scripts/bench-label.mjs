// node scripts/bench-label.mjs [labels] — label benchmarks. Needs the compiled orders service first:
// `node scripts/build.mjs orders` (or `npm run build`).
//
// Part 1, renderingBenchmark(): renders N sandbox 4x6 labels (default 500, env LABELS or first argument) one
// after another on this thread with the compiled renderer and prints labels/s and PDF size per label.
// Part 2, gatewayBenchmark(): starts the embedded mode (`npm start`'s process) on a fresh data folder and buys
// ORDERS (default 200) single labels one after another through the HTTP API, printing p50/p95/max latency.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = new URL('..', import.meta.url).pathname;
const sandboxDist = join(root, 'services/orders/dist/carriers/sandbox');
const require = createRequire(import.meta.url);

const loadSandbox = () => {
  const rendererPath = join(sandboxDist, 'label-renderer.js');
  if (!existsSync(rendererPath)) {
    throw new Error(`${rendererPath} is missing: run \`node scripts/build.mjs orders\` first`);
  }
  const { renderLabel } = require(rendererPath);
  const { buildImpb, SANDBOX_CHANNEL, SANDBOX_TEST_MAILER_ID } = require(join(sandboxDist, 'impb.js'));
  const { SANDBOX_SERVICES } = require(join(sandboxDist, 'sandbox-services.js'));
  return { renderLabel, buildImpb, SANDBOX_CHANNEL, SANDBOX_TEST_MAILER_ID, SANDBOX_SERVICES };
};

const destinations = [
  { name: 'Jane Doe', company: null, street1: '350 Fifth Avenue', street2: 'Suite 4200', city: 'New York', state: 'NY', zip: '10118' },
  { name: 'Maximilian Alexander Montgomery', company: 'Northwest Regional Medical Supply', street1: '12345 North Johnson Creek Boulevard', street2: 'Apartment 1205', city: 'Rancho Santa Margarita', state: 'CA', zip: '92688-1234' },
  { name: 'Carlos Ruiz', company: null, street1: '1600 Pennsylvania Ave NW', street2: null, city: 'Washington', state: 'DC', zip: '20500' },
];

/** A realistic label input for label number `i`: services, destinations and serials vary. */
const labelInput = (sandbox, i) => {
  const service = sandbox.SANDBOX_SERVICES[i % sandbox.SANDBOX_SERVICES.length];
  const to = { phone: null, country: 'US', ...destinations[i % destinations.length] };
  const [zip5, zip4] = to.zip.split('-');
  return {
    service,
    from: { name: 'Acme Widgets Fulfillment', company: null, phone: null, street1: '1200 Industrial Parkway', street2: null, city: 'Columbus', state: 'OH', zip: '43215', country: 'US' },
    to,
    package: { lengthIn: 12, widthIn: 10, heightIn: 4, weightLb: 0.5 + (i % 40), description: 'Blue widget, large', reference1: String(1 + (i % 5)), reference2: `WID-${String(i).padStart(5, '0')}` },
    impb: sandbox.buildImpb({ zip5, zip4, channel: sandbox.SANDBOX_CHANNEL, serviceTypeCode: service.serviceTypeCode, mailerId: sandbox.SANDBOX_TEST_MAILER_ID, serial: 1_000 + i }),
    shipDate: new Date(),
  };
};

/**
 * Renders `count` labels sequentially (after a short warm-up) and prints
 * `pdf rendering: X labels/s (N labels, Y ms, Z KB per label)`. Returns the figures.
 */
export async function renderingBenchmark({ count = 500, warmup = 20 } = {}) {
  const sandbox = loadSandbox();
  for (let i = 0; i < warmup; i++) await sandbox.renderLabel(labelInput(sandbox, i));

  let bytes = 0;
  const started = performance.now();
  for (let i = 0; i < count; i++) {
    const pdf = await sandbox.renderLabel(labelInput(sandbox, i));
    bytes += pdf.length;
  }
  const ms = performance.now() - started;
  const result = {
    labels: count,
    ms: Math.round(ms),
    labelsPerSecond: Math.round((count / ms) * 1000),
    kbPerLabel: Math.round((bytes / count / 1024) * 10) / 10,
  };
  console.log(`pdf rendering: ${result.labelsPerSecond} labels/s (${result.labels} labels, ${result.ms} ms, ${result.kbPerLabel} KB per label)`);
  return result;
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** Buys `count` labels one at a time through the gateway of a fresh embedded system; prints latency percentiles. */
export async function gatewayBenchmark({ count = 200, warmup = 10, port = 3391 } = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-label-'));
  const child = spawn(process.execPath, ['--expose-gc', join(root, 'scripts/embedded/dist/main.js')], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), ADMIN_EMAIL: 'bench@example.com', ADMIN_PASSWORD: 'bench-password', LOG_LEVEL: 'error', AUTH_RATE_LIMIT_PER_MINUTE: '1000' },
    stdio: 'ignore',
  });
  const base = `http://127.0.0.1:${port}/api`;
  const call = async (method, path, body, headers = {}) => {
    const response = await fetch(base + path, { method, headers: { 'content-type': 'application/json', ...headers }, body: body === undefined ? undefined : JSON.stringify(body) });
    const json = await response.json();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${json.message}`);
    return json;
  };
  try {
    for (let i = 0; ; i++) {
      if (await fetch(`${base}/health`).then((r) => r.ok).catch(() => false)) break;
      if (i > 600) throw new Error('embedded system did not become healthy');
      await new Promise((r) => setTimeout(r, 100));
    }
    const admin = await call('POST', '/auth/login', { email: 'bench@example.com', password: 'bench-password' });
    const user = await call('POST', '/auth/register', { name: 'Bench', email: 'buyer@example.com', password: 'bench-password', confirmPassword: 'bench-password' });
    await call('POST', `/auth/users/details/${user.user._id}`, { balance: 10_000_000 }, { token: admin.token });
    const order = (i) => {
      const to = destinations[Math.abs(i) % destinations.length];
      return {
        service_name: 'USPS Priority Mail',
        sender: { sender_name: 'Acme Widgets', sender_address1: '1200 Industrial Parkway', sender_city: 'Columbus', sender_state_province: 'OH', sender_zip_postal: '43215' },
        receiver: { receiver_name: to.name, receiver_company: to.company, receiver_address1: to.street1, receiver_address2: to.street2, receiver_city: to.city, receiver_state_province: to.state, receiver_zip_postal: to.zip },
        package: { package_length: 12, package_width: 10, package_height: 4, package_weight: 1 + (Math.abs(i) % 30), package_reference2: `WID-${i}` },
      };
    };
    const buy = (i) => call('POST', '/orders/v2', order(i), { token: user.token, 'idempotency-key': `bench-order-${i}` });
    for (let i = 0; i < warmup; i++) await buy(-1 - i);
    const latencies = [];
    const started = performance.now();
    for (let i = 0; i < count; i++) {
      const t0 = performance.now();
      await buy(i);
      latencies.push(performance.now() - t0);
    }
    const totalMs = performance.now() - started;
    latencies.sort((a, b) => a - b);
    const result = { orders: count, p50: percentile(latencies, 50), p95: percentile(latencies, 95), max: latencies[latencies.length - 1], perSecond: (count / totalMs) * 1000 };
    console.log(
      `single label through the gateway (embedded): p50 ${result.p50.toFixed(1)} ms, p95 ${result.p95.toFixed(1)} ms, max ${result.max.toFixed(1)} ms (${count} sequential orders, ${result.perSecond.toFixed(1)} orders/s)`,
    );
    return result;
  } finally {
    await new Promise((done) => {
      child.once('exit', done);
      child.kill('SIGTERM');
    });
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const count = Number(process.argv[2] ?? process.env.LABELS ?? 500);
  if (!Number.isInteger(count) || count < 1) throw new Error(`label count must be a positive integer, got ${process.argv[2] ?? process.env.LABELS}`);
  await renderingBenchmark({ count });
  await gatewayBenchmark({ count: Number(process.env.ORDERS ?? 200) });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
