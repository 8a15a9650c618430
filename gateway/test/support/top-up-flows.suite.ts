import { FakeBtcpayServer, startHookTimeout, type RunningSystem } from '@labeldesk/testing';

type Body = Record<string, unknown>;

/** Issue 4's webhook cases against a fake BTCPay Server, through the real gateway and payments service. */
export const describeTopUpFlows = (mode: string, start: (env: NodeJS.ProcessEnv) => Promise<RunningSystem>): void => {
  describe(`top-ups through BTCPay Server (${mode} mode)`, () => {
    const btcpay = new FakeBtcpayServer('store-ours', 'api-key-1', 'webhook-secret-1');
    let system: RunningSystem;
    let token: string;
    let userId: string;

    const call = async (method: string, path: string, body?: unknown) => {
      const response = await fetch(`${system.baseUrl}/api${path}`, {
        method,
        headers: { 'content-type': 'application/json', token },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: response.status, body: (await response.json()) as Body };
    };
    const balance = async () => (await call('GET', '/auth/api/balance')).body['balance'];
    const topUp = async (amountCents: number) => {
      const result = await call('GET', `/payment/top-up/${userId}?amount=${amountCents}`);
      expect(result.status).toBe(200);
      return String(result.body['id']);
    };
    const deposit = async (invoiceId: string) =>
      ((await call('GET', `/payment/deposits/${userId}?page=1&limit=100&filter=all`)).body['deposits'] as Body[]).find((d) => d['invoiceId'] === invoiceId);

    beforeAll(async () => {
      await btcpay.start();
      system = await start({
        BTCPAY_URL: btcpay.url,
        BTCPAY_STORE_ID: btcpay.storeId,
        BTCPAY_API_KEY: btcpay.apiKey,
        BTCPAY_WEBHOOK_SECRET: btcpay.webhookSecret,
        RECONCILE_INTERVAL_SECONDS: '2',
        TOPUP_RATE_LIMIT_PER_MINUTE: '1000',
      });
      btcpay.webhookUrl = `${system.baseUrl}/api/payment/webhook`;
    }, startHookTimeout());

    afterAll(async () => {
      await system?.stop();
      await btcpay.stop();
    }, 60_000);

    beforeEach(async () => {
      // A fresh customer per case: each starts from a zero balance.
      const email = `payer-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
      const registered = await fetch(`${system.baseUrl}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Payer', email, password: 'payer-password', confirmPassword: 'payer-password' }),
      }).then((r) => r.json() as Promise<Body>);
      token = String(registered['token']);
      userId = String((registered['user'] as Body)['_id']);
    });

    it('creates an invoice for the amount asked, with our deposit as its orderId', async () => {
      const invoiceId = await topUp(2500);
      const invoice = btcpay.invoices.get(invoiceId);
      expect(invoice).toMatchObject({ amount: '25.00', currency: 'USD', status: 'New' });
      expect((await deposit(invoiceId))?.['_id']).toBe(invoice?.metadata['orderId']);
    });

    it('credits once for five redeliveries of the settlement', async () => {
      const invoiceId = await topUp(2500);
      btcpay.set(invoiceId, 'Settled');
      const first = await btcpay.deliver('InvoiceSettled', invoiceId, { manuallyMarked: false, overPaid: false });
      expect(first.status).toBe(200);
      for (let i = 0; i < 5; i++) expect((await btcpay.redeliver(first.deliveryId)).status).toBe(200);
      expect(await balance()).toBe(2500);
      expect((await deposit(invoiceId))?.['status']).toBe('Settled');
    });

    it('never credits on Processing, and credits once whatever order Processing and Settled arrive in', async () => {
      const invoiceId = await topUp(1000);
      btcpay.set(invoiceId, 'Processing');
      await btcpay.deliver('InvoiceProcessing', invoiceId);
      expect(await balance()).toBe(0);
      expect((await deposit(invoiceId))?.['status']).toBe('Processing');
      btcpay.set(invoiceId, 'Settled');
      await btcpay.deliver('InvoiceSettled', invoiceId);
      await btcpay.deliver('InvoiceProcessing', invoiceId); // late, out of order
      expect(await balance()).toBe(1000);
      expect((await deposit(invoiceId))?.['status']).toBe('Settled');
    });

    it('answers 401 to a bad signature and credits nothing, and does not trust an event the invoice contradicts', async () => {
      const invoiceId = await topUp(1500);
      const body = JSON.stringify({ deliveryId: 'x', originalDeliveryId: 'x', type: 'InvoiceSettled', storeId: btcpay.storeId, invoiceId }, null, 2);
      expect(await btcpay.postRaw(body, btcpay.sign(body, 'wrong-secret'))).toBe(401);
      expect(await btcpay.postRaw(body, '')).toBe(401);
      // Properly signed but the invoice is still New: re-reading it wins.
      expect((await btcpay.deliver('InvoiceSettled', invoiceId)).status).toBe(200);
      expect(await balance()).toBe(0);
    });

    it('reverses the credit when a manually marked settlement is later marked invalid', async () => {
      const invoiceId = await topUp(3000);
      btcpay.set(invoiceId, 'Settled', 'Marked');
      await btcpay.deliver('InvoiceSettled', invoiceId, { manuallyMarked: true });
      expect(await balance()).toBe(3000);
      btcpay.set(invoiceId, 'Invalid', 'Marked');
      await btcpay.deliver('InvoiceInvalid', invoiceId, { manuallyMarked: true });
      expect(await balance()).toBe(0);
      expect(await deposit(invoiceId)).toMatchObject({ status: 'Invalid', note: 'Payment invalidated: the credit was reversed' });
    });

    it('records an invoice paid after expiry for review instead of crediting it', async () => {
      const invoiceId = await topUp(2000);
      btcpay.set(invoiceId, 'Expired', 'PaidLate');
      await btcpay.deliver('InvoiceExpired', invoiceId, { partiallyPaid: false });
      expect(await balance()).toBe(0);
      expect(await deposit(invoiceId)).toMatchObject({ status: 'Expired', note: expect.stringContaining('Paid after the invoice expired') });
    });

    it('answers 2xx to event types it ignores and 400 to another store', async () => {
      const invoiceId = await topUp(1000);
      expect((await btcpay.deliver('InvoiceCreated', invoiceId)).status).toBe(200);
      expect((await btcpay.deliver('PayoutCreated', invoiceId)).status).toBe(200);
      expect((await btcpay.deliver('InvoiceSettled', invoiceId, { storeId: 'someone-else' })).status).toBe(400);
    });

    it('credits a settled invoice whose webhook never came, through the reconciler', async () => {
      const invoiceId = await topUp(1200);
      btcpay.set(invoiceId, 'Settled');
      // The reconciler looks on its own clock: asked until it credited the invoice (the test's time limit ends a wait for nothing).
      while ((await balance()) !== 1200) await new Promise((r) => setTimeout(r, 250));
      expect(await balance()).toBe(1200);
    });

    it('finds the invoice by orderId when the create call failed after the server made it', async () => {
      const before = btcpay.createCalls.length;
      btcpay.failNextCreateAfterStoring = true;
      const invoiceId = await topUp(900);
      expect(btcpay.createCalls.length).toBe(before + 1);
      expect(btcpay.createCalls[btcpay.createCalls.length - 1]).toBe(invoiceId);
    });
  });
};
