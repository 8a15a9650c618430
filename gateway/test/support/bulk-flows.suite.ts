import type { BulkOrder, OrderProgress } from '@labeldesk/contracts';
import type { RunningSystem } from '@labeldesk/testing';
import { PDFDocument } from 'pdf-lib';
import { io, type Socket } from 'socket.io-client';
import { adminTokenOf, apiClient, balanceOf, bulkRow, newBulkCustomer, postOversized, submitBulk, waitForBulk, type Api } from './bulk-api';

type Body = Record<string, unknown>;

/** A row limit other than the default, so the tests see the deployment's setting reach the gateway and the page. */
export const BULK_FLOWS_ENV = { BULK_MAX_ROWS: '20000' };

/** Issue 7's API through the real gateway and services, run in both modes. */
export const describeBulkFlows = (mode: string, running: () => RunningSystem): void => {
  describe(`bulk orders (${mode} mode)`, () => {
    let system: RunningSystem;
    let call: Api;
    let adminToken: string;

    beforeAll(async () => {
      system = running();
      call = apiClient(system.baseUrl);
      adminToken = await adminTokenOf(call, system);
    }, 120_000);

    it('serves the CSV template with the spec bulk row columns and an example row', async () => {
      const who = await newBulkCustomer(call, adminToken, 0);
      const template = await call('GET', '/orders/file/template', undefined, { token: who.token });
      expect(template.status).toBe(200);
      expect(template.headers.get('content-disposition')).toContain('Bulk_Template.csv');
      const [header, example] = (template.bytes?.toString('utf8') ?? '').trim().split('\r\n');
      expect(header?.split(',').slice(0, 6)).toEqual(['orderId', 'orderItemId', 'skuNumber', 'quantity', 'courier', 'ServiceName']);
      expect(example?.split(',')).toHaveLength(header?.split(',').length ?? -1);
    });

    it('refuses a batch with invalid rows whole, naming each row, and buys nothing', async () => {
      const who = await newBulkCustomer(call, adminToken, 100_000);
      const rows = [bulkRow(0), { ...bulkRow(1), receiver: { ...bulkRow(1).receiver, receiver_city: '' } }, bulkRow(2, { weight: 0 })];
      const { processed } = await submitBulk(call, who, rows);
      expect(processed.status).toBe(400);
      expect(processed.body['message']).toMatch(/^2 row\(s\) have validation errors\. Row 2: Recipient city is required$/);
      expect((processed.body['issues'] as Array<{ path: string }>).map((i) => i.path)).toEqual(expect.arrayContaining(['orderData.1.receiver.receiver_city', 'orderData.2.package.package_weight']));
      expect(await balanceOf(call, who.token)).toBe(100_000);
      expect((await call('GET', `/orders/bulk/${who.userId}`, undefined, { token: who.token })).body['totalCount']).toBe(0);
    });

    it('refuses rows the user cannot buy (unknown service, over the maximum weight) before holding anything', async () => {
      const who = await newBulkCustomer(call, adminToken, 100_000);
      const { processed } = await submitBulk(call, who, [bulkRow(0), bulkRow(1, { service: 'USPS Teleport' }), bulkRow(2, { weight: 90 })]);
      expect(processed.status).toBe(400);
      expect((processed.body['issues'] as Array<{ path: string }>).map((i) => i.path)).toEqual(['orderData.1.service_name', 'orderData.2.package.package_weight']);
      expect(await balanceOf(call, who.token)).toBe(100_000);
    });

    it('refuses a batch the balance cannot cover with the shortfall, holding and storing nothing', async () => {
      const who = await newBulkCustomer(call, adminToken, 1_000);
      const { processed } = await submitBulk(call, who, [bulkRow(0), bulkRow(1)]);
      expect([processed.status, processed.body['message']]).toEqual([402, 'Insufficient balance: this order costs $17.00 and your balance is $10.00. Add $7.00 to continue.']);
      expect(await balanceOf(call, who.token)).toBe(1_000);
      expect((await call('GET', `/orders/bulk/${who.userId}`, undefined, { token: who.token })).body['totalCount']).toBe(0);
      expect((await call('GET', `/orders/bulk/active/${who.userId}`, undefined, { token: who.token })).body['bulkOrder']).toBeNull();
    });

    it('keeps nothing of a refused submission, so the same order can be sent again with other rows once money arrives', async () => {
      const who = await newBulkCustomer(call, adminToken, 1_000);
      const { orderId, processed } = await submitBulk(call, who, [bulkRow(0), bulkRow(1), bulkRow(2)]);
      expect(processed.status).toBe(402);
      await call('POST', `/auth/users/details/${who.userId}`, { balance: 2_000 }, { token: adminToken });
      const again = await call('POST', `/orders/bulk/process/${who.userId}`, { orderId, orderData: [bulkRow(5), bulkRow(6)] }, { token: who.token });
      expect([again.status, again.body['totalCount']]).toEqual([200, 2]);
      const done = await waitForBulk(call, who.token, orderId);
      expect(done).toMatchObject({ status: 'completed', processedCount: 2, bulkOrderData: { cost: 1_700 } });
      expect(await balanceOf(call, who.token)).toBe(300);
    }, 60_000);

    it('buys a batch uploaded in slices once, names a bad row by its place in the whole batch and keeps nothing of a refusal', async () => {
      const who = await newBulkCustomer(call, adminToken, 100_000, 'slices');
      const init = await call('POST', '/orders/bulk/init', { userId: who.userId }, { token: who.token });
      const orderId = String(init.body['orderId']);
      const upload = (firstRow: number, orderData: unknown[]) => call('POST', `/orders/bulk/rows/${who.userId}`, { orderId, firstRow, orderData }, { token: who.token });
      const submit = (rowCount: number) => call('POST', `/orders/bulk/submit/${who.userId}`, { orderId, rowCount }, { token: who.token });
      const badCity = { ...bulkRow(4), receiver: { ...bulkRow(4).receiver, receiver_city: '' } };

      expect([(await upload(0, [bulkRow(0), bulkRow(1), bulkRow(2)])).body]).toEqual([{ staged: 3 }]);
      const refused = await upload(3, [bulkRow(3), badCity]);
      expect([refused.status, refused.body['message']]).toEqual([400, '1 row(s) have validation errors. Row 5: Recipient city is required']);
      expect((refused.body['issues'] as Array<{ path: string }>).map((issue) => issue.path)).toEqual(['orderData.4.receiver.receiver_city']);
      expect((await upload(3, [bulkRow(3), bulkRow(4)])).body).toEqual({ staged: 2 });

      // One row fewer than said: refused, and the uploaded rows are dropped with it.
      const short = await submit(6);
      expect([short.status, short.body['message']]).toEqual([400, 'Only 5 of 6 rows arrived. Please submit the order again.']);
      expect((await submit(5)).body['message']).toBe('Only 0 of 5 rows arrived. Please submit the order again.');
      // A slice missing in the middle is named, though as many rows arrived as are submitted.
      await upload(0, [bulkRow(0), bulkRow(1), bulkRow(2)]);
      await upload(4, [bulkRow(4), bulkRow(5)]);
      expect((await submit(5)).body['message']).toBe('Row 4 of 5 did not arrive. Please submit the order again.');
      expect(await balanceOf(call, who.token)).toBe(100_000);

      await upload(0, [bulkRow(0), bulkRow(1), bulkRow(2)]);
      await upload(3, [bulkRow(3), bulkRow(4)]);
      const accepted = await submit(5);
      expect([accepted.status, accepted.body['totalCount'], accepted.body['costCents']]).toEqual([200, 5, 4_250]);
      // A double click: the same batch answered, nothing more held or bought, and no slice taken any more.
      const again = await submit(5);
      expect([again.status, again.body['orderId'], again.body['totalCount']]).toEqual([200, orderId, 5]);
      expect((await upload(0, [bulkRow(9)])).body).toEqual({ staged: 0 });
      const done = await waitForBulk(call, who.token, orderId);
      expect(done).toMatchObject({ status: 'completed', processedCount: 5, bulkOrderData: { cost: 4_250 } });
      expect(await balanceOf(call, who.token)).toBe(100_000 - 4_250);
    }, 60_000);

    it('states the deployment\'s row limit and refuses a slice or a submission past it, a slice too large, rows of another user\'s batch and a submission of no rows', async () => {
      const who = await newBulkCustomer(call, adminToken, 100_000, 'slice-limits');
      const other = await newBulkCustomer(call, adminToken, 0, 'slice-other');
      const orderId = String((await call('POST', '/orders/bulk/init', { userId: who.userId }, { token: who.token })).body['orderId']);
      const upload = (body: Body, as = who) => call('POST', `/orders/bulk/rows/${as.userId}`, body, { token: as.token });

      const limits = await call('GET', '/orders/bulk/limits', undefined, { token: who.token });
      expect([limits.status, limits.body]).toEqual([200, { maxRows: 20_000, maxFileBytes: 20 * 1024 * 1024 }]);
      const past = await upload({ orderId, firstRow: 19_999, orderData: [bulkRow(0), bulkRow(1)] });
      expect([past.status, past.body['message']]).toEqual([400, 'A bulk order holds at most 20,000 rows']);
      const pastCeiling = await upload({ orderId, firstRow: 99_999, orderData: [bulkRow(0), bulkRow(1)] });
      expect([pastCeiling.status, pastCeiling.body['message']]).toEqual([400, 'A bulk order holds at most 100,000 rows']);
      const submitPast = await call('POST', `/orders/bulk/submit/${who.userId}`, { orderId, rowCount: 20_001 }, { token: who.token });
      expect([submitPast.status, submitPast.body['message']]).toEqual([400, 'A bulk order holds at most 20,000 rows']);
      const large = await upload({ orderId, firstRow: 0, orderData: Array.from({ length: 2_001 }, (_, i) => bulkRow(i)) });
      expect([large.status, large.body['message']]).toEqual([400, 'A slice holds at most 2,000 rows']);
      const text = await upload({ orderId, firstRow: '0', orderData: [bulkRow(0)] });
      expect([text.status, text.body['message']]).toEqual([400, 'firstRow must be a whole number']);
      const stranger = await upload({ orderId, firstRow: 0, orderData: [bulkRow(0)] }, other);
      expect([stranger.status, stranger.body['message']]).toEqual([404, 'Bulk order not found']);
      const forSomeoneElse = await call('POST', `/orders/bulk/rows/${who.userId}`, { orderId, firstRow: 0, orderData: [bulkRow(0)] }, { token: other.token });
      expect(forSomeoneElse.status).toBe(403);
      const none = await call('POST', `/orders/bulk/submit/${who.userId}`, { orderId, rowCount: 0 }, { token: who.token });
      expect([none.status, none.body['message']]).toEqual([400, 'No rows to process']);
      expect(await balanceOf(call, who.token)).toBe(100_000);
    }, 60_000);

    it('buys a batch, charges exactly the labels, streams live progress to the owner and builds the three files', async () => {
      const who = await newBulkCustomer(call, adminToken, 100_000);
      const rows = Array.from({ length: 30 }, (_, i) => bulkRow(i));
      const init = await call('POST', '/orders/bulk/init', { userId: who.userId }, { token: who.token });
      const orderId = String(init.body['orderId']);
      const { events, socket } = await followRoom(system.baseUrl, who.token, orderId);
      try {
        const processed = await call('POST', `/orders/bulk/process/${who.userId}`, { orderId, orderData: rows, options: { labelFormat: 'letter_2up', sortBySku: true } }, { token: who.token });
        expect(processed.status).toBe(200);
        expect(processed.body).toMatchObject({ orderId, status: 'processing', totalCount: 30, costCents: 30 * 850 });
        const again = await call('POST', `/orders/bulk/process/${who.userId}`, { orderId, orderData: rows }, { token: who.token });
        expect(again.body).toMatchObject({ orderId, totalCount: 30 });

        const done = await waitForBulk(call, who.token, orderId);
        expect(done).toMatchObject({ status: 'completed', totalCount: 30, processedCount: 30, failedCount: 0, failedLabels: [], bulkOrderData: { cost: 25_500, quotedCost: 25_500 } });
        expect(await balanceOf(call, who.token)).toBe(100_000 - 25_500);
        expect((await call('GET', `/orders/total/${who.userId}`, undefined, { token: who.token })).body).toEqual({ totalOrders: 30, singleLabels: 0, batchLabels: 30 });

        await until(() => events.some((e) => e.status === 'completed' && e.fileData?.pdfName !== undefined));
        const last = events[events.length - 1];
        expect(last).toMatchObject({ orderId, status: 'completed', processedCount: 30, totalCount: 30, fileData: { pdfName: done.pdfName, resultCSVName: done.resultCSVName, autoConfirmCSVName: done.autoConfirmCSVName } });
        expect(events.map((e) => e.status)).toEqual(expect.arrayContaining(['processing', 'generating_files', 'completed']));
      } finally {
        socket.disconnect();
      }

      const pdf = await call('GET', `/orders/download/pdf/${orderId}`, undefined, { token: who.token });
      expect(pdf.status).toBe(200);
      const merged = await PDFDocument.load(pdf.bytes ?? Buffer.alloc(0));
      expect(merged.getPageCount()).toBe(15);
      expect(merged.getPage(0).getSize()).toEqual({ width: 612, height: 792 });

      const csv = (await call('GET', `/orders/download/result-csv/${orderId}`, undefined, { token: who.token })).bytes?.toString('utf8') ?? '';
      const lines = csv.replace(/^\uFEFF/, '').trim().split(/\r?\n/);
      expect(lines).toHaveLength(31);
      expect(lines[1]).toMatch(/^1,114-1000000-2000000,30000000000000,SKU-0,Bob 0,USPS Priority Mail,success,\d{22},8\.50,$/);

      const tsv = await call('GET', `/orders/download/auto-csv/${orderId}`, undefined, { token: who.token });
      expect(tsv.headers.get('content-disposition')).toMatch(/Auto_Confirm_\d+-\d+_[A-Za-z0-9_-]{22}_SAMPLE\.tsv/);
      const tsvLines = (tsv.bytes?.toString('utf8') ?? '').trim().split(/\r?\n/);
      expect(tsvLines[0]).toContain('SAMPLE DATA');
      expect(tsvLines.filter((l) => /\t\d{22}\t/.test(l))).toHaveLength(30);

      const stranger = await newBulkCustomer(call, adminToken, 0, 'stranger');
      // Someone else's batch answers as a missing one does: 404, so ids and names cannot be probed.
      expect((await call('GET', `/orders/download/pdf/${orderId}`, undefined, { token: stranger.token })).status).toBe(404);
      expect((await call('GET', `/orders/bulk/order/${orderId}`, undefined, { token: stranger.token })).status).toBe(404);
    }, 120_000);

    it('answers 400 to Retry Failed when no label failed, and Regenerate Files rebuilds the same files', async () => {
      const who = await newBulkCustomer(call, adminToken, 100_000);
      const { orderId } = await submitBulk(call, who, [bulkRow(0), bulkRow(1), bulkRow(2)]);
      const done = await waitForBulk(call, who.token, orderId);
      const retry = await call('POST', `/orders/bulk/retry-failed/${orderId}`, undefined, { token: who.token });
      expect([retry.status, retry.body['message']]).toEqual([400, 'No failed labels found for this order']);
      const recovered = await call('POST', `/orders/bulk/recover/${orderId}`, undefined, { token: who.token });
      expect(recovered.status).toBe(200);
      expect(recovered.body).toMatchObject({ status: 'completed', fileData: { pdfName: done.pdfName, resultCSVName: done.resultCSVName } });
      const pdf = await call('GET', `/orders/download/pdf/${orderId}`, undefined, { token: who.token });
      expect((await PDFDocument.load(pdf.bytes ?? Buffer.alloc(0))).getPageCount()).toBe(3);
      expect(await balanceOf(call, who.token)).toBe(100_000 - 3 * 850);
    }, 60_000);

    it('lists batches newest first, seven a page, with the spec fields', async () => {
      const who = await newBulkCustomer(call, adminToken, 100_000);
      const first = await submitBulk(call, who, [bulkRow(0)]);
      await waitForBulk(call, who.token, first.orderId);
      const second = await submitBulk(call, who, [bulkRow(1), bulkRow(2)]);
      await waitForBulk(call, who.token, second.orderId);
      const list = await call('GET', `/orders/bulk/${who.userId}?page=1&limit=7`, undefined, { token: who.token });
      const orders = list.body['bulkOrders'] as BulkOrder[];
      expect(list.body['totalCount']).toBe(2);
      expect(orders.map((o) => o._id)).toEqual([second.orderId, first.orderId]);
      expect(orders[0]).toMatchObject({ totalCount: 2, processedCount: 2, bulkOrderData: { cost: 1700 } });
      const other = await newBulkCustomer(call, adminToken, 0, 'other');
      expect((await call('GET', `/orders/bulk/${who.userId}`, undefined, { token: other.token })).status).toBe(403);
    }, 60_000);

    it('refuses a body over the bulk limit with 413 and a clear message, never a 500', async () => {
      const who = await newBulkCustomer(call, adminToken, 0);
      const huge = JSON.stringify({ orderId: '00000000-0000-4000-8000-000000000000', orderData: [{ pad: 'x'.repeat(45 * 1024 * 1024) }] });
      const answer = await postOversized(system.baseUrl, `/orders/bulk/process/${who.userId}`, huge, { token: who.token });
      expect(answer.status).toBe(413);
      expect(answer.body['message']).toMatch(/larger than the 40 MB limit/);
      const small = await postOversized(system.baseUrl, '/auth/register', JSON.stringify({ name: 'x'.repeat(3 * 1024 * 1024) }));
      expect([small.status, small.body['message']]).toEqual([413, expect.stringMatching(/larger than the 2 MB limit/)]);
    }, 60_000);

    it('lets only the owner join a batch room', async () => {
      const who = await newBulkCustomer(call, adminToken, 100_000);
      const { orderId } = await submitBulk(call, who, [bulkRow(0)]);
      await waitForBulk(call, who.token, orderId);
      const stranger = await newBulkCustomer(call, adminToken, 0, 'snoop');
      const socket = io(system.baseUrl, { transports: ['websocket'], auth: { token: stranger.token }, reconnection: false });
      try {
        const refusal = await new Promise<Body>((resolve) => {
          socket.on('roomError', (error: Body) => resolve(error));
          socket.on('connect', () => socket.emit('joinOrderRoom', `order_${orderId}`));
        });
        expect(refusal).toEqual({ room: `order_${orderId}`, message: 'Order not found' });
      } finally {
        socket.disconnect();
      }
    });
  });
};

const until = async (check: () => boolean, timeoutMs = 10_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
};

/** A socket in the batch's room, collecting its progress events. */
const followRoom = async (baseUrl: string, token: string, orderId: string): Promise<{ events: OrderProgress[]; socket: Socket }> => {
  const events: OrderProgress[] = [];
  const socket = io(baseUrl, { transports: ['websocket'], auth: { token }, reconnection: false });
  socket.on('orderProgress', (event: OrderProgress) => events.push(event));
  await new Promise<void>((resolve, reject) => {
    socket.on('connect', () => {
      socket.emit('joinOrderRoom', `order_${orderId}`);
      resolve();
    });
    socket.on('connect_error', reject);
  });
  return { events, socket };
};
