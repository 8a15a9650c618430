import { START_TIMEOUT_MS, startDistributed, startHookTimeout, type DistributedSystem, type ProcessName } from '@labeldesk/testing';
import { io, type Socket } from 'socket.io-client';
import { booksOf } from './support/books';
import { adminTokenOf, apiClient, balanceOf, bulkRow, newBulkCustomer, waitForBulk, type Api, SINGLE_LABEL_ORDER as ORDER } from './support/bulk-api';

const BALANCE = 1_000_000;
const PRICE = 850;
/** Every process, one replica at a time, the gateways last (as a rollout of a new version of everything would). */
const ROLLOUT: ProcessName[] = ['auth', 'payments', 'address', 'pricing', 'orders', 'gateway'];

interface Outcome {
  kind: 'quote' | 'purchase';
  status: number | 'network error';
  ms: number;
  /** What a failed request answered, so a failure says which hop refused it. */
  message?: string;
  /** How far the rollout was when a request failed. */
  at?: string;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

describe('two replicas of every service and gateway (distributed mode)', () => {
  let system: DistributedSystem;
  let call: Api;
  let adminToken: string;

  beforeAll(async () => {
    // The proxy re-reads readiness every 100 ms: a stopping replica keeps serving 300 ms after it says not ready. On an
    // empty database, so each service's two replicas start by taking turns on the migration lock, as a scale-out does.
    system = await startDistributed({ SHUTDOWN_DELAY_MS: '300' }, { replicas: 2, emptyDatabase: true });
    call = apiClient(system.baseUrl);
    adminToken = await adminTokenOf(call, system);
  }, startHookTimeout());

  afterAll(async () => {
    await system?.stop();
  }, 60_000);

  it('streams a batch\'s progress to the owner on whichever gateway their socket landed', async () => {
    const customer = await newBulkCustomer(call, adminToken, BALANCE, 'two-sockets');
    const init = await call('POST', '/orders/bulk/init', { userId: customer.userId }, { token: customer.token });
    const orderId = String(init.body['orderId']);
    // Two sockets in a row land on the two gateways (round robin); the batch's events come from an orders replica.
    const sockets: Socket[] = [];
    const completed: Array<Promise<void>> = [];
    for (let n = 0; n < 2; n++) {
      const socket = io(system.baseUrl, { transports: ['websocket'], auth: { token: customer.token }, reconnection: false });
      completed.push(new Promise<void>((resolve) => socket.on('orderProgress', (progress: { status: string }) => progress.status === 'completed' && resolve())));
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      sockets.push(socket);
      // In the room once the gateway answers the join with the batch's state as it stands.
      await new Promise<void>((resolve, reject) => {
        socket.once('orderProgress', () => resolve());
        socket.once('roomError', (error: { message: string }) => reject(new Error(error.message)));
        socket.emit('joinOrderRoom', `order_${orderId}`);
      });
    }
    try {
      const processed = await call('POST', `/orders/bulk/process/${customer.userId}`, { orderId, orderData: Array.from({ length: 6 }, (_, i) => bulkRow(i)) }, { token: customer.token });
      expect(processed.status).toBe(200);
      const finished = await waitForBulk(call, customer.token, orderId);
      expect(finished.status).toBe('completed');
      // Each socket hears the batch end, whichever gateway it is on.
      await Promise.all(completed);
      expect(Object.values(system.proxy.stats().forwarded).every((n) => n > 0)).toBe(true);
      expect(await balanceOf(call, customer.token)).toBe(BALANCE - 6 * PRICE);
    } finally {
      for (const socket of sockets) socket.disconnect();
    }
  }, 120_000);

  it('restarts every replica one at a time under quotes and purchases: no failed request, no order lost or charged twice, books balanced', async () => {
    const customer = await newBulkCustomer(call, adminToken, BALANCE, 'rolling');
    const outcomes: Outcome[] = [];
    const restarts: Array<{ name: ProcessName; index: number; ms: number }> = [];
    const purchaseKeys: string[] = [];
    let loading = true;
    const timed = async (kind: Outcome['kind'], request: () => Promise<{ status: number; body: Record<string, unknown> }>) => {
      const started = performance.now();
      const outcome = await request().then(
        (answer): Outcome => ({ kind, status: answer.status, ms: 0, ...(answer.status === 200 ? {} : { message: JSON.stringify(answer.body) }) }),
        (error: unknown): Outcome => ({ kind, status: 'network error', ms: 0, message: String(error) }),
      );
      outcomes.push({ ...outcome, ms: performance.now() - started, ...(outcome.status === 200 ? {} : { at: `${restarts.length} restarts done` }) });
    };
    const quoting = async () => {
      while (loading) {
        await timed('quote', () => call('POST', '/orders/price/v2/bulk', { userId: customer.userId, shipments: [{ service_name: 'USPS Priority Mail', package: { package_weight: 2 } }] }, { token: customer.token }));
      }
    };
    const buying = async (worker: number) => {
      for (let n = 0; loading; n++) {
        const key = `rolling-${worker}-${n}`;
        purchaseKeys.push(key);
        await timed('purchase', () => call('POST', '/orders/v2', ORDER, { token: customer.token, 'idempotency-key': key }));
        await new Promise((r) => setTimeout(r, 20));
      }
    };
    const load = Promise.all([quoting(), quoting(), buying(1), buying(2)]);

    const rolloutStarted = performance.now();
    for (const name of ROLLOUT) {
      for (const index of [0, 1]) {
        const started = performance.now();
        await system.restart(name, index);
        restarts.push({ name, index, ms: Math.round(performance.now() - started) });
      }
    }
    const rolloutMs = performance.now() - rolloutStarted;
    loading = false;
    await load;

    const failed = outcomes.filter((o) => o.status !== 200);
    const quotes = outcomes.filter((o) => o.kind === 'quote');
    const purchases = outcomes.filter((o) => o.kind === 'purchase');
    // What the rollout cost the callers, printed for whoever reads the run: restarts, latencies, failures.
    process.stdout.write(
      `rolling restart: ${restarts.length} restarts in ${(rolloutMs / 1000).toFixed(1)} s (${restarts.map((r) => `${r.name}#${r.index} ${r.ms} ms`).join(', ')}); ` +
        `${quotes.length} quotes (p50 ${percentile(quotes.map((o) => o.ms), 50).toFixed(0)} ms, p99 ${percentile(quotes.map((o) => o.ms), 99).toFixed(0)} ms, max ${percentile(quotes.map((o) => o.ms), 100).toFixed(0)} ms), ` +
        `${purchases.length} purchases (p50 ${percentile(purchases.map((o) => o.ms), 50).toFixed(0)} ms, max ${percentile(purchases.map((o) => o.ms), 100).toFixed(0)} ms), ` +
        `${failed.length} failed, ${system.proxy.stats().retried} connections retried by the proxy\n`,
    );
    expect(failed).toEqual([]);
    expect(quotes.length).toBeGreaterThan(100);
    expect(purchases.length).toBeGreaterThan(20);

    const { balance, held, ledgerAvailable, ledgerHeld, charges, chargeKeys, orders, completedOrders } = await booksOf(system, customer.userId);
    expect({ balance, held, ledgerAvailable, ledgerHeld, charges, chargeKeys, orders, completedOrders }).toEqual({
      balance: BALANCE - purchases.length * PRICE,
      held: 0,
      ledgerAvailable: BALANCE - purchases.length * PRICE,
      ledgerHeld: 0,
      charges: purchases.length,
      chargeKeys: purchases.length,
      orders: purchases.length,
      completedOrders: purchases.length,
    });
    // Every purchase asked again with its key answers the label it bought, charging nothing more.
    const replayed = await call('POST', '/orders/v2', ORDER, { token: customer.token, 'idempotency-key': purchaseKeys[0] ?? '' });
    expect(replayed.status).toBe(200);
    expect(await balanceOf(call, customer.token)).toBe(BALANCE - purchases.length * PRICE);
    expect(ROLLOUT.map((name) => system.replicas(name))).toEqual(ROLLOUT.map(() => 2));
  }, 2 * ROLLOUT.length * START_TIMEOUT_MS); // each replica's restart waits for its readiness, bounded only against a hang
});
