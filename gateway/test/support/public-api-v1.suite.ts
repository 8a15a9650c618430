import { API_SCOPES } from '@labeldesk/contracts';
import type { RunningSystem } from '@labeldesk/testing';
import { adminTokenOf, apiClient, bulkRow, newBulkCustomer, SINGLE_LABEL_ORDER, submitBulk, waitForBulk, type Api, type ApiAnswer } from './bulk-api';

type Body = Record<string, unknown>;

/** The RateLimit fields every answer to a counted request carries (decision 103), as whole numbers. */
const expectRateLimitHeaders = (answer: ApiAnswer, limit?: number): void => {
  for (const name of ['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset']) expect([name, answer.headers.get(name)]).toEqual([name, expect.stringMatching(/^\d+$/)]);
  if (limit !== undefined) expect(Number(answer.headers.get('RateLimit-Limit'))).toBe(limit);
  expect(Number(answer.headers.get('RateLimit-Remaining'))).toBeLessThanOrEqual(Number(answer.headers.get('RateLimit-Limit')));
};

/**
 * Issue 48's resource routes as an integrator uses them, with an API key only (a session makes the key, then is not
 * used): who am I, rates, buying with an Idempotency-Key and a reference, reading the shipment back, paging by cursor
 * while a new shipment is bought, a reference lookup, the label, a void and the tracking; unknown fields refused by
 * name, and RateLimit headers on every answer.
 */
export const describePublicApiV1 = (mode: string, running: () => RunningSystem): void => {
  describe(`the public API v1 with an API key (${mode} mode)`, () => {
    let call: Api;
    let userId = '';
    let sessionToken = '';
    let bearer: Record<string, string> = {};
    const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

    beforeAll(async () => {
      const system = running();
      call = apiClient(system.baseUrl);
      const seller = await newBulkCustomer(call, await adminTokenOf(call, system), 10_000, 'v1');
      userId = seller.userId;
      sessionToken = seller.token;
      const made = await call('POST', '/keys', { name: 'integration', scopes: [...API_SCOPES], password: 'bulk-password' }, { token: seller.token });
      expect(made.status).toBe(201);
      bearer = { authorization: `Bearer ${String(made.body['key'])}` };
    }, 60_000);

    const buy = (reference: string, idempotencyKey: string, extra: Body = {}) =>
      call('POST', '/v1/shipments', { ...SINGLE_LABEL_ORDER, courier: 'usps', reference, metadata: { shop: 'test', tag }, ...extra }, { ...bearer, 'Idempotency-Key': idempotencyKey });

    it('buys, reads, pages, finds by reference and tracking number, prints, voids and tracks a shipment with a key, answering RateLimit headers each time', async () => {
      // A session on v1 is counted too.
      expectRateLimitHeaders(await call('GET', '/v1/me', undefined, { token: sessionToken }));
      const me = await call('GET', '/v1/me', undefined, bearer);
      expect(me.status).toBe(200);
      expect(me.body).toMatchObject({ id: userId, auth_method: 'api_key', scopes: [...API_SCOPES] });
      expectRateLimitHeaders(me);

      const rates = await call('POST', '/v1/rates', { sender: SINGLE_LABEL_ORDER.sender, receiver: SINGLE_LABEL_ORDER.receiver, package: SINGLE_LABEL_ORDER.package }, bearer);
      expect(rates.status).toBe(200);
      expect((rates.body['rates'] as Body[]).map((rate) => rate['service'])).toContain('USPS Priority Mail');
      expectRateLimitHeaders(rates);

      const first = await buy(`REF-A-${tag}`, `v1-a-${tag}`);
      expect(first.status).toBe(201);
      expect(first.body).toMatchObject({ status: 'completed', label_state: 'purchased', reference: `REF-A-${tag}`, metadata: { shop: 'test', tag }, label_format: 'pdf', to: { name: 'Bob Receiver', city: 'Seattle' } });
      expectRateLimitHeaders(first);
      const firstId = String(first.body['id']);
      // The same key again answers the same shipment, charged once.
      const again = await buy(`REF-A-${tag}`, `v1-a-${tag}`);
      expect([again.status, again.body['id']]).toEqual([201, firstId]);
      // The same key with another reference is another request: refused.
      expect((await buy(`REF-Z-${tag}`, `v1-a-${tag}`)).status).toBe(409);

      const second = await buy(`REF-B-${tag}`, `v1-b-${tag}`);
      expect(second.status).toBe(201);
      const secondId = String(second.body['id']);

      const one = await call('GET', `/v1/shipments/${firstId}`, undefined, bearer);
      expect(one.status).toBe(200);
      expect(one.body).toEqual(first.body);

      // Newest first, one a page; a shipment bought between two pages sorts before the cursor: never read, never twice.
      const page1 = await call('GET', '/v1/shipments?limit=1', undefined, bearer);
      expect(page1.status).toBe(200);
      expect([(page1.body['data'] as Body[]).map((s) => s['id']), page1.body['has_more']]).toEqual([[secondId], true]);
      const third = await buy(`REF-C-${tag}`, `v1-c-${tag}`);
      expect(third.status).toBe(201);
      const seen: unknown[] = [secondId];
      let cursor = page1.body['next_cursor'];
      for (let pages = 0; typeof cursor === 'string'; pages += 1) {
        expect(pages).toBeLessThan(5);
        const page = await call('GET', `/v1/shipments?limit=1&cursor=${encodeURIComponent(cursor)}`, undefined, bearer);
        expect(page.status).toBe(200);
        seen.push(...(page.body['data'] as Body[]).map((s) => s['id']));
        cursor = page.body['has_more'] ? page.body['next_cursor'] : null;
        if (!page.body['has_more']) expect(page.body['next_cursor']).toBeNull();
      }
      expect(seen).toEqual([secondId, firstId]);

      const byReference = await call('GET', `/v1/shipments?reference=${encodeURIComponent(`REF-A-${tag}`)}`, undefined, bearer);
      expect([byReference.status, (byReference.body['data'] as Body[]).map((s) => s['id']), byReference.body['has_more']]).toEqual([200, [firstId], false]);
      // A tracking number finds its label, exactly: a part of one finds none.
      const trackingNumber = String(second.body['tracking_number']);
      const byTracking = await call('GET', `/v1/shipments?tracking_number=${encodeURIComponent(trackingNumber)}`, undefined, bearer);
      expect([byTracking.status, (byTracking.body['data'] as Body[]).map((s) => s['id']), byTracking.body['has_more']]).toEqual([200, [secondId], false]);
      const byPart = await call('GET', `/v1/shipments?tracking_number=${encodeURIComponent(trackingNumber.slice(0, -1))}`, undefined, bearer);
      expect([byPart.status, byPart.body['data']]).toEqual([200, []]);
      const cancelledOnly = await call('GET', '/v1/shipments?status=cancelled', undefined, bearer);
      expect([cancelledOnly.status, cancelledOnly.body['data']]).toEqual([200, []]);

      const label = await call('GET', `/v1/shipments/${firstId}/label?format=pdf`, undefined, bearer);
      expect([label.status, label.headers.get('content-type'), label.bytes?.subarray(0, 5).toString('latin1')]).toEqual([200, 'application/pdf', '%PDF-']);
      expectRateLimitHeaders(label);
      const asZpl = await call('GET', `/v1/shipments/${firstId}/label?format=zpl`, undefined, bearer);
      expect([asZpl.status, asZpl.body['code']]).toEqual([409, 'CONFLICT']);

      const voided = await call('POST', `/v1/shipments/${firstId}/void`, undefined, bearer);
      expect(voided.status).toBe(200);
      expect(voided.body).toMatchObject({ shipment_id: firstId, label_state: expect.stringMatching(/^(voided|refund_pending)$/), amount_cents: expect.any(Number) });

      const tracking = await call('GET', `/v1/shipments/${firstId}/tracking`, undefined, bearer);
      expect(tracking.status).toBe(200);
      expect(tracking.body).toMatchObject({ shipment_id: firstId, tracking_number: first.body['tracking_number'], events: expect.any(Array) });
      const afterVoid = await call('GET', `/v1/shipments/${firstId}`, undefined, bearer);
      expect(afterVoid.body['label_state']).toBe(voided.body['label_state']);

      const balance = await call('GET', '/v1/balance', undefined, bearer);
      expect(balance.status).toBe(200);
      expect(balance.body).toEqual({ available_cents: expect.any(Number), held_cents: 0 });
    }, 180_000);

    it('buys a batch with a key under an Idempotency-Key, answers a retry with the same batch, and pages through its labels in row order', async () => {
      const rows = [bulkRow(1), bulkRow(2)];
      const before = Number((await call('GET', '/v1/balance', undefined, bearer)).body['available_cents']);
      const made = await call('POST', '/v1/batches', { shipments: rows }, { ...bearer, 'Idempotency-Key': `v1-batch-${tag}` });
      expect(made.status).toBe(201);
      expect(made.body).toMatchObject({ id: expect.any(String), status: expect.stringMatching(/^(processing|generating_files|completed)$/), total_count: 2, quoted_cents: expect.any(Number) });
      expectRateLimitHeaders(made);
      const orderId = String(made.body['id']);
      const again = await call('POST', '/v1/batches', { shipments: rows }, { ...bearer, 'Idempotency-Key': `v1-batch-${tag}` });
      expect([again.status, again.body['id']]).toEqual([201, orderId]);
      const other = await call('POST', '/v1/batches', { shipments: [bulkRow(3)] }, { ...bearer, 'Idempotency-Key': `v1-batch-${tag}` });
      expect([other.status, other.body['code']]).toEqual([409, 'CONFLICT']);

      expect((await waitForBulk(call, sessionToken, orderId)).status).toBe('completed');
      const batch = await call('GET', `/v1/batches/${orderId}`, undefined, bearer);
      expect(batch.status).toBe(200);
      expect(batch.body).toMatchObject({ id: orderId, status: 'completed', total_count: 2, processed_count: 2, failed_count: 0, cost_cents: made.body['quoted_cents'] });
      // Charged once: the balance went down by the one batch's cost, not two, and nothing is still held.
      const balance = await call('GET', '/v1/balance', undefined, bearer);
      expect(balance.body).toEqual({ available_cents: before - Number(batch.body['cost_cents']), held_cents: 0 });
      const first = await call('GET', `/v1/batches/${orderId}/shipments?limit=1`, undefined, bearer);
      expect([first.status, (first.body['data'] as Body[]).map((label) => label['row']), first.body['has_more']]).toEqual([200, [1], true]);
      const second = await call('GET', `/v1/batches/${orderId}/shipments?limit=1&cursor=${String(first.body['next_cursor'])}`, undefined, bearer);
      expect([second.status, (second.body['data'] as Body[]).map((label) => label['row']), second.body['has_more'], second.body['next_cursor']]).toEqual([200, [2], false, null]);
      expect((await call('GET', '/v1/batches/not-a-batch', undefined, bearer)).status).toBe(404);
      // The web app's batches are the same batches.
      const { orderId: webBatch } = await submitBulk(call, { token: sessionToken, userId }, [bulkRow(4)]);
      expect((await call('GET', `/v1/batches/${webBatch}`, undefined, bearer)).body['id']).toBe(webBatch);
      // Finished before the next test, whose events would otherwise meet this batch's label.
      expect((await waitForBulk(call, sessionToken, webBatch)).status).toBe('completed');
    }, 180_000);

    it("pages through the webhook events of the caller's endpoints, each once, newest first, of one type or all", async () => {
      // A public address, so no name is looked up; nothing answers there, and the endpoint is turned off at the end.
      const endpoint = await call('POST', '/webhooks', { url: 'https://1.1.1.1/hooks', events: ['label.purchased', 'label.voided'] }, bearer);
      expect(endpoint.status).toBe(201);
      const second = await call('POST', '/webhooks', { url: 'https://1.0.0.1/hooks', events: ['label.purchased'] }, bearer);
      expect(second.status).toBe(201);
      try {
        const bought = await buy(`REF-E-${tag}`, `v1-e-${tag}`);
        expect(bought.status).toBe(201);
        const voided = await call('POST', `/v1/shipments/${String(bought.body['id'])}/void`, undefined, bearer);
        expect(voided.status).toBe(200);

        const purchases = await call('GET', '/v1/events?type=label.purchased', undefined, bearer);
        expect(purchases.status).toBe(200);
        // Two endpoints got the purchase: it is one event.
        expect((purchases.body['data'] as Body[]).filter((event) => (event['data'] as Body)['orderId'] === bought.body['id'])).toEqual([
          { id: expect.any(String), type: 'label.purchased', timestamp: expect.any(String), sequence: 1, data: expect.objectContaining({ orderId: bought.body['id'], trackingNumber: bought.body['tracking_number'] }) },
        ]);
        expectRateLimitHeaders(purchases);

        // All types, one a page, newest first, down to this label's purchase: its void (when the carrier voided at once)
        // before it, each once. Older events of the caller's (those bought before, with no endpoint) follow.
        const expected = voided.body['label_state'] === 'voided' ? ['label.voided', 'label.purchased'] : ['label.purchased'];
        const types: unknown[] = [];
        let cursor: unknown = undefined;
        for (let pages = 0; !types.includes('label.purchased'); pages += 1) {
          expect(pages).toBeLessThan(6);
          const page = await call('GET', `/v1/events?limit=1${typeof cursor === 'string' ? `&cursor=${cursor}` : ''}`, undefined, bearer);
          expect(page.status).toBe(200);
          const ofThisLabel = (page.body['data'] as Body[]).filter((event) => (event['data'] as Body)['orderId'] === bought.body['id'] && event['type'] !== 'tracking.updated');
          types.push(...ofThisLabel.map((event) => event['type']));
          cursor = page.body['next_cursor'];
          expect(page.body['has_more']).toBe(true);
        }
        expect(types).toEqual(expected);

        const badType = await call('GET', '/v1/events?type=label.lost', undefined, bearer);
        expect([badType.status, (badType.body['issues'] as Body[] | undefined)?.[0]?.['path']]).toEqual([400, 'type']);
      } finally {
        for (const made of [endpoint, second]) await call('PATCH', `/webhooks/${String(made.body['id'])}`, { enabled: false }, bearer);
      }
    }, 120_000);

    it("keeps events while the caller's endpoint is off, and replays one event or all since a time once per Idempotency-Key, the caller's own only", async () => {
      const hook = await call('POST', '/webhooks', { url: 'https://1.1.1.1/replays', events: ['label.purchased', 'label.voided'] }, bearer);
      expect(hook.status).toBe(201);
      const hookId = String(hook.body['id']);
      try {
        expect((await call('PATCH', `/webhooks/${hookId}`, { enabled: false }, bearer)).status).toBe(200);
        const since = new Date().toISOString();
        const bought = await buy(`REF-R-${tag}`, `v1-r-${tag}`);
        expect(bought.status).toBe(201);
        const voided = await call('POST', `/v1/shipments/${String(bought.body['id'])}/void`, undefined, bearer);
        expect(voided.status).toBe(200);
        // Raised while the endpoint was off: kept, numbered in the order they happened for the label.
        const listed = ((await call('GET', '/v1/events?limit=20', undefined, bearer)).body['data'] as Body[]).filter((event) => (event['data'] as Body)['orderId'] === bought.body['id']);
        // Newest first; a tracking update of the label (the sandbox's scans) may come between, numbered in its turn.
        const sequences = listed.map((event) => event['sequence'] as number);
        expect(sequences).toEqual([...sequences].sort((a, b) => b - a));
        const expected = voided.body['label_state'] === 'voided' ? ['label.voided', 'label.purchased'] : ['label.purchased'];
        expect(listed.filter((event) => event['type'] !== 'tracking.updated').map((event) => event['type'])).toEqual(expected);
        expect(listed.at(-1)).toMatchObject({ type: 'label.purchased', sequence: 1 });
        const purchaseId = String(listed.at(-1)?.['id']);

        const replay = (path: string, body: Body, key?: string) => call('POST', path, body, { ...bearer, ...(key ? { 'Idempotency-Key': key } : {}) });
        // Off, it takes no replay; back on, it asks for what it missed.
        expect((await replay(`/v1/webhooks/${hookId}/replay`, { since }, `v1-since-off-${tag}`)).status).toBe(409);
        expect((await call('PATCH', `/webhooks/${hookId}`, { enabled: true }, bearer)).status).toBe(200);
        const caughtUp = await replay(`/v1/webhooks/${hookId}/replay`, { since }, `v1-since-${tag}`);
        expect([caughtUp.status, caughtUp.body]).toEqual([200, { event_count: expected.length, endpoint_ids: [hookId] }]);

        // One event to the one endpoint named, twice with one key (a double click): one answer, one redelivery.
        const one = await replay(`/v1/events/${encodeURIComponent(purchaseId)}/replay`, { endpoint_id: hookId }, `v1-one-${tag}`);
        expect([one.status, one.body]).toEqual([200, { event_count: 1, endpoint_ids: [hookId] }]);
        expectRateLimitHeaders(one);
        expect((await replay(`/v1/events/${encodeURIComponent(purchaseId)}/replay`, { endpoint_id: hookId }, `v1-one-${tag}`)).body).toEqual(one.body);
        expect((await replay(`/v1/events/${encodeURIComponent(purchaseId)}/replay`, {}, `v1-one-${tag}`)).status).toBe(409);

        const keyless = await replay(`/v1/events/${encodeURIComponent(purchaseId)}/replay`, {});
        expect([keyless.status, (keyless.body['issues'] as Body[] | undefined)?.[0]?.['path']]).toEqual([400, 'Idempotency-Key']);
        const unknownField = await replay(`/v1/events/${encodeURIComponent(purchaseId)}/replay`, { endpoint: hookId }, `v1-bad-${tag}`);
        expect([unknownField.status, (unknownField.body['issues'] as Body[] | undefined)?.[0]?.['path']]).toEqual([400, 'endpoint']);
        // Not the caller's (or none): one not-found answer.
        expect((await replay('/v1/events/label.purchased%3Asingle%3A00000000-0000-4000-8000-000000000000/replay', {}, `v1-none-${tag}`)).status).toBe(404);
        expect((await replay(`/v1/events/${encodeURIComponent(purchaseId)}/replay`, { endpoint_id: '00000000-0000-4000-8000-000000000000' }, `v1-none-2-${tag}`)).status).toBe(404);
        expect((await replay('/v1/webhooks/00000000-0000-4000-8000-000000000000/replay', { since }, `v1-none-3-${tag}`)).status).toBe(404);
        const stranger = await call('POST', `/v1/events/${encodeURIComponent(purchaseId)}/replay`, {}, { token: (await newBulkCustomer(call, await adminTokenOf(call, running()), 0, 'v1x')).token, 'Idempotency-Key': `v1-x-${tag}` });
        expect([stranger.status, stranger.body['message']]).toEqual([404, 'Event not found']);
      } finally {
        await call('PATCH', `/webhooks/${hookId}`, { enabled: false }, bearer);
      }
    }, 120_000);

    it('refuses an unknown field by name, a purchase without an Idempotency-Key, and text where a number goes, each in the one error shape with RateLimit headers', async () => {
      const unknown = await buy(`REF-X-${tag}`, `v1-x-${tag}`, { sender: { ...SINGLE_LABEL_ORDER.sender, sender_nmae: 'typo' }, insure: true });
      expect(unknown.status).toBe(400);
      expect(unknown.body).toMatchObject({ code: 'VALIDATION_FAILED', issues: expect.arrayContaining([{ path: 'insure', message: 'Unknown field: insure' }, { path: 'sender.sender_nmae', message: 'Unknown field: sender.sender_nmae' }]) });
      expectRateLimitHeaders(unknown);

      const keyless = await call('POST', '/v1/shipments', { ...SINGLE_LABEL_ORDER }, bearer);
      expect([keyless.status, keyless.body['code'], (keyless.body['issues'] as Body[] | undefined)?.[0]?.['path']]).toEqual([400, 'VALIDATION_FAILED', 'Idempotency-Key']);
      const keylessBatch = await call('POST', '/v1/batches', { shipments: [bulkRow(9)] }, bearer);
      expect([keylessBatch.status, (keylessBatch.body['issues'] as Body[] | undefined)?.[0]?.['path']]).toEqual([400, 'Idempotency-Key']);
      const unknownInRow = await call('POST', '/v1/batches', { shipments: [{ ...bulkRow(9), colour: 'red' }] }, { ...bearer, 'Idempotency-Key': `v1-batch-x-${tag}` });
      expect([unknownInRow.status, (unknownInRow.body['issues'] as Body[] | undefined)?.[0]]).toEqual([400, { path: 'shipments.0.colour', message: 'Unknown field: shipments.0.colour' }]);

      const notText = await buy(12345 as unknown as string, `v1-y-${tag}`);
      expect([notText.status, (notText.body['issues'] as Body[] | undefined)?.[0]]).toEqual([400, { path: 'reference', message: 'reference must be text' }]);

      const unknownQuery = await call('GET', '/v1/shipments?page=2', undefined, bearer);
      expect([unknownQuery.status, unknownQuery.body['message']]).toEqual([400, 'Unknown field: page']);
      const badCursor = await call('GET', '/v1/shipments?cursor=abc', undefined, bearer);
      expect([badCursor.status, (badCursor.body['issues'] as Body[] | undefined)?.[0]?.['path']]).toEqual([400, 'cursor']);

      const missing = await call('GET', '/v1/shipments/00000000-0000-4000-8000-000000000001', undefined, bearer);
      expect([missing.status, missing.body['code']]).toEqual([404, 'NOT_FOUND']);
      const notAnId = await call('GET', '/v1/shipments/not-an-id/tracking', undefined, bearer);
      expect(notAnId.status).toBe(404);
    }, 60_000);
  });
};
