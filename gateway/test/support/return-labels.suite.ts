import { API_SCOPES } from '@labeldesk/contracts';
import type { DistributedSystem, RunningSystem } from '@labeldesk/testing';
import { Client } from 'pg';
import { adminTokenOf, apiClient, balanceOf, newBulkCustomer, SINGLE_LABEL_ORDER, type Api } from './bulk-api';
import { buySingleLabel, eventually } from './lifecycle-api';

type Body = Record<string, unknown>;

/**
 * The sandbox as these tests set it: every label travels, its first scan 6 s after its purchase (a return label's
 * too), and unused pay-on-use returns are looked at every second.
 */
export const RETURN_LABELS_ENV: NodeJS.ProcessEnv = {
  SANDBOX_TRACKING_SHARE: '1',
  SANDBOX_SCAN_AFTER_SECONDS: '6',
  TRACKING_POLL_SECONDS: '1',
  RETURN_SCAN_POLL_SECONDS: '1',
};
const SCAN_AFTER_MS = 6_000;
const PRICE = 850;
const NOT_FOUND = 'This return label link does not exist, has expired, or the seller turned it off. Ask the seller for a new link.';
const UPS_ORDER = { ...SINGLE_LABEL_ORDER, courier: 'ups', service_name: 'UPS Ground' };

const returnsOf = async (call: Api, who: { token: string }, orderId: string): Promise<Body[]> =>
  ((await call('GET', '/returns', undefined, { token: who.token })).body['returns'] as Body[]).filter((label) => label['orderId'] === orderId);

/** Waits until a return label is charged (its carrier scanned it and the poller charged it). */
const chargedReturn = (call: Api, who: { token: string }, orderId: string, returnId: string): Promise<Body> =>
  eventually(
    async () => (await returnsOf(call, who, orderId)).find((label) => label['id'] === returnId) ?? {},
    (label) => label['state'] === 'charged',
    60_000,
    `return ${returnId} charged`,
  );

const buyUps = async (call: Api, who: { token: string }): Promise<string> => {
  const bought = await call('POST', '/orders/v2', UPS_ORDER, { token: who.token, 'Idempotency-Key': `ret-ups-${Date.now()}-${Math.random()}` });
  if (bought.status !== 200) throw new Error(`UPS label answered ${bought.status} ${JSON.stringify(bought.body)}`);
  return String((bought.body['data'] as Body)['orderId']);
};

/** The ledger's pay-on-use entries of a return label, read from the distributed system's database. */
const useChargesOf = async (databaseUrl: string, returnId: string): Promise<number[]> => {
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const rows = await db.query<{ cents: string }>(`select amount_cents as cents from payments.ledger_entries where idempotency_key = $1`, [`use:${returnId}`]);
    return rows.rows.map((row) => Number(row.cents));
  } finally {
    await db.end();
  }
};

/** A seller's live and test keys (decision 110), the test balance topped up with `testCents`. */
const keysOf = async (call: Api, who: { token: string }, testCents: number): Promise<{ live: Record<string, string>; test: Record<string, string>; testBalance: () => Promise<number> }> => {
  const keyOf = async (mode: 'live' | 'test') => {
    const made = await call('POST', '/keys', { name: `returns ${mode}`, scopes: [...API_SCOPES], password: 'bulk-password', mode }, { token: who.token });
    if (made.status !== 201 && made.status !== 200) throw new Error(`${mode} key answered ${made.status} ${JSON.stringify(made.body)}`);
    return { authorization: `Bearer ${String(made.body['key'])}` };
  };
  const [live, test] = [await keyOf('live'), await keyOf('test')];
  const topUp = await call('POST', '/v1/balance/test-top-up', { amount_cents: testCents }, { ...test, 'Idempotency-Key': `returns-top-up-${Date.now()}-${Math.random()}` });
  if (topUp.status !== 201) throw new Error(`test top-up answered ${topUp.status} ${JSON.stringify(topUp.body)}`);
  const testBalance = async () => Number((await call('GET', '/v1/balance', undefined, test)).body['available_cents']);
  return { live, test, testBalance };
};

/** Return labels through the REST API (decision 101): quote, pay on use and prepaid, the buyer's link, refusals, several at once. */
export const describeReturnLabels = (mode: string, running: () => RunningSystem, distributed?: () => DistributedSystem): void => {
  describe(`return labels (${mode} mode)`, () => {
    let call: Api;
    let adminToken: string;
    const seller = (balanceCents: number) => newBulkCustomer(call, adminToken, balanceCents, 'returns');

    beforeAll(async () => {
      call = apiClient(running().baseUrl);
      adminToken = await adminTokenOf(call, running());
    }, 60_000);

    it('says before buying that a USPS return is paid on use and a UPS one prepaid, and the quote moves no money', async () => {
      const who = await seller(10_000);
      const usps = await buySingleLabel(call, who);
      const ups = await buyUps(call, who);
      const before = await balanceOf(call, who.token);
      const onUse = await call('GET', `/orders/${usps.orderId}/return/quote`, undefined, { token: who.token });
      expect(onUse.body).toEqual({
        orderId: usps.orderId, courier: 'usps', serviceName: 'USPS Priority Mail', priceCents: PRICE, payment: 'on_use', existingReturns: 0,
        paymentText: "Pay on use: $8.50 is charged only if your buyer ships it (at the carrier's first scan); nothing if the label is never used.",
        // Bought from the carrier that sold the outbound label, the only one here (decision 123).
        carrier: 'sandbox', carrierName: 'Sandbox', otherCarriers: [], accountNote: null,
        // The sandbox needs no shipper contact (decision 128).
        contactNote: null,
      });
      expect((await call('GET', `/orders/${ups}/return/quote`, undefined, { token: who.token })).body).toMatchObject({ courier: 'ups', payment: 'prepaid' });
      expect(await balanceOf(call, who.token)).toBe(before);
    });

    it('charges a pay-on-use return only after its first scan, exactly once', async () => {
      const who = await seller(10_000);
      const { orderId } = await buySingleLabel(call, who);
      const before = await balanceOf(call, who.token);
      const made = await call('POST', `/orders/${orderId}/return`, {}, { token: who.token });
      expect(made.status).toBe(200);
      const label = (made.body['returnLabel'] as Body);
      expect(label).toMatchObject({ orderId, payment: 'on_use', state: 'awaiting_scan', chargedAt: null, scannedAt: null, priceCents: PRICE });
      // Asked again, the order's return label is answered, not a second one bought.
      const again = await call('POST', `/orders/${orderId}/return`, {}, { token: who.token });
      expect([again.body['created'], (again.body['returnLabel'] as Body)['id']]).toEqual([false, label['id']]);

      const charged = await chargedReturn(call, who, orderId, String(label['id']));
      const createdAt = Date.parse(String(label['createdAt']));
      const scannedAt = Date.parse(String(charged['scannedAt']));
      // The charge came after the carrier's first scan, which came SCAN_AFTER after the label was made.
      expect(scannedAt).toBeGreaterThanOrEqual(createdAt + SCAN_AFTER_MS - 1_000);
      expect(Date.parse(String(charged['chargedAt']))).toBeGreaterThanOrEqual(scannedAt);
      expect(await balanceOf(call, who.token)).toBe(before - PRICE);

      // A second return of the order, asked for deliberately, charged in its turn: by then the first has been seen
      // scanned in many rounds, and the balance holds exactly two charges.
      const second = await call('POST', `/orders/${orderId}/return`, { again: true }, { token: who.token });
      expect(second.body['created']).toBe(true);
      await chargedReturn(call, who, orderId, String((second.body['returnLabel'] as Body)['id']));
      expect(await balanceOf(call, who.token)).toBe(before - 2 * PRICE);

      const system = distributed?.();
      if (system) {
        // A replica that charged and died before marking the label: on restart the label is seen scanned again,
        // and payments answers the first posting.
        const db = new Client({ connectionString: system.databaseUrl });
        await db.connect();
        await db.query(`update orders.return_labels set status = 'awaiting_scan', next_check_at = now() where id = $1`, [label['id']]);
        await db.end();
        await system.restart('orders', 0);
        await chargedReturn(call, who, orderId, String(label['id']));
        expect(await useChargesOf(system.databaseUrl, String(label['id']))).toEqual([-PRICE]);
        expect(await balanceOf(call, who.token)).toBe(before - 2 * PRICE);
      }
    }, 120_000);

    it('charges a prepaid return when it is made and shows it beside its order', async () => {
      const who = await seller(10_000);
      const orderId = await buyUps(call, who);
      const before = await balanceOf(call, who.token);
      const made = await call('POST', `/orders/${orderId}/return`, {}, { token: who.token });
      expect(made.body['returnLabel']).toMatchObject({ payment: 'prepaid', state: 'prepaid', courier: 'ups', serviceName: 'UPS Ground', trackingNumber: expect.stringMatching(/^1Z/) });
      const price = Number((made.body['returnLabel'] as Body)['priceCents']);
      expect(price).toBeGreaterThan(0);
      expect(await balanceOf(call, who.token)).toBe(before - price);
      expect((await returnsOf(call, who, orderId)).map((label) => label['id'])).toEqual([(made.body['returnLabel'] as Body)['id']]);
    });

    it('opens the return label for anyone holding its link, until the seller turns the link off', async () => {
      const who = await seller(10_000);
      const { orderId } = await buySingleLabel(call, who);
      const label = (await call('POST', `/orders/${orderId}/return`, {}, { token: who.token })).body['returnLabel'] as Body;
      const link = await call('POST', `/returns/${String(label['id'])}/link`, undefined, { token: who.token });
      expect(link.body).toMatchObject({ token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), revoked: false });
      const token = String(link.body['token']);
      const expires = Date.parse(String(link.body['expiresAt'])) - Date.parse(String(link.body['createdAt']));
      expect(Math.round(expires / 86_400_000)).toBe(30);

      const page = await call('GET', `/public/returns/${token}`);
      expect(page.body).toMatchObject({ sellerName: 'Ann Sender', courier: 'usps', serviceName: 'USPS Priority Mail', trackingNumber: label['trackingNumber'] });
      expect(JSON.stringify(page.body)).not.toMatch(/Bob Receiver|Pine Ave|850/);
      const pdf = await fetch(`${running().baseUrl}/api/public/returns/${token}/label`);
      expect([pdf.status, pdf.headers.get('content-type')]).toEqual([200, 'application/pdf']);
      expect(Buffer.from(await pdf.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');
      // The seller's list says a link exists, never its token.
      const listed = (await returnsOf(call, who, orderId))[0]!;
      expect([listed['link'], JSON.stringify(listed).includes(token)]).toEqual([{ createdAt: link.body['createdAt'], expiresAt: link.body['expiresAt'], revoked: false }, false]);

      expect((await call('DELETE', `/returns/${String(label['id'])}/link`, undefined, { token: who.token })).body).toEqual({ revoked: true });
      for (const path of [`/public/returns/${token}`, `/public/returns/${token}/label`, '/public/returns/not-a-token']) {
        const refused = await call('GET', path);
        expect([refused.status, refused.body['message']]).toEqual([404, NOT_FOUND]);
      }
      // Another seller cannot make, read or link the return labels of an order that is not theirs.
      const stranger = await seller(10_000);
      expect((await call('POST', `/orders/${orderId}/return`, {}, { token: stranger.token })).status).toBe(404);
      expect((await call('POST', `/returns/${String(label['id'])}/link`, undefined, { token: stranger.token })).status).toBe(404);
    });

    it('refuses a return the balance could not pay, moving no money and leaving no return behind', async () => {
      const who = await seller(PRICE);
      const { orderId } = await buySingleLabel(call, who);
      expect(await balanceOf(call, who.token)).toBe(0);
      const refused = await call('POST', `/orders/${orderId}/return`, {}, { token: who.token });
      expect([refused.status, refused.body['message']]).toEqual([402, 'Insufficient balance: this return label costs $8.50 and your balance is $0.00. Add $8.50 to continue.']);
      expect(await balanceOf(call, who.token)).toBe(0);
      expect(await returnsOf(call, who, orderId)).toEqual([]);
      expect((await call('GET', `/orders/00000000-0000-4000-8000-000000000000/return/quote`, undefined, { token: who.token })).status).toBe(404);
    });

    it("charges a return used after the balance ran low anyway, taking the balance below zero until the next top-up, and refuses new labels meanwhile", async () => {
      const who = await seller(2 * PRICE);
      const { orderId } = await buySingleLabel(call, who);
      const label = (await call('POST', `/orders/${orderId}/return`, {}, { token: who.token })).body['returnLabel'] as Body;
      await buySingleLabel(call, who);
      expect(await balanceOf(call, who.token)).toBe(0);
      await chargedReturn(call, who, orderId, String(label['id']));
      expect(await balanceOf(call, who.token)).toBe(-PRICE);
      const blocked = await call('POST', '/orders/v2', SINGLE_LABEL_ORDER, { token: who.token, 'Idempotency-Key': `ret-blocked-${Date.now()}` });
      expect(blocked.status).toBe(402);
    }, 90_000);

    it('makes return labels for several orders at once, each order once unless another is asked for', async () => {
      const who = await seller(10_000);
      const first = await buySingleLabel(call, who);
      const second = await buySingleLabel(call, who);
      const missing = '00000000-0000-4000-8000-000000000000';
      const made = await call('POST', '/returns/bulk', { orderIds: [first.orderId, second.orderId, missing] }, { token: who.token });
      expect((made.body['results'] as Body[]).map((result) => [result['orderId'], result['outcome']])).toEqual([[first.orderId, 'made'], [second.orderId, 'made'], [missing, 'refused']]);
      const again = await call('POST', '/returns/bulk', { orderIds: [first.orderId, second.orderId] }, { token: who.token });
      expect((again.body['results'] as Body[]).map((result) => result['outcome'])).toEqual(['existing', 'existing']);
      expect((await returnsOf(call, who, first.orderId)).length).toBe(1);
      const more = await call('POST', '/returns/bulk', { orderIds: [first.orderId], again: true }, { token: who.token });
      expect((more.body['results'] as Body[])[0]?.['outcome']).toBe('made');
      expect((await returnsOf(call, who, first.orderId)).length).toBe(2);
    });

    /** A seller with live and test keys and a test label bought with the test key; both balances after it. */
    const testOrder = async (order: Body) => {
      const who = await seller(10_000);
      const keys = await keysOf(call, who, 5_000);
      const bought = await call('POST', '/orders/v2', order, { ...keys.test, 'Idempotency-Key': `ret-test-${Date.now()}-${Math.random()}` });
      if (bought.status !== 200) throw new Error(`test label answered ${bought.status} ${JSON.stringify(bought.body)}`);
      return { who, keys, orderId: String((bought.body['data'] as Body)['orderId']), live: await balanceOf(call, who.token), test: await keys.testBalance() };
    };

    it('makes, lists and voids return labels with a test key in test mode: sold by the sandbox, paid from the test balance, listed apart, never seen by a live key (decision 125)', async () => {
      const { who, keys, orderId, live, test } = await testOrder(UPS_ORDER);

      expect((await call('GET', `/orders/${orderId}/return/quote`, undefined, keys.test)).body).toMatchObject({ carrier: 'sandbox', payment: 'prepaid', courier: 'ups' });
      // A live key does not find the test order, as another seller's.
      expect((await call('POST', `/orders/${orderId}/return`, {}, keys.live)).status).toBe(404);
      const made = await call('POST', `/orders/${orderId}/return`, {}, keys.test);
      expect(made.status).toBe(200);
      const label = made.body['returnLabel'] as Body;
      expect(label).toMatchObject({ mode: 'test', payment: 'prepaid', state: 'prepaid' });
      const price = Number(label['priceCents']);
      expect([await balanceOf(call, who.token), await keys.testBalance()]).toEqual([live, test - price]);

      // Listed apart: the test key's list and a session's test list have it; a live key's and a session's live list do not.
      const ids = async (headers: Record<string, string>, query = '') => ((await call('GET', `/returns${query}`, undefined, headers)).body['returns'] as Body[]).map((shown) => shown['id']);
      expect(await ids(keys.test)).toEqual([label['id']]);
      expect(await ids({ token: who.token }, '?mode=test')).toEqual([label['id']]);
      expect(await ids({ token: who.token })).toEqual([]);
      expect(await ids(keys.live)).toEqual([]);
      expect((await call('GET', '/returns?mode=live', undefined, keys.test)).status).toBe(400);

      // Voided by the test key (the live key's void is not found): the test balance gets the price back, once.
      expect((await call('POST', `/returns/${String(label['id'])}/void`, undefined, keys.live)).status).toBe(404);
      const voided = await call('POST', `/returns/${String(label['id'])}/void`, undefined, keys.test);
      expect([voided.status, voided.body['state']]).toEqual([200, 'voided']);
      expect((await call('POST', `/returns/${String(label['id'])}/void`, undefined, keys.test)).body['state']).toBe('voided');
      expect([await balanceOf(call, who.token), await keys.testBalance()]).toEqual([live, test]);
    });

    it("charges a test key's pay-on-use return at its first scan on the test balance, the live balance untouched (decision 125)", async () => {
      const { who, keys, orderId, live, test } = await testOrder(SINGLE_LABEL_ORDER);
      const label = (await call('POST', `/orders/${orderId}/return`, {}, keys.test)).body['returnLabel'] as Body;
      expect(label).toMatchObject({ mode: 'test', payment: 'on_use', state: 'awaiting_scan' });
      expect(await keys.testBalance()).toBe(test);
      await eventually(
        async () => ((await call('GET', '/returns', undefined, keys.test)).body['returns'] as Body[]).find((shown) => shown['id'] === label['id']) ?? {},
        (shown) => shown['state'] === 'charged',
        60_000,
        `test return ${String(label['id'])} charged`,
      );
      expect([await balanceOf(call, who.token), await keys.testBalance()]).toEqual([live, test - PRICE]);
    }, 90_000);
  });
};
