import type { RunningSystem } from '@labeldesk/testing';
import { PDFDocument } from 'pdf-lib';
import { adminTokenOf, apiClient, newBulkCustomer, SINGLE_LABEL_ORDER, type Api } from './bulk-api';
import { buySingleLabel } from './lifecycle-api';
import { pdfText } from './pdf-text';

type Body = Record<string, unknown>;
type Who = { token: string; userId: string };

const pageSizes = async (bytes: Buffer | null): Promise<Array<{ width: number; height: number }>> =>
  (await PDFDocument.load(bytes ?? Buffer.alloc(0))).getPages().map((page) => page.getSize());

const FOUR_BY_SIX = { width: 288, height: 432 };
const LETTER = { width: 612, height: 792 };

/** A label's name as the Orders list gives it to the Download button. */
const labelNameOf = async (call: Api, who: Who, orderId: string): Promise<string> => {
  const list = await call('GET', `/orders/${who.userId}`, undefined, { token: who.token });
  const order = (list.body['orders'] as Body[]).find((o) => o['_id'] === orderId);
  return String(order?.['pdfName']);
};

/** Decision 096 through the REST API: a user's label size, and the paper their single labels download on. */
export const describeLabelSizes = (mode: string, running: () => RunningSystem): void => {
  describe(`label sizes (${mode} mode)`, () => {
    let call: Api;
    let adminToken: string;
    let seller: Who;

    beforeAll(async () => {
      call = apiClient(running().baseUrl);
      adminToken = await adminTokenOf(call, running());
      seller = await newBulkCustomer(call, adminToken, 10_000, 'label-size');
    }, 60_000);

    const download = (path: string) => call('GET', `/orders/download/${path}`, undefined, { token: seller.token });

    it('downloads a new seller\'s label on 4×6, and every download of it on a Letter sheet once they choose Letter, unless one download asks for 4×6', async () => {
      expect((await call('GET', `/label-settings/${seller.userId}`, undefined, { token: seller.token })).body).toEqual({ labelSize: '4x6' });
      const { orderId, trackingNumber } = await buySingleLabel(call, seller, `label-size-${mode}-${Date.now()}`);
      const name = await labelNameOf(call, seller, orderId);
      expect(await pageSizes((await download(`v2/${name}`)).bytes)).toEqual([FOUR_BY_SIX]);

      const chosen = await call('PUT', `/label-settings/${seller.userId}`, { labelSize: 'letter' }, { token: seller.token });
      expect([chosen.status, chosen.body]).toEqual([200, { labelSize: 'letter' }]);
      expect((await call('GET', `/label-settings/${seller.userId}`, undefined, { token: seller.token })).body).toEqual({ labelSize: 'letter' });

      const byName = await download(`v2/${name}`);
      expect(byName.status).toBe(200);
      expect(byName.headers.get('content-type')).toBe('application/pdf');
      expect(byName.headers.get('content-disposition')).toContain(name.replace(/\.pdf$/, '_letter.pdf'));
      expect(await pageSizes(byName.bytes)).toEqual([LETTER]);
      const text = pdfText(byName.bytes ?? Buffer.alloc(0)).replace(/\s+/g, '');
      expect(text).toContain(trackingNumber);
      expect(text).toContain('Cutorfoldalongthedashedline');

      // Re-downloads, by name and by the order's id, read the same sheet back; the carrier's own page is still there.
      const again = await download(`v2/${name}`);
      const byId = await download(`pdf/${orderId}`);
      expect(again.bytes?.equals(byName.bytes ?? Buffer.alloc(0))).toBe(true);
      expect(byId.bytes?.equals(byName.bytes ?? Buffer.alloc(0))).toBe(true);
      const once = await download(`v2/${name}?size=4x6`);
      expect(once.headers.get('content-disposition')).toContain(name);
      expect(await pageSizes(once.bytes)).toEqual([FOUR_BY_SIX]);
    }, 120_000);

    it('lets one download ask for Letter whatever the preference, and leaves a ZPL label as the printer reads it', async () => {
      const other = await newBulkCustomer(call, adminToken, 10_000, 'label-size-zpl');
      const pdf = await buySingleLabel(call, other, `label-size-pdf-${mode}-${Date.now()}`);
      const onLetter = await call('GET', `/orders/download/pdf/${pdf.orderId}?size=letter`, undefined, { token: other.token });
      expect(await pageSizes(onLetter.bytes)).toEqual([LETTER]);

      await call('PUT', `/label-settings/${other.userId}`, { labelSize: 'letter' }, { token: other.token });
      const bought = await call('POST', '/orders/v2', { ...SINGLE_LABEL_ORDER, label_format: 'zpl' }, { token: other.token, 'Idempotency-Key': `label-size-zpl-${mode}-${Date.now()}` });
      expect(bought.status).toBe(200);
      const zplId = String((bought.body['data'] as Body)['orderId']);
      for (const path of [`zpl/${zplId}`, `v2/${zplId}`, `zpl/${zplId}?size=letter`]) {
        const file = await call('GET', `/orders/download/${path}`, undefined, { token: other.token });
        expect(file.status).toBe(200);
        expect(file.bytes?.toString('latin1')).toMatch(/^\^XA/);
      }
    }, 120_000);

    it("refuses another user's size to a stranger, a size it does not know with a 400 saying so, and anyone without a credential; an admin reads and sets it", async () => {
      const stranger = await newBulkCustomer(call, adminToken, 0, 'label-size-stranger');
      const read = await call('GET', `/label-settings/${seller.userId}`, undefined, { token: stranger.token });
      const written = await call('PUT', `/label-settings/${seller.userId}`, { labelSize: '4x6' }, { token: stranger.token });
      expect([read.status, written.status]).toEqual([403, 403]);
      expect((await call('GET', `/label-settings/${seller.userId}`)).status).toBe(401);

      const bad = await call('PUT', `/label-settings/${seller.userId}`, { labelSize: 'a4' }, { token: seller.token });
      expect([bad.status, bad.body['message']]).toEqual([400, 'Label size must be 4x6 or letter']);
      const extra = await call('PUT', `/label-settings/${seller.userId}`, { labelSize: 'letter', scale: 2 }, { token: seller.token });
      expect(extra.status).toBe(400);
      expect((await call('GET', `/orders/download/v2/anything.pdf?size=a4`, undefined, { token: seller.token })).status).toBe(400);

      expect((await call('GET', `/label-settings/${seller.userId}`, undefined, { token: adminToken })).body).toEqual({ labelSize: 'letter' });
      const byAdmin = await call('PUT', `/label-settings/${seller.userId}`, { labelSize: '4x6' }, { token: adminToken });
      expect([byAdmin.status, byAdmin.body]).toEqual([200, { labelSize: '4x6' }]);
    }, 60_000);
  });
};
