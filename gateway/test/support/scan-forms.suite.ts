import type { RunningSystem } from '@labeldesk/testing';
import { adminTokenOf, apiClient, newBulkCustomer, type Api } from './bulk-api';
import { buySingleLabel } from './lifecycle-api';

/**
 * The sandbox as these tests set it: no label is scanned, and its own manifest is an hour after a purchase, so a void
 * before it is free unless something else manifested the label: a SCAN form.
 */
export const SCAN_FORM_ENV: NodeJS.ProcessEnv = { SANDBOX_TRACKING_SHARE: '0', SANDBOX_MANIFEST_AFTER_SECONDS: '3600', SANDBOX_REFUND_DAYS: '30' };

type Body = Record<string, unknown>;

/** SCAN forms through the REST API of a running system: today's labels on a form, chosen ones, none. */
export const describeScanForms = (mode: string, running: () => RunningSystem): void => {
  describe(`SCAN forms through the REST API (${mode} mode)`, () => {
    let call: Api;
    let adminToken: string;

    beforeAll(async () => {
      call = apiClient(running().baseUrl);
      adminToken = await adminTokenOf(call, running());
    });

    it("puts today's labels on one form, downloads it for its owner only, and a void of a label on it becomes a refund request", async () => {
      const who = await newBulkCustomer(call, adminToken, 100_000, 'scan');
      const onForm = [await buySingleLabel(call, who), await buySingleLabel(call, who)];

      const made = await call('POST', `/orders/scan-forms/today/${who.userId}`, undefined, { token: who.token });
      expect(made.status).toBe(200);
      const forms = made.body['forms'] as Body[];
      expect(forms).toHaveLength(1);
      const form = forms[0] as Body;
      expect([...(form['trackingNumbers'] as string[])].sort()).toEqual(onForm.map((l) => l.trackingNumber).sort());
      expect(form).toMatchObject({ carrier: 'sandbox', count: 2, downloadPath: `/api/orders/download/scan-form/${String(form['id'])}` });

      const file = await call('GET', `/orders/download/scan-form/${String(form['id'])}`, undefined, { token: who.token });
      expect(file.status).toBe(200);
      expect(file.bytes?.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const stranger = await newBulkCustomer(call, adminToken, 0, 'stranger');
      expect((await call('GET', `/orders/download/scan-form/${String(form['id'])}`, undefined, { token: stranger.token })).status).toBe(404);
      expect((await call('POST', `/orders/scan-forms/today/${who.userId}`, undefined, { token: stranger.token })).status).toBe(403);

      const again = await call('POST', `/orders/scan-forms/today/${who.userId}`, undefined, { token: who.token });
      expect((again.body['forms'] as Body[]).map((f) => f['id'])).toEqual([form['id']]);

      const manifested = await call('POST', `/orders/${onForm[0]?.orderId}/void`, undefined, { token: who.token });
      expect(manifested.status).toBe(200);
      expect(manifested.body).toMatchObject({ state: 'refund_pending' });
      const free = await buySingleLabel(call, who);
      const voided = await call('POST', `/orders/${free.orderId}/void`, undefined, { token: who.token });
      expect(voided.body).toMatchObject({ state: 'voided' });
    });

    it("lists today's labels with what each may do, and makes a form for the labels chosen only, refusing a choice it cannot take whole", async () => {
      const who = await newBulkCustomer(call, adminToken, 100_000, 'scan-chosen');
      const [first, second, third] = [await buySingleLabel(call, who), await buySingleLabel(call, who), await buySingleLabel(call, who)] as const;
      const voided = await buySingleLabel(call, who);
      expect((await call('POST', `/orders/${voided.orderId}/void`, undefined, { token: who.token })).body).toMatchObject({ state: 'voided' });

      const listed = await call('GET', `/orders/scan-forms/today/${who.userId}`, undefined, { token: who.token });
      expect(listed.status).toBe(200);
      const states = (listed.body['labels'] as Body[]).map((label) => [label['orderId'], label['trackingNumber'], label['state']]);
      expect(states).toEqual([
        [first.orderId, first.trackingNumber, 'available'],
        [second.orderId, second.trackingNumber, 'available'],
        [third.orderId, third.trackingNumber, 'available'],
        [voided.orderId, voided.trackingNumber, 'voided'],
      ]);
      expect((listed.body['labels'] as Body[])[0]).toMatchObject({ carrier: 'sandbox', receiverName: expect.any(String), sender: { name: expect.any(String), zip: expect.any(String) } });

      // A choice holding a voided label, or a label not of today's, makes nothing.
      const withVoided = await call('POST', `/orders/scan-forms/today/${who.userId}`, { orderIds: [first.orderId, voided.orderId] }, { token: who.token });
      expect([withVoided.status, withVoided.body['code'], withVoided.body['message']]).toEqual([422, 'ORDERS_SCAN_FORM_UNAVAILABLE', `These labels cannot go on a SCAN form: ${voided.trackingNumber} (voided).`]);
      const stranger = await newBulkCustomer(call, adminToken, 100_000, 'scan-chosen-other');
      const theirs = await buySingleLabel(call, stranger);
      const notToday = await call('POST', `/orders/scan-forms/today/${who.userId}`, { orderIds: [theirs.orderId] }, { token: who.token });
      expect([notToday.status, notToday.body['message']]).toEqual([400, `Not one of today's labels: ${theirs.orderId}. A SCAN form takes labels bought today.`]);
      expect((await call('POST', `/orders/scan-forms/today/${who.userId}`, { orderIds: [] }, { token: who.token })).body['message']).toBe('Choose at least one label for the SCAN form');
      expect((await call('POST', `/orders/scan-forms/today/${who.userId}`, { orderIds: 'all' }, { token: who.token })).status).toBe(400);

      const made = await call('POST', `/orders/scan-forms/today/${who.userId}`, { orderIds: [second.orderId, first.orderId] }, { token: who.token });
      expect(made.status).toBe(200);
      expect((made.body['forms'] as Body[]).map((form) => [...(form['trackingNumbers'] as string[])].sort())).toEqual([[first.trackingNumber, second.trackingNumber].sort()]);
      const after = await call('GET', `/orders/scan-forms/today/${who.userId}`, undefined, { token: who.token });
      expect((after.body['labels'] as Body[]).map((label) => label['state'])).toEqual(['on_form', 'on_form', 'available', 'voided']);
      const twice = await call('POST', `/orders/scan-forms/today/${who.userId}`, { orderIds: [first.orderId] }, { token: who.token });
      expect([twice.status, twice.body['message']]).toEqual([422, `These labels cannot go on a SCAN form: ${first.trackingNumber} (already on a form).`]);

      // The rest of the day still goes on a form of its own.
      const rest = await call('POST', `/orders/scan-forms/today/${who.userId}`, undefined, { token: who.token });
      const restForms = rest.body['forms'] as Body[];
      expect(restForms).toHaveLength(2);
      expect(restForms[1]?.['trackingNumbers']).toEqual([third.trackingNumber]);
    });

    it('answers a day without labels with a 422 in words', async () => {
      const who = await newBulkCustomer(call, adminToken, 0, 'scan-none');
      const none = await call('POST', `/orders/scan-forms/today/${who.userId}`, undefined, { token: who.token });
      expect(none.status).toBe(422);
      expect(none.body).toMatchObject({ code: 'ORDERS_SCAN_FORM_UNAVAILABLE', message: 'No single label was bought today, so there is nothing for a SCAN form.' });
    });
  });
};
