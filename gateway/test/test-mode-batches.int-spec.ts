import { API_SCOPES } from '@labeldesk/contracts';
import { startDistributed, startEmbedded, type RunningSystem } from '@labeldesk/testing';
import { Client } from 'pg';
import { adminTokenOf, apiClient, bulkRow, newBulkCustomer, SINGLE_LABEL_ORDER, waitForBulk, type Api, type ApiAnswer } from './support/bulk-api';
import { carrierEnvOf, priceCarrierServices, startCarrierFakes, type CarrierFakes } from './support/carrier-fakes';
import { describeInsuranceClaims, INSURANCE_CLAIMS_ENV } from './support/insurance-claims.suite';
import { eventually } from './support/lifecycle-api';
import { sharedSystem } from './support/shared-system';

type Body = Record<string, unknown>;

/** Each event's mode as the column holds it (migration 049), read from the database (distributed mode only). */
const eventModesOf = async (databaseUrl: string, userId: string): Promise<Array<{ id: string; mode: string; bodyMode: string | null }>> => {
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const { rows } = await db.query<{ id: string; mode: string; body_mode: string | null }>(
      `select id, mode, body::jsonb->'data'->>'mode' as body_mode from orders.customer_events where user_id = $1`,
      [userId],
    );
    return rows.map((row) => ({ id: row.id, mode: row.mode, bodyMode: row.body_mode }));
  } finally {
    await db.end();
  }
};

/**
 * Test mode beyond single labels (decision 124), with the sandbox scanning half of its labels at once and deciding
 * claims at its first look: a test key's batch is bought from the sandbox and held, captured and voided on the test
 * balance only, and is not found by the live key; events are listed and replayed per mode from their column; a claim
 * on a test label is decided by the sandbox insurer and paid on the test balance.
 */
const describeTestModeBatches = (mode: string, running: () => RunningSystem & { databaseUrl?: string }): void => {
  describe(`test mode: batches, events, replays and claims (${mode} mode)`, () => {
    let call: Api;
    let seller: { token: string; userId: string };
    let live: Record<string, string>;
    let test: Record<string, string>;
    const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

    const balances = async (): Promise<Array<unknown>> => [
      (await call('GET', '/v1/balance', undefined, live)).body,
      (await call('GET', '/v1/balance', undefined, test)).body,
    ];
    const balanceBody = (available: number): Body => ({ available_cents: available, held_cents: 0 });
    const eventsOf = async (bearer: Record<string, string>, type?: string): Promise<Body[]> =>
      (await call('GET', `/v1/events?limit=100${type ? `&type=${type}` : ''}`, undefined, bearer)).body['data'] as Body[];
    const dataOf = (event: Body): Body => event['data'] as Body;

    beforeAll(async () => {
      call = apiClient(running().baseUrl);
      seller = await newBulkCustomer(call, await adminTokenOf(call, running()), 10_000, 'test-mode');
      const makeKey = async (name: string, keyMode: 'live' | 'test') => {
        const made = await call('POST', '/keys', { name, scopes: [...API_SCOPES], password: 'bulk-password', mode: keyMode }, { token: seller.token });
        expect(made.status).toBe(201);
        return { authorization: `Bearer ${String(made.body['key'])}` };
      };
      live = await makeKey('live', 'live');
      test = await makeKey('sandbox', 'test');
      const topUp = await call('POST', '/v1/balance/test-top-up', { amount_cents: 50_000 }, { ...test, 'Idempotency-Key': `tm-top-up-${tag}` });
      expect(topUp.status).toBe(201);
    }, 60_000);

    it("buys a test key's batch from the sandbox on the test balance alone, keeps it from the live key, and voids it back to the test balance", async () => {
      expect(await balances()).toEqual([balanceBody(10_000), balanceBody(50_000)]);
      const rows = [bulkRow(1), bulkRow(2)];
      const key = `tm-batch-${tag}`;
      const made = await call('POST', '/v1/batches', { shipments: rows }, { ...test, 'Idempotency-Key': key });
      expect([made.status, made.body['mode'], made.body['total_count']]).toEqual([201, 'test', 2]);
      const batchId = String(made.body['id']);
      const done = await waitForBulk(call, seller.token, batchId);
      expect([done.status, done.mode]).toEqual(['completed', 'test']);
      const batch = await call('GET', `/v1/batches/${batchId}`, undefined, test);
      expect(batch.body).toMatchObject({ id: batchId, mode: 'test', status: 'completed', processed_count: 2, cost_cents: made.body['quoted_cents'] });
      const cost = Number(batch.body['cost_cents']);
      expect(cost).toBeGreaterThan(0);
      // Held and captured on the test account: the live balance never moved, nothing stays held.
      expect(await balances()).toEqual([balanceBody(10_000), balanceBody(50_000 - cost)]);

      // The live key finds none of it, on the v1 routes nor the web app's.
      for (const path of [`/v1/batches/${batchId}`, `/v1/batches/${batchId}/shipments`, `/orders/bulk/order/${batchId}`, `/orders/bulk/${batchId}/labels`]) {
        expect([path, (await call('GET', path, undefined, live)).status]).toEqual([path, 404]);
      }
      expect((await call('POST', `/orders/bulk/${batchId}/void`, {}, live)).status).toBe(404);
      const batchFile = async (who: Record<string, string>) => (await fetch(`${running().baseUrl}/api/orders/download/pdf/${batchId}`, { headers: who })).status;
      expect([await batchFile(live), await batchFile({ token: seller.token })]).toEqual([404, 200]);
      const labels = await call('GET', `/v1/batches/${batchId}/shipments`, undefined, test);
      const trackingNumbers = (labels.body['data'] as Body[]).map((label) => String(label['tracking_number']));
      expect(trackingNumbers).toHaveLength(2);
      const batchTracking = `/orders/bulk/${batchId}/tracking/${trackingNumbers[0] ?? ''}`;
      expect([(await call('GET', batchTracking, undefined, live)).status, (await call('GET', batchTracking, undefined, { token: seller.token })).status]).toEqual([404, 200]);
      // Every label a sample: their events say test, and only the test key lists them.
      const testPurchases = (await eventsOf(test, 'label.purchased')).filter((event) => dataOf(event)['orderId'] === batchId);
      expect(testPurchases.map((event) => [dataOf(event)['labelKind'], dataOf(event)['carrier'], dataOf(event)['mode']])).toEqual([
        ['bulk', 'sandbox', 'test'],
        ['bulk', 'sandbox', 'test'],
      ]);
      const completed = await eventually(() => eventsOf(test, 'batch.completed'), (events) => events.some((event) => dataOf(event)['orderId'] === batchId), 30_000, 'the batch.completed event');
      expect(completed.filter((event) => dataOf(event)['orderId'] === batchId).map((event) => dataOf(event)['mode'])).toEqual(['test']);
      expect((await eventsOf(live)).filter((event) => dataOf(event)['orderId'] === batchId)).toEqual([]);

      // The same Idempotency-Key with the live key is another batch, a live one, on the live balance.
      const liveMade = await call('POST', '/v1/batches', { shipments: [bulkRow(3)] }, { ...live, 'Idempotency-Key': key });
      expect([liveMade.status, liveMade.body['mode']]).toEqual([201, 'live']);
      expect(liveMade.body['id']).not.toBe(batchId);
      expect((await waitForBulk(call, seller.token, String(liveMade.body['id']))).status).toBe('completed');
      const liveCost = Number((await call('GET', `/v1/batches/${String(liveMade.body['id'])}`, undefined, live)).body['cost_cents']);
      expect((await call('GET', `/v1/batches/${String(liveMade.body['id'])}`, undefined, test)).status).toBe(404);
      expect(await balances()).toEqual([balanceBody(10_000 - liveCost), balanceBody(50_000 - cost)]);

      // A session voids the test batch's labels: what comes back at once goes to the test balance, never the live one.
      const voided = await call('POST', `/orders/bulk/${batchId}/void`, { trackingNumbers }, { token: seller.token });
      expect(voided.status).toBe(200);
      const back = Number(voided.body['amountBack']);
      expect(await balances()).toEqual([balanceBody(10_000 - liveCost), balanceBody(50_000 - cost + back)]);
    }, 240_000);

    it('lists and replays events by the mode column: a key replays only its own mode’s events, one or all since a time', async () => {
      const bought = async (bearer: Record<string, string>, name: string) => {
        const answer = await call('POST', '/v1/shipments', SINGLE_LABEL_ORDER, { ...bearer, 'Idempotency-Key': `tm-${name}-${tag}` });
        expect(answer.status).toBe(201);
        return String(answer.body['id']);
      };
      const since = new Date().toISOString();
      const testLabel = await bought(test, 'replay-test');
      const liveLabel = await bought(live, 'replay-live');
      const purchaseOf = async (bearer: Record<string, string>, orderId: string): Promise<string> =>
        String((await eventsOf(bearer, 'label.purchased')).find((event) => dataOf(event)['orderId'] === orderId)?.['id']);
      // The web app's label download checks the mode as the lists do: a live key never gets a test label's file; a session gets both.
      const download = async (orderId: string, who: Record<string, string>) => (await fetch(`${running().baseUrl}/api/orders/download/pdf/${orderId}`, { headers: who })).status;
      expect([await download(testLabel, live), await download(liveLabel, live), await download(testLabel, { token: seller.token })]).toEqual([404, 200, 200]);
      expect([(await call('GET', `/orders/${testLabel}/tracking`, undefined, live)).status, (await call('GET', `/orders/${liveLabel}/tracking`, undefined, live)).status]).toEqual([404, 200]);
      const testEvent = await purchaseOf(test, testLabel);
      const liveEvent = await purchaseOf(live, liveLabel);
      expect(await purchaseOf(live, testLabel)).toBe('undefined');
      expect(await purchaseOf(test, liveLabel)).toBe('undefined');

      // Endpoints are the account's, whichever mode's events they get; made with the session (a public address nobody answers).
      const endpoint = await call('POST', '/webhooks', { url: 'https://1.1.1.1/hooks', events: ['label.purchased'] }, { token: seller.token });
      expect(endpoint.status).toBe(201);
      const endpointId = String(endpoint.body['id']);
      try {
        const replay = (bearer: Record<string, string>, eventId: string, key: string) =>
          call('POST', `/v1/events/${encodeURIComponent(eventId)}/replay`, {}, { ...bearer, 'Idempotency-Key': `${key}-${tag}` });
        expect(await replay(test, testEvent, 'tm-replay-one').then((a: ApiAnswer) => [a.status, a.body['event_count']])).toEqual([200, 1]);
        // Another mode's event is not found by a key, as another user's; the same Idempotency-Key from the live key is its own replay.
        expect((await replay(test, liveEvent, 'tm-replay-other')).status).toBe(404);
        expect((await replay(live, testEvent, 'tm-replay-other')).status).toBe(404);
        expect(await replay(live, liveEvent, 'tm-replay-one').then((a: ApiAnswer) => [a.status, a.body['event_count']])).toEqual([200, 1]);

        // All since a time: each key's own mode's purchases only.
        const catchUp = (bearer: Record<string, string>, key: string) => call('POST', `/v1/webhooks/${endpointId}/replay`, { since }, { ...bearer, 'Idempotency-Key': `${key}-${tag}` });
        const testCount = (await eventsOf(test, 'label.purchased')).filter((event) => String(event['timestamp']) >= since).length;
        const liveCount = (await eventsOf(live, 'label.purchased')).filter((event) => String(event['timestamp']) >= since).length;
        expect([testCount, liveCount]).toEqual([1, 1]);
        expect((await catchUp(test, 'tm-catch-up')).body['event_count']).toBe(testCount);
        expect((await catchUp(live, 'tm-catch-up')).body['event_count']).toBe(liveCount);
      } finally {
        await call('PATCH', `/webhooks/${endpointId}`, { enabled: false }, { token: seller.token });
      }

      // The column is written with each event and says what the body says (read from the database where there is one).
      const databaseUrl = running().databaseUrl;
      if (databaseUrl) {
        const rows = await eventModesOf(databaseUrl, seller.userId);
        expect(rows.filter((row) => row.mode !== (row.bodyMode ?? 'live'))).toEqual([]);
        expect(new Set(rows.map((row) => row.mode))).toEqual(new Set(['live', 'test']));
      }
    }, 120_000);

    it('files a claim on an insured test label: the sandbox insurer decides it and the test balance is paid, the live one untouched', async () => {
      let orderId = '';
      for (let tries = 0; tries < 30 && !orderId; tries++) {
        const answer = await call('POST', '/v1/shipments', { ...SINGLE_LABEL_ORDER, insurance: { declared_value_cents: 20_000 } }, { ...test, 'Idempotency-Key': `tm-insured-${tries}-${tag}` });
        expect([answer.status, answer.body['mode']]).toEqual([201, 'test']);
        const tracking = await call('GET', `/v1/shipments/${String(answer.body['id'])}/tracking`, undefined, test);
        if (tracking.body['used'] === true) orderId = String(answer.body['id']);
      }
      expect(orderId).not.toBe('');
      const [liveBefore, testBefore] = await balances();
      const claimBody = { type: 'lost', amount_cents: 7_500, description: 'The parcel never arrived at the test address' };
      expect((await call('POST', `/orders/${orderId}/claims`, claimBody, live)).status).toBe(404);
      const filed = await call('POST', `/orders/${orderId}/claims`, claimBody, test);
      expect([filed.status, filed.body['state']]).toEqual([201, 'submitted']);
      const claimId = String(filed.body['id']);
      const paid = await eventually(() => call('GET', `/claims/${claimId}`, undefined, test), (answer) => answer.body['state'] === 'paid', 60_000, 'the test claim paid');
      expect(paid.body).toMatchObject({ approvedCents: 7_500 });
      expect(await balances()).toEqual([liveBefore, balanceBody(Number((testBefore as Body)['available_cents']) + 7_500)]);
      // Listed to the test key only: the live key and the web app's (live) list do not show it, nor find it by id.
      const claimIds = async (who: Record<string, string>) => ((await call('GET', '/claims', undefined, who)).body['claims'] as Body[]).map((claim) => claim['id']);
      expect([await claimIds(test), await claimIds(live), await claimIds({ token: seller.token })]).toEqual([[claimId], [], []]);
      expect((await call('GET', `/claims/${claimId}`, undefined, live)).status).toBe(404);
    }, 120_000);
  });
};

/**
 * The suites that need the sandbox as INSURANCE_CLAIMS_ENV sets it (half of its labels scanned at once, claims decided
 * at their first look) share one system per mode (decision 130): each makes its own customers and reads only what they
 * own, and neither changes a setting, a service or a price.
 */
const describeInsuranceClaimsSuites = (mode: string, running: () => RunningSystem & { databaseUrl?: string }): void => {
  describeInsuranceClaims(mode, running);
  describeTestModeBatches(mode, running);
};

describe('embedded', () => {
  describeInsuranceClaimsSuites('embedded', sharedSystem(() => startEmbedded(INSURANCE_CLAIMS_ENV)));
});

describe('distributed', () => {
  describeInsuranceClaimsSuites('distributed', sharedSystem(() => startDistributed(INSURANCE_CLAIMS_ENV)));
});

/**
 * Beside a real carrier (the EasyPost fake as CARRIERS): a test key's batch is bought from the sandbox alone, asking
 * EasyPost nothing, while the live key's batch is bought at EasyPost (decision 124: `CarrierRegistry.forMode`).
 */
const describeBesideEasyPost = (mode: string, start: (env: NodeJS.ProcessEnv) => Promise<RunningSystem>): void => {
  describe(`a test batch beside a real carrier (${mode} mode)`, () => {
    let fakes: CarrierFakes | undefined;
    const running = sharedSystem(async () => {
      fakes = await startCarrierFakes();
      return start(carrierEnvOf(fakes, 'easypost'));
    });
    afterAll(() => fakes?.stop(), 60_000);

    it("buys the test key's rows from the sandbox without asking EasyPost, and the live key's at EasyPost", async () => {
      const system = running();
      const easyPost = fakes!.easyPost;
      const call = apiClient(system.baseUrl);
      const adminToken = await adminTokenOf(call, system);
      await priceCarrierServices(call, adminToken);
      const seller = await newBulkCustomer(call, adminToken, 100_000, 'tm-easypost');
      const keyOf = async (keyMode: 'live' | 'test') => {
        const made = await call('POST', '/keys', { name: keyMode, scopes: [...API_SCOPES], password: 'bulk-password', mode: keyMode }, { token: seller.token });
        expect(made.status).toBe(201);
        return { authorization: `Bearer ${String(made.body['key'])}` };
      };
      const [live, test] = [await keyOf('live'), await keyOf('test')];
      expect((await call('POST', '/v1/balance/test-top-up', { amount_cents: 10_000 }, { ...test, 'Idempotency-Key': `tm-ep-top-up-${Date.now()}` })).status).toBe(201);
      const carriersOf = async (bearer: Record<string, string>, batchId: string) =>
        ((await call('GET', '/v1/events?type=label.purchased', undefined, bearer)).body['data'] as Body[])
          .map((event) => event['data'] as Body)
          .filter((data) => data['orderId'] === batchId)
          .map((data) => [data['carrier'], data['mode']]);
      const batchOf = async (bearer: Record<string, string>, rows: number[]) => {
        const made = await call('POST', '/v1/batches', { shipments: rows.map((i) => bulkRow(i)) }, { ...bearer, 'Idempotency-Key': `tm-ep-${rows.join('-')}-${Date.now()}` });
        expect(made.status).toBe(201);
        const id = String(made.body['id']);
        expect((await waitForBulk(call, seller.token, id)).status).toBe('completed');
        return id;
      };

      const sold = easyPost.labelsSold();
      const testBatch = await batchOf(test, [1, 2]);
      expect(await carriersOf(test, testBatch)).toEqual([
        ['sandbox', 'test'],
        ['sandbox', 'test'],
      ]);
      expect(easyPost.labelsSold()).toBe(sold);
      const liveBatch = await batchOf(live, [3]);
      expect(await carriersOf(live, liveBatch)).toEqual([['easypost', 'live']]);
      expect(easyPost.labelsSold()).toBe(sold + 1);
    }, 180_000);
  });
};

describeBesideEasyPost('embedded', (env) => startEmbedded(env));
describeBesideEasyPost('distributed', (env) => startDistributed(env));
