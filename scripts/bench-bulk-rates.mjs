// npm run bench:bulk-rates — issue 45's "rates for a 1,000-row batch with the EasyPost fake at 300 ms ≤ 10 s".
// Needs `node scripts/build.mjs --no-web` (or `npm run build`) first.
//
// A system (embedded, or BENCH_MODE=distributed) sells through the fake EasyPost (libs/testing, in this process) with
// LATENCY ms added to every API answer. An admin syncs and prices its services; a customer submits ROWS rows, each a
// parcel of its own (weight in whole ounces and length in quarter inches differ, so no two share the rates cache's
// key), under the batch rule "cheapest" (decision 086). The time measured is from POST /api/orders/bulk/process to its
// answer: every row is rated (one EasyPost shipment a parcel), priced, its cheapest rate picked and the total held
// before the answer comes, so the answer is "every row rated". The batch's labels are then bought as any batch's
// (not timed here: bench:bulk measures that). Runs once per BULK_RATE_CONCURRENCY given (the parcels rated at once;
// `default` leaves it unset; EasyPost's purchase slots stay at their default 16), and prints the machine-speed probe
// (scripts/bench-api/machine-speed.mjs) before and after.
//   node scripts/bench-bulk-rates.mjs                        1,000 rows at 300 ms, BULK_RATE_CONCURRENCY default (64), then 16
//   node scripts/bench-bulk-rates.mjs 1000 300 default 32    rows, latency in ms, then each concurrency to run with
//   BENCH_MODE=distributed node scripts/bench-bulk-rates.mjs   the same over NATS and PostgreSQL
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { machineSpeed } from './bench-api/machine-speed.mjs';
import { ADMIN, root, startDistributed, startEmbedded } from './bench-api/system.mjs';

const [rowsArg, latencyArg, ...concurrencyArgs] = process.argv.slice(2);
const ROWS = Number(rowsArg ?? 1_000);
const LATENCY_MS = Number(latencyArg ?? 300);
const CONCURRENCIES = concurrencyArgs.length > 0 ? concurrencyArgs : ['default', '16'];
/** BULK_RATE_CONCURRENCY's default in services/orders/src/config/rates.env.ts, for the floor printed beside it. */
const DEFAULT_RATE_CONCURRENCY = 64;
const inFlight = (concurrency) => (concurrency === 'default' ? DEFAULT_RATE_CONCURRENCY : Number(concurrency));
const MODE = process.env.BENCH_MODE === 'distributed' ? 'distributed' : 'embedded';

const fakeEasyPost = (options) => {
  const built = join(root, 'libs/testing/dist/lib/fake-easypost.server.js');
  if (!existsSync(built)) throw new Error(`${built} is missing: run \`node scripts/build.mjs --no-web\` first`);
  const { FakeEasyPostServer } = createRequire(import.meta.url)(built);
  return new FakeEasyPostServer(options);
};

const client = (base) => async (method, path, body, token) => {
  const answer = await fetch(`${base}/api${path}`, { method, headers: { 'content-type': 'application/json', ...(token ? { token } : {}) }, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: answer.status, body: await answer.json().catch(() => null) };
};

const expectOk = (answer, what) => {
  if (answer.status < 200 || answer.status > 299) throw new Error(`${what} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body;
};

/** Row i: its own parcel (whole ounces 16…65, length in quarter inches), to one of ten destinations. */
const row = (i) => {
  const to = [
    ['Seattle', 'WA', '98101'], ['New York', 'NY', '10001'], ['Chicago', 'IL', '60601'], ['Miami', 'FL', '33101'], ['Denver', 'CO', '80202'],
    ['Boston', 'MA', '02108'], ['Dallas', 'TX', '75201'], ['Phoenix', 'AZ', '85001'], ['Atlanta', 'GA', '30303'], ['Portland', 'OR', '97201'],
  ][i % 10];
  return {
    courier: 'usps', service_name: 'USPS Priority Mail', manifested: false,
    sender: { sender_name: 'Acme Widgets Fulfillment', sender_address1: '1200 Industrial Parkway', sender_city: 'Columbus', sender_state_province: 'OH', sender_zip_postal: '43215', sender_country: 'US' },
    receiver: { receiver_name: `Customer ${i}`, receiver_address1: `${100 + i} Pine Ave`, receiver_city: to[0], receiver_state_province: to[1], receiver_zip_postal: to[2], receiver_country: 'US' },
    package: { package_length: 10 + Math.floor(i / 50) * 0.25, package_width: 8, package_height: 4, package_weight: (16 + (i % 50)) / 16, sku_number: `WID-${i % 50}`, order_id: `114-${String(1000000 + i)}-${String(2000000 + i)}`, order_item_id: String(30000000000000 + i), quantity: 1 },
  };
};

const probe = (when) => {
  const speed = machineSpeed();
  console.log(`machine speed ${when} (scripts/bench-api/machine-speed.mjs, lower is faster): fastest ${speed.minMs} ms, median ${speed.medianMs} ms a pass; load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
};

/** One system at one rate concurrency: the batch's submit timed. */
const scenario = async (concurrency) => {
  const fake = fakeEasyPost({ latencyMs: LATENCY_MS });
  await fake.start();
  Object.assign(process.env, { CARRIERS: 'easypost', EASYPOST_API_KEY: fake.apiKey, EASYPOST_API_URL: fake.url });
  if (concurrency === 'default') delete process.env.BULK_RATE_CONCURRENCY;
  else process.env.BULK_RATE_CONCURRENCY = concurrency;
  const system = MODE === 'distributed' ? await startDistributed() : await startEmbedded();
  try {
    const call = client(system.base);
    const admin = expectOk(await call('POST', '/auth/login', ADMIN), 'admin login').token;
    // A real carrier's services come unpriced: the admin syncs them and prices every one for sale, each dearer than the
    // one before (so the rule has a cheapest to pick and something to save).
    for (const [i, service] of expectOk(await call('POST', '/defaultServices/sync', undefined, admin), 'sync').entries()) {
      expectOk(await call('PUT', `/defaultServices/${service._id}/prices`, { prices: [{ fromWeight: 1, toWeight: service.maxWeight, price: 5_000 + i * 500 }] }, admin), 'price');
      expectOk(await call('PATCH', `/defaultServices/${service._id}/toggle`, { enabled: true }, admin), 'offer');
    }
    const registered = expectOk(await call('POST', '/auth/register', { name: 'Bench', email: `bench-rates-${Date.now()}@example.com`, password: 'bench-password', confirmPassword: 'bench-password' }), 'register');
    const { token } = registered;
    const userId = registered.user._id;
    expectOk(await call('POST', `/userServices/${userId}/initialize`, undefined, token), 'initialize');
    expectOk(await call('POST', `/auth/users/details/${userId}`, { balance: 100_000_000 }, admin), 'balance');
    const orderData = Array.from({ length: ROWS }, (_, i) => row(i));
    const { orderId } = expectOk(await call('POST', '/orders/bulk/init', { userId }, token), 'init');
    const requestsBefore = fake.requests.length;

    const started = performance.now();
    const processed = await call('POST', `/orders/bulk/process/${userId}`, { orderId, orderData, options: { rateRule: { kind: 'cheapest' } } }, token);
    const ratedMs = Math.round(performance.now() - started);

    const body = expectOk(processed, 'process');
    const shipmentsRated = fake.requests.slice(requestsBefore).filter((request) => request.method === 'POST' && /\/v2\/shipments\/?$/.test(request.path)).length;
    console.log(
      `bulk rates, ${MODE}, ${ROWS} rows of distinct parcels, EasyPost fake at ${LATENCY_MS} ms, BULK_RATE_CONCURRENCY=${concurrency}: ` +
        `every row rated, priced and held in ${(ratedMs / 1000).toFixed(1)} s (${shipmentsRated} EasyPost shipments rated; held ${body.costCents} cents, saved ${body.savedCents} cents against the dearest rates)`,
    );
    if (shipmentsRated !== ROWS) throw new Error(`${shipmentsRated} parcels rated for ${ROWS} distinct parcels`);
    return { concurrency, ratedMs };
  } finally {
    await system.stop();
    await fake.stop();
  }
};

console.log(`bench:bulk-rates — ${cpus().length} cores, node ${process.version}, ${MODE} mode`);
probe('before');
const results = [];
for (const concurrency of CONCURRENCIES) results.push(await scenario(concurrency));
probe('after');
for (const { concurrency, ratedMs } of results) {
  console.log(`  BULK_RATE_CONCURRENCY=${concurrency}: ${(ratedMs / 1000).toFixed(1)} s (target ≤ 10 s: ${ratedMs <= 10_000 ? 'met' : 'not met'}; floor ${((ROWS / inFlight(concurrency)) * LATENCY_MS / 1000).toFixed(1)} s = rows ÷ concurrency × latency)`);
}
