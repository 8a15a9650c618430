import { DOWNLOAD_NOTICE_HEADER } from '@labeldesk/contracts';
import type { DistributedSystem } from '@labeldesk/testing';
import { adminTokenOf, apiClient, bulkRow, newBulkCustomer, submitBulk, waitForBulk, type Api } from './bulk-api';
import { buySingleLabel, eventually } from './lifecycle-api';
import { ABANDONED_AGE_MS, abandonedForm, batchLabels } from './scan-form-rows';

type Body = Record<string, unknown>;

/**
 * SCAN forms the carrier may have made without our reading it, through the REST API: a form left `pending` by a
 * request that stopped after it may have asked the carrier (written into the database as such a crash leaves it) is
 * taken as unconfirmed when next read, shown as such beside the made forms, never downloadable, and alerted.
 * Distributed mode: the test writes the crash's leftovers straight into PostgreSQL. The system's sandbox scans no
 * label and manifests none within the hour (a made form is then the only manifest).
 */
export const describeUnconfirmedScanForms = (running: () => DistributedSystem): void => {
  describe('SCAN forms the carrier has not confirmed (distributed mode)', () => {
    let call: Api;
    let adminToken: string;

    beforeAll(async () => {
      call = apiClient(running().baseUrl);
      adminToken = await adminTokenOf(call, running());
    });

    it("shows a day's abandoned form as unconfirmed beside the made one, with no file, refuses its labels for another form and alerts the operator", async () => {
      const who = await newBulkCustomer(call, adminToken, 100_000, 'scan-unconfirmed');
      const onMade = await buySingleLabel(call, who);
      const first = await call('POST', `/orders/scan-forms/today/${who.userId}`, undefined, { token: who.token });
      expect(first.status).toBe(200);
      const [made] = first.body['forms'] as Body[];
      const held = await buySingleLabel(call, who);
      const formId = await abandonedForm(running().databaseUrl, { userId: who.userId, mailingDate: String(made?.['mailingDate']), labels: [{ kind: 'single', labelId: held.orderId, trackingNumber: held.trackingNumber }], ageMs: ABANDONED_AGE_MS });

      const listed = await call('GET', `/orders/scan-forms/today/${who.userId}`, undefined, { token: who.token });
      expect((listed.body['labels'] as Body[]).map((label) => [label['orderId'], label['state']])).toEqual([
        [onMade.orderId, 'on_form'],
        [held.orderId, 'on_unconfirmed_form'],
      ]);

      const answered = await call('POST', `/orders/scan-forms/today/${who.userId}`, undefined, { token: who.token });
      expect(answered.status).toBe(200);
      // Oldest first: the abandoned form was claimed two hours ago.
      expect((answered.body['forms'] as Body[]).map((form) => [form['id'], form['state'], form['downloadPath'], form['trackingNumbers']])).toEqual([
        [formId, 'unconfirmed', null, [held.trackingNumber]],
        [made?.['id'], 'created', `/api/orders/download/scan-form/${String(made?.['id'])}`, [onMade.trackingNumber]],
      ]);

      const download = await call('GET', `/orders/download/scan-form/${formId}`, undefined, { token: who.token });
      expect([download.status, download.body['code']]).toEqual([422, 'ORDERS_SCAN_FORM_UNAVAILABLE']);
      expect(String(download.body['message'])).toContain(`(${held.trackingNumber}), but its answer could not be read`);
      const chosen = await call('POST', `/orders/scan-forms/today/${who.userId}`, { orderIds: [held.orderId] }, { token: who.token });
      expect([chosen.status, chosen.body['message']]).toEqual([422, `These labels cannot go on a SCAN form: ${held.trackingNumber} (on a SCAN form Sandbox has not confirmed).`]);

      // The alert is written beside the answer, never in its way: it stands once that write is done.
      const alerts = await eventually(
        async () => (await call('GET', '/admin/carriers/alerts', undefined, { token: adminToken })).body['alerts'] as Body[],
        (standing) => standing.some((alert) => String(alert['message']).includes(`SCAN form ${formId}`)),
        10_000,
        "the unconfirmed form's alert",
      );
      expect(alerts).toContainEqual(expect.objectContaining({ carrier: 'sandbox', reason: 'unreadable_answer', message: expect.stringContaining(`SCAN form ${formId}`) }));
    });

    it("downloads a batch's made forms as its file, and says in a header which labels are on the form the carrier has not confirmed", async () => {
      const who = await newBulkCustomer(call, adminToken, 100_000, 'scan-unconfirmed-batch');
      const { orderId: batchId } = await submitBulk(call, who, [bulkRow(1), bulkRow(2), bulkRow(3)]);
      await waitForBulk(call, who.token, batchId);
      const [held, ...rest] = await batchLabels(running().databaseUrl, batchId);
      if (!held || rest.length !== 2) throw new Error('the batch bought no three labels');
      await abandonedForm(running().databaseUrl, { userId: who.userId, bulkOrderId: batchId, mailingDate: '2026-01-01', labels: [held], ageMs: ABANDONED_AGE_MS });

      const file = await call('GET', `/orders/download/scan-form/${batchId}`, undefined, { token: who.token });

      expect(file.status).toBe(200);
      expect(file.bytes?.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(decodeURIComponent(file.headers.get(DOWNLOAD_NOTICE_HEADER) ?? '')).toBe(
        `This file holds only the SCAN forms Sandbox made. Sandbox has not confirmed one more SCAN form, for 1 label (${held.trackingNumber}); ` +
          'an operator is checking it. Do not hand these labels over on another form.',
      );
    });
  });
};
