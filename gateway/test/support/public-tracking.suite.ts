import type { RunningSystem } from '@labeldesk/testing';
import { adminTokenOf, apiClient, bulkRow, newBulkCustomer, submitBulk, waitForBulk, type Api } from './bulk-api';
import { LIFECYCLE_ENV } from './label-lifecycle.suite';
import { buySingleLabel, eventually } from './lifecycle-api';

type Body = Record<string, unknown>;

/** The sandbox as the label lifecycle's tests set it: half of its labels are scanned at once, with a place. */
export const PUBLIC_TRACKING_ENV = LIFECYCLE_ENV;

const NOT_FOUND = 'This tracking link does not exist or the seller turned it off.';
const TOKEN = /^[A-Za-z0-9_-]{32}$/;

/** A single label's link, as the seller's Track drawer asks for it. */
const linkOf = async (call: Api, who: { token: string }, orderId: string) => call('POST', `/orders/${orderId}/tracking-link`, undefined, { token: who.token });
/** The buyer's page, asked with no credential at all. */
const pageOf = async (call: Api, token: string) => call('GET', `/public/tracking/${token}`);

/** Buys single labels until the sandbox scans one (a place in its events) and leaves one unscanned (voidable). */
const buyScannedAndUnscanned = async (call: Api, who: { token: string }) => {
  let scanned: { orderId: string; trackingNumber: string } | undefined;
  let unscanned: { orderId: string; trackingNumber: string } | undefined;
  for (let tries = 0; tries < 30 && !(scanned && unscanned); tries++) {
    const label = await buySingleLabel(call, who);
    const tracking = await call('GET', `/orders/${label.orderId}/tracking`, undefined, { token: who.token });
    if (tracking.body['used'] === true) scanned ??= label;
    else unscanned ??= label;
  }
  if (!scanned || !unscanned) throw new Error('the sandbox did not sell both a scanned and an unscanned label in 30 tries');
  return { scanned, unscanned };
};

/** A system's tracking links through the REST API: issue, the public page's privacy, revoke, refusals, the limit. */
export const describePublicTracking = (mode: string, running: () => RunningSystem): void => {
  describe(`tracking links for buyers (${mode} mode)`, () => {
    let call: Api;
    let adminToken: string;
    let seller: Awaited<ReturnType<typeof newBulkCustomer>>;
    let labels: Awaited<ReturnType<typeof buyScannedAndUnscanned>>;

    beforeAll(async () => {
      call = apiClient(running().baseUrl);
      adminToken = await adminTokenOf(call, running());
      seller = await newBulkCustomer(call, adminToken, 100_000, 'track');
      labels = await buyScannedAndUnscanned(call, seller);
    }, 120_000);

    it("gives a label one link, the same when asked again, whose page shows the parcel to anyone without the receiver, a street, a ZIP or a price", async () => {
      const first = await linkOf(call, seller, labels.scanned.orderId);
      const again = await linkOf(call, seller, labels.scanned.orderId);
      expect(first.status).toBe(200);
      expect(first.body['token']).toMatch(TOKEN);
      expect(again.body['token']).toBe(first.body['token']);

      const page = await eventually(
        () => pageOf(call, String(first.body['token'])),
        (answer) => answer.status === 200 && (answer.body['events'] as Body[]).some((event) => event['place'] !== null),
        30_000,
        'a scan with a place on the page',
      );
      expect(page.body).toMatchObject({ sellerName: 'Ann Sender', courier: 'usps', serviceName: 'USPS Priority Mail', trackingNumber: labels.scanned.trackingNumber, status: 'in_transit' });
      expect(Object.keys(page.body).sort()).toEqual(['checkedAt', 'courier', 'events', 'sellerName', 'serviceName', 'status', 'trackingNumber']);
      for (const event of page.body['events'] as Body[]) {
        expect(Object.keys(event).sort()).toEqual(['message', 'occurredAt', 'place', 'status']);
        if (event['place'] !== null) expect(event['place']).toMatch(/^[A-Za-z .'-]+, [A-Z]{2}$/);
      }
      const text = JSON.stringify(page.body);
      for (const secret of ['Bob Receiver', '200 Pine', '98101', '1 Main St', '78701', '$8.50', 'sandbox', seller.userId, labels.scanned.orderId]) expect(text).not.toContain(secret);
    }, 60_000);

    it('turns a link off: its page, an unknown token and a malformed one all answer the same 404, and the next link is a new one', async () => {
      const { orderId } = labels.scanned;
      const old = String((await linkOf(call, seller, orderId)).body['token']);
      const revoked = await call('DELETE', `/orders/${orderId}/tracking-link`, undefined, { token: seller.token });
      expect([revoked.status, revoked.body]).toEqual([200, { revoked: true }]);
      const twice = await call('DELETE', `/orders/${orderId}/tracking-link`, undefined, { token: seller.token });
      expect(twice.body).toEqual({ revoked: false });
      for (const token of [old, 'A'.repeat(32), 'not-a-token', `${old}x`]) {
        const answer = await pageOf(call, token);
        expect([answer.status, answer.body['message']]).toEqual([404, NOT_FOUND]);
      }
      const fresh = String((await linkOf(call, seller, orderId)).body['token']);
      expect(fresh).toMatch(TOKEN);
      expect(fresh).not.toBe(old);
      expect((await pageOf(call, fresh)).status).toBe(200);
      expect((await pageOf(call, old)).status).toBe(404);
    }, 60_000);

    it("refuses another seller a link to, or the turning off of, a label that is not theirs, as a missing order; no credential gets 401", async () => {
      const stranger = await newBulkCustomer(call, adminToken, 0, 'track-other');
      const issued = await linkOf(call, stranger, labels.scanned.orderId);
      const revoked = await call('DELETE', `/orders/${labels.scanned.orderId}/tracking-link`, undefined, { token: stranger.token });
      expect([issued.status, revoked.status]).toEqual([404, 404]);
      expect((await call('POST', `/orders/${labels.scanned.orderId}/tracking-link`)).status).toBe(401);
    }, 60_000);

    it("closes a voided label's link and gives it no new one", async () => {
      const { orderId } = labels.unscanned;
      const token = String((await linkOf(call, seller, orderId)).body['token']);
      expect((await pageOf(call, token)).status).toBe(200);
      const voided = await call('POST', `/orders/${orderId}/void`, undefined, { token: seller.token });
      expect(voided.status).toBe(200);
      expect((await pageOf(call, token)).body['message']).toBe(NOT_FOUND);
      const refused = await linkOf(call, seller, orderId);
      expect([refused.status, refused.body['message']]).toEqual([409, 'This label was voided: there is no parcel for a buyer to follow.']);
    }, 60_000);

    it("gives a batch label its own link, whose page names the ship-from company", async () => {
      const { orderId } = await submitBulk(call, seller, [bulkRow(1)]);
      await waitForBulk(call, seller.token, orderId);
      const listed = await call('GET', `/orders/bulk/${orderId}/labels`, undefined, { token: seller.token });
      const trackingNumber = String((listed.body['labels'] as Body[])[0]?.['trackingNumber']);
      const link = await call('POST', `/orders/bulk/${orderId}/tracking-link/${trackingNumber}`, undefined, { token: seller.token });
      expect(link.body['token']).toMatch(TOKEN);
      const page = await pageOf(call, String(link.body['token']));
      expect(page.body).toMatchObject({ sellerName: 'Acme', trackingNumber, courier: 'usps' });
      expect(JSON.stringify(page.body)).not.toContain('Bob 1');
      const revoked = await call('DELETE', `/orders/bulk/${orderId}/tracking-link/${trackingNumber}`, undefined, { token: seller.token });
      expect(revoked.body).toEqual({ revoked: true });
      expect((await pageOf(call, String(link.body['token']))).status).toBe(404);
    }, 120_000);

    // Last: it spends this address's minute of the page's limit.
    it('limits the page to 60 requests a minute from one address, then answers 429 with Retry-After', async () => {
      const answers = await Promise.all(Array.from({ length: 61 }, () => fetch(`${running().baseUrl}/api/public/tracking/${'B'.repeat(32)}`)));
      const statuses = answers.map((answer) => answer.status);
      // The tests above asked the page from this address within the minute too: at most 60 pass in all.
      expect(statuses.filter((status) => status !== 404 && status !== 429)).toEqual([]);
      expect(statuses.filter((status) => status === 404).length).toBeLessThanOrEqual(60);
      expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(1);
      const limited = answers.find((answer) => answer.status === 429);
      expect(limited?.headers.get('retry-after')).toMatch(/^\d+$/);
      // The IETF RateLimit fields too (decision 103): the page's limit, none left, whole again after the wait.
      expect([limited?.headers.get('ratelimit-limit'), limited?.headers.get('ratelimit-remaining'), limited?.headers.get('ratelimit-reset')]).toEqual(['60', '0', limited?.headers.get('retry-after')]);
      const counted = answers.find((answer) => answer.status === 404);
      expect(counted?.headers.get('ratelimit-remaining')).toMatch(/^\d+$/);
    }, 60_000);
  });
};
