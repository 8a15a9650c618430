import type { RunningSystem } from '@labeldesk/testing';
import { adminTokenOf, apiClient, balanceOf, bulkRow, newBulkCustomer, submitBulk, waitForBulk, type Api } from './bulk-api';
import { buySingleLabel, eventually, labelStateOf, voidBooksOf } from './lifecycle-api';

type Body = Record<string, unknown>;
const PRICE = 850;

/**
 * The sandbox as these tests set it (LIFECYCLE_ENV): half of its labels are scanned at once (so they are used), its
 * manifest goes 8 s after a purchase (a void before is voided, after is a refund the sandbox settles at once), and
 * voids and tracking are looked at every second.
 */
export const LIFECYCLE_ENV: NodeJS.ProcessEnv = {
  SANDBOX_TRACKING_SHARE: '0.5',
  SANDBOX_SCAN_AFTER_SECONDS: '0',
  SANDBOX_MANIFEST_AFTER_SECONDS: '8',
  SANDBOX_REFUND_DAYS: '0',
  REFUND_RECONCILE_SECONDS: '1',
  TRACKING_POLL_SECONDS: '1',
};
const MANIFEST_MS = 8_000;
/** Past the manifest by more than the clocks' rounding: the sandbox and the test read the same machine's clock. */
const MANIFEST_MARGIN_MS = 250;

const trackingOf = async (call: Api, token: string, orderId: string) => (await call('GET', `/orders/${orderId}/tracking`, undefined, { token })).body;

/** A label of buyBothKinds, with when its purchase was answered (the sandbox bought it before that). */
interface BoughtLabel {
  orderId: string;
  trackingNumber: string;
  answeredAt: number;
}

/** Buys single labels until one the sandbox does not move (still pre-transit) and one it scanned (used). */
const buyBothKinds = async (call: Api, who: { token: string }) => {
  let unused: BoughtLabel | undefined;
  let used: BoughtLabel | undefined;
  for (let tries = 0; tries < 30 && !(unused && used); tries++) {
    const label = { ...(await buySingleLabel(call, who)), answeredAt: Date.now() };
    const tracking = await trackingOf(call, who.token, label.orderId);
    if (tracking['used'] === true) used ??= label;
    else unused ??= label;
  }
  if (!unused || !used) throw new Error('the sandbox did not sell both an unused and a used label in 30 tries');
  return { unused, used };
};

/** A system's label lifecycle through the REST API: void, refund, batch void, tracking, refusals. */
export const describeLabelLifecycle = (mode: string, running: () => RunningSystem & { databaseUrl?: string }): void => {
  describe(`the label lifecycle (${mode} mode)`, () => {
    let call: Api;
    let adminToken: string;
    const customer = async (balance = 100_000) => newBulkCustomer(call, adminToken, balance, 'life');

    beforeAll(async () => {
      call = apiClient(running().baseUrl);
      adminToken = await adminTokenOf(call, running());
    });

    it('voids a label on the day it was bought and gives its price back at once, once, when asked 20 times at once', async () => {
      const who = await customer();
      const { unused } = await buyBothKinds(call, who);
      const before = await balanceOf(call, who.token);
      const answers = await Promise.all(Array.from({ length: 20 }, () => call('POST', `/orders/${unused.orderId}/void`, undefined, { token: who.token })));
      const ok = answers.filter((a) => a.status === 200);
      expect(ok).toHaveLength(1);
      expect(ok[0]?.body).toMatchObject({ orderId: unused.orderId, trackingNumber: unused.trackingNumber, state: 'voided', amount: PRICE, message: 'Label voided: $8.50 is back on your balance.' });
      for (const refused of answers.filter((a) => a.status !== 200)) {
        expect(refused.status).toBe(409);
        expect(refused.body).toMatchObject({ code: 'ORDERS_LABEL_ALREADY_VOIDED' });
      }
      expect(await balanceOf(call, who.token)).toBe(before + PRICE);
      expect(await labelStateOf(call, who, unused.orderId)).toBe('voided');
      // A later call is refused in words, and moves nothing.
      const again = await call('POST', `/orders/${unused.orderId}/void`, undefined, { token: who.token });
      expect([again.status, again.body['message']]).toEqual([409, 'This label was already voided.']);
      expect(await balanceOf(call, who.token)).toBe(before + PRICE);
      const databaseUrl = running().databaseUrl;
      if (databaseUrl) {
        expect(await voidBooksOf(databaseUrl, who.userId)).toEqual({
          refunds: [{ key: `void:single:${unused.orderId}`, cents: PRICE, linked: true }],
          voids: [{ label_id: unused.orderId, state: 'voided', requested_by: 'customer' }],
        });
      }
    }, 120_000);

    it('refuses to void a label the carrier has scanned, and moves nothing', async () => {
      const who = await customer();
      const { used } = await buyBothKinds(call, who);
      const tracking = await trackingOf(call, who.token, used.orderId);
      expect(tracking).toMatchObject({ trackingNumber: used.trackingNumber, carrier: 'sandbox', used: true });
      expect((tracking['events'] as Body[]).length).toBeGreaterThanOrEqual(2);
      const before = await balanceOf(call, who.token);
      const refused = await call('POST', `/orders/${used.orderId}/void`, undefined, { token: who.token });
      expect(refused.status).toBe(422);
      expect(refused.body).toMatchObject({ code: 'ORDERS_LABEL_NOT_VOIDABLE', message: expect.stringContaining('scanned') });
      expect(await balanceOf(call, who.token)).toBe(before);
      expect(await labelStateOf(call, who, used.orderId)).toBe('purchased');
    }, 120_000);

    it('asks a refund for a label past its manifest, then credits it once when the carrier approves', async () => {
      const who = await customer();
      const { unused } = await buyBothKinds(call, who);
      const before = await balanceOf(call, who.token);
      // The label was bought before its answer came: from then on, its manifest is at most MANIFEST_MS away.
      await new Promise((r) => setTimeout(r, unused.answeredAt + MANIFEST_MS + MANIFEST_MARGIN_MS - Date.now()));
      const voided = await call('POST', `/orders/${unused.orderId}/void`, undefined, { token: who.token });
      expect(voided.status).toBe(200);
      expect(voided.body).toMatchObject({ state: 'refund_pending', amount: PRICE, message: expect.stringContaining('$8.50 will be back on your balance when it approves') });
      await eventually(() => labelStateOf(call, who, unused.orderId), (state) => state === 'refunded', 30_000, 'the refund');
      expect(await balanceOf(call, who.token)).toBe(before + PRICE);
      const summary = await call('GET', `/orders/refunds/${who.userId}`, undefined, { token: who.token });
      expect(summary.body).toEqual({ pendingCents: 0, pendingCount: 0, refundedCents: PRICE, refundedCount: 1 });
      const databaseUrl = running().databaseUrl;
      if (databaseUrl) expect((await voidBooksOf(databaseUrl, who.userId)).refunds).toEqual([{ key: `void:single:${unused.orderId}`, cents: PRICE, linked: true }]);
    }, 120_000);

    it("voids a whole batch page by page from a file row, with a result per label, gives back only the unused labels' price, and refuses a second void of each", async () => {
      const who = await customer();
      const { orderId } = await submitBulk(call, who, Array.from({ length: 6 }, (_, i) => bulkRow(i)));
      await waitForBulk(call, who.token, orderId);
      const page = await call('GET', `/orders/bulk/${orderId}/labels?page=1&limit=100`, undefined, { token: who.token });
      expect(page.body).toMatchObject({ totalCount: 6, page: 1, limit: 100 });
      const labels = page.body['labels'] as Body[];
      expect(labels.map((l) => [l['row'], l['state'], l['price']])).toEqual([1, 2, 3, 4, 5, 6].map((row) => [row, 'purchased', PRICE]));
      const used = new Set<string>();
      for (const label of labels) {
        const tracking = await call('GET', `/orders/bulk/${orderId}/tracking/${String(label['trackingNumber'])}`, undefined, { token: who.token });
        if (tracking.body['used'] === true) used.add(String(label['trackingNumber']));
      }
      const before = await balanceOf(call, who.token);

      // A whole-batch void goes page by page from a file row: here rows 4 to 6 first, then the whole batch.
      const tail = await call('POST', `/orders/bulk/${orderId}/void`, { fromRow: 4 }, { token: who.token });
      expect(tail.status).toBe(200);
      const tailNumbers = labels.slice(3).map((l) => String(l['trackingNumber']));
      expect((tail.body['results'] as Body[]).map((r) => r['trackingNumber'])).toEqual(tailNumbers);
      const tailUnused = tailNumbers.filter((tn) => !used.has(tn)).length;
      expect(tail.body).toMatchObject({ voided: tailUnused, refused: 3 - tailUnused, amountBack: tailUnused * PRICE, nextRow: null });

      const voided = await call('POST', `/orders/bulk/${orderId}/void`, {}, { token: who.token });
      expect(voided.status).toBe(200);
      const results = voided.body['results'] as Body[];
      expect(results.map((r) => r['trackingNumber'])).toEqual(labels.map((l) => l['trackingNumber']));
      for (const r of results) {
        const number = String(r['trackingNumber']);
        if (used.has(number)) expect(r).toMatchObject({ result: 'refused', amount: 0, reason: expect.stringContaining('scanned') });
        else if (tailNumbers.includes(number)) expect(r).toMatchObject({ result: 'refused', state: 'voided', amount: 0, reason: 'This label was already voided.' });
        else expect(r).toMatchObject({ result: 'voided', state: 'voided', amount: PRICE, reason: null });
      }
      const unusedCount = 6 - used.size;
      const headUnused = unusedCount - tailUnused;
      expect(voided.body).toMatchObject({ voided: headUnused, refundPending: 0, refused: 6 - headUnused, amountBack: headUnused * PRICE, amountPending: 0, nextRow: null });
      expect(await balanceOf(call, who.token)).toBe(before + unusedCount * PRICE);

      const again = await call('POST', `/orders/bulk/${orderId}/void`, { trackingNumbers: results.map((r) => String(r['trackingNumber'])) }, { token: who.token });
      expect(again.body).toMatchObject({ voided: 0, refundPending: 0, refused: 6, amountBack: 0 });
      expect(await balanceOf(call, who.token)).toBe(before + unusedCount * PRICE);
      const after = (await call('GET', `/orders/bulk/${orderId}/labels`, undefined, { token: who.token })).body['labels'] as Body[];
      expect(after.filter((l) => l['state'] === 'voided')).toHaveLength(unusedCount);
      // The batch itself says what became of its labels, in its own answer and in the list.
      const batch = await call('GET', `/orders/bulk/order/${orderId}`, undefined, { token: who.token });
      expect(batch.body['voids']).toEqual({ voided: unusedCount, voidedCents: unusedCount * PRICE, pending: 0, pendingCents: 0 });
      const listed = await call('GET', `/orders/bulk/${who.userId}?page=1&limit=50`, undefined, { token: who.token });
      expect((listed.body['bulkOrders'] as Body[]).find((b) => b['_id'] === orderId)?.['voids']).toEqual(batch.body['voids']);
    }, 180_000);

    it("answers 404 for another customer's label or batch and for one that does not exist, moving nothing", async () => {
      const owner = await customer();
      const stranger = await customer();
      const { unused } = await buyBothKinds(call, owner);
      const { orderId } = await submitBulk(call, owner, [bulkRow(1)]);
      await waitForBulk(call, owner.token, orderId);
      expect((await call('POST', `/orders/${unused.orderId}/void`, undefined, { token: stranger.token })).status).toBe(404);
      expect((await call('GET', `/orders/${unused.orderId}/tracking`, undefined, { token: stranger.token })).status).toBe(404);
      expect((await call('POST', `/orders/bulk/${orderId}/void`, {}, { token: stranger.token })).status).toBe(404);
      expect((await call('GET', `/orders/bulk/${orderId}/labels`, undefined, { token: stranger.token })).status).toBe(404);
      expect((await call('POST', '/orders/6f1d8a52-1111-4222-8333-944455556666/void', undefined, { token: owner.token })).status).toBe(404);
      expect((await call('GET', `/orders/refunds/${owner.userId}`, undefined, { token: stranger.token })).status).toBe(403);
      expect(await labelStateOf(call, owner, unused.orderId)).toBe('purchased');
    }, 120_000);

    it('refuses a batch void whose tracking numbers are not strings or too many, with 4xx and no change', async () => {
      const who = await customer();
      const { orderId } = await submitBulk(call, who, [bulkRow(1)]);
      await waitForBulk(call, who.token, orderId);
      const listed = [{ trackingNumbers: [12345678901] }, { trackingNumbers: 'EZ1000000001' }, { trackingNumbers: [] }, { trackingNumbers: ['x'] }, { other: true }];
      const paged = [{ fromRow: 0 }, { fromRow: '2' }, { fromRow: 1.5 }, { fromRow: 1, trackingNumbers: ['EZ1000000001'] }];
      for (const body of [...listed, ...paged]) {
        const answer = await call('POST', `/orders/bulk/${orderId}/void`, body, { token: who.token });
        expect([answer.status, body]).toEqual([400, body]);
      }
      const tooMany = await call('POST', `/orders/bulk/${orderId}/void`, { trackingNumbers: Array.from({ length: 10_001 }, (_, i) => `EZ${String(i).padStart(10, '0')}`) }, { token: who.token });
      expect([400, 413]).toContain(tooMany.status);
      // A page past the batch's last row is empty, not an error.
      const past = await call('POST', `/orders/bulk/${orderId}/void`, { fromRow: 2 }, { token: who.token });
      expect([past.status, past.body['results'], past.body['nextRow']]).toEqual([200, [], null]);
      const labels = (await call('GET', `/orders/bulk/${orderId}/labels`, undefined, { token: who.token })).body['labels'] as Body[];
      expect(labels.map((l) => l['state'])).toEqual(['purchased']);
    }, 120_000);

    it("lets an admin void a customer's label, written to the audit log, and lists every refund for admins", async () => {
      const who = await customer();
      const { unused } = await buyBothKinds(call, who);
      const voided = await call('POST', `/orders/${unused.orderId}/void`, undefined, { token: adminToken });
      expect(voided.body).toMatchObject({ state: 'voided', amount: PRICE });
      const audit = await call('GET', '/admin/audit?action=label.void', undefined, { token: adminToken });
      expect(JSON.stringify(audit.body)).toContain(unused.orderId);
      const refunds = await call('GET', '/admin/orders/refunds?state=voided&limit=100', undefined, { token: adminToken });
      const mine = (refunds.body['refunds'] as Body[]).find((r) => r['orderId'] === unused.orderId);
      expect(mine).toMatchObject({ userId: who.userId, email: expect.stringContaining('@example.com'), kind: 'single', amount: PRICE, state: 'voided', requestedBy: 'admin' });
      expect((await call('GET', '/admin/orders/refunds', undefined, { token: who.token })).status).toBe(403);
    }, 120_000);
  });
};
