import { healthRpc } from '@labeldesk/contracts';
import { startDistributed, startHookTimeout, type DistributedSystem } from '@labeldesk/testing';
import { connect } from 'nats';
import { NOT_KNOWN } from '../src/http/orders.controller';
import { booksOf } from './support/books';
import { adminTokenOf, apiClient, balanceOf, newBulkCustomer, type Api, SINGLE_LABEL_ORDER as ORDER } from './support/bulk-api';
import { eventually } from './support/lifecycle-api';

const BALANCE = 100_000;
const PRICE = 850;
// Far apart from what the tests measure against them, so no answer depends on how busy the machine is: a purchase that
// finds nobody listening is answered in milliseconds, far inside the reply wait; the carrier's latency outlasts the wait.
const REPLY_WAIT_MS = 8_000;
const CARRIER_LATENCY_MS = 10_000;

interface ListedOrder {
  _id: string;
  status: string;
  tracking_number: string | null;
}

/**
 * Waits until NATS has dropped the killed orders process's subscriptions, as it does once it reads the closed socket:
 * until then a request is still routed to the dead process and waits out its timeout (stop 35's CI: 1,514 ms, the
 * 1,500 ms reply wait and then the "no responders" answer).
 */
const untilNoOrdersProcessListens = async (system: DistributedSystem): Promise<void> => {
  const { NATS_USER, NATS_PASSWORD } = system.nats.credentials('gateway');
  const nc = await connect({ servers: system.nats.url, user: String(NATS_USER), pass: String(NATS_PASSWORD), inboxPrefix: '_INBOX_gateway', tls: system.nats.tls('gateway'), reconnect: false });
  try {
    for (let attempt = 0; attempt < 100; attempt++) {
      const answered = await nc.request(healthRpc('orders').subject, new TextEncoder().encode('{}'), { timeout: 200 }).then(
        () => 'answered',
        (error: unknown) => (String((error as { code?: unknown }).code) === '503' ? 'nobody' : 'timeout'),
      );
      if (answered === 'nobody') return;
    }
    throw new Error('NATS still routes orders requests to a process that was killed');
  } finally {
    await nc.close();
  }
};

/** What orders and payments hold about one user's single labels: the labels made, the charges and the refunds. */
const labelBooksOf = async (system: DistributedSystem, userId: string) => {
  const { labels, charges, refunds } = await booksOf(system, userId);
  return { labels, charges, refunds };
};

describe('one label bought while its orders process dies (distributed mode)', () => {
  let system: DistributedSystem;
  let call: Api;
  let customer: { token: string; userId: string };

  beforeAll(async () => {
    // The carrier takes longer than the gateway waits; recovery resumes an order untouched for 5 s.
    system = await startDistributed(
      { ORDER_REPLY_WAIT_MS: String(REPLY_WAIT_MS) },
      { ordersEnv: { SANDBOX_LATENCY_MS: String(CARRIER_LATENCY_MS), ORDER_STALE_SECONDS: '5' } },
    );
    call = apiClient(system.baseUrl);
    const adminToken = await adminTokenOf(call, system);
    customer = await newBulkCustomer(call, adminToken, BALANCE, 'dying');
  }, startHookTimeout());

  afterAll(async () => {
    await system?.stop();
  }, 60_000);

  const listed = async (): Promise<ListedOrder[]> => {
    const answer = await call('GET', `/orders/${customer.userId}`, undefined, { token: customer.token });
    return answer.status === 200 ? (answer.body['orders'] as ListedOrder[]) : [];
  };

  it('answers at once without promising what nobody can confirm, shows the order pending, then completes it once after a restart', async () => {
    const purchase = call('POST', '/orders/v2', ORDER, { token: customer.token, 'idempotency-key': 'dies-mid-purchase-1' });
    // Killed while the carrier is still making the label: the order is written and paid for, no reply was sent.
    while ((await labelBooksOf(system, customer.userId)).charges === 0) await new Promise((r) => setTimeout(r, 50));
    await system.killOrders(0);
    const answer = await purchase;
    // Answered while no orders process lives: the gateway gave up on its own wait, not on the recovery after a restart.
    expect(system.replicas('orders')).toBe(0);
    // The only orders process is gone, so nobody can say whether the order was written: no 202 and no "not charged".
    expect(answer.status).toBe(503);
    expect(answer.body['message']).toBe(NOT_KNOWN);

    await system.startOrders();
    const [pending] = await listed();
    expect(pending?.status).toBe('pending');
    // Recovery takes up an order untouched for ORDER_STALE_SECONDS: the new process finishes it on its own clock.
    const finished = await eventually(
      async () => (await listed()).find((o) => o._id === pending?._id),
      (order) => order?.status === 'completed',
      60_000 + CARRIER_LATENCY_MS,
      'the recovered order',
    );
    expect(finished).toMatchObject({ status: 'completed', tracking_number: expect.stringMatching(/^9[2-5]\d{20}(\d{4})?$/) });
    expect(await labelBooksOf(system, customer.userId)).toEqual({ labels: 1, charges: 1, refunds: 0 });
    expect(await balanceOf(call, customer.token)).toBe(BALANCE - PRICE);

    // The customer's retry with the same key answers the finished label, charging nothing more.
    const retried = await call('POST', '/orders/v2', ORDER, { token: customer.token, 'idempotency-key': 'dies-mid-purchase-1' });
    expect([retried.status, retried.body['data']]).toEqual([200, expect.objectContaining({ orderId: pending?._id, price: PRICE })]);
    expect(await balanceOf(call, customer.token)).toBe(BALANCE - PRICE);
  }, 150_000);

  it('answers 503 at once when no orders process is there to take the purchase, and charges nothing', async () => {
    await system.killOrders(1);
    await untilNoOrdersProcessListens(system);
    const started = Date.now();
    const answer = await call('POST', '/orders/v2', ORDER, { token: customer.token, 'idempotency-key': 'nobody-home-1' });
    // NATS says at once that nobody listens; waiting out the reply window instead would take REPLY_WAIT_MS (8 s).
    expect(Date.now() - started).toBeLessThan(REPLY_WAIT_MS);
    expect(answer.status).toBe(503);
    expect(String(answer.body['message'])).not.toMatch(/orders\.|\.v1/);
    expect(await labelBooksOf(system, customer.userId)).toEqual({ labels: 1, charges: 1, refunds: 0 });
  }, 60_000);

  it('keeps the gateway live and ready while orders is down: the rest of the API works, health says which is down', async () => {
    const status = async (path: string) => (await fetch(`${system.baseUrl}/api${path}`)).status;
    expect([await status('/health/live'), await status('/health/ready'), await status('/health')]).toEqual([200, 200, 503]);
    const health = (await (await fetch(`${system.baseUrl}/api/health`)).json()) as { services: Array<{ service: string; status: string }> };
    expect(health.services.filter((s) => s.status !== 'ok').map((s) => s.service)).toEqual(['orders']);
    expect(await balanceOf(call, customer.token)).toBe(BALANCE - PRICE);
  }, 60_000);
});
