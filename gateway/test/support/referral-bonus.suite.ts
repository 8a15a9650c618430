import { FakeBtcpayServer, type RunningSystem } from '@labeldesk/testing';
import { requestJson, type JsonAnswer, type JsonRequestOptions } from './json-request';
import { eventually } from './lifecycle-api';

interface Customer {
  id: string;
  token: string;
  referralCode: string;
}

const PASSWORD = 'bonus-password-1';
const BONUS = { amountCents: 500, recipients: 'both', minimumFirstTopUpCents: 2000 } as const;
/** The bonus as a fresh system has it: off. */
const UNSET = { amountCents: 0, recipients: 'referred', minimumFirstTopUpCents: 0 } as const;

/**
 * The fake BTCPay the suite's top-ups are paid through, and the settings that point payments at it (to give the system
 * the suite runs on). Its webhook URL is the system's, set once the system is up.
 */
export const referralBonusBtcpay = (): FakeBtcpayServer => new FakeBtcpayServer('store-ours', 'api-key-1', 'webhook-secret-1');
export const referralBonusEnv = (btcpay: FakeBtcpayServer): NodeJS.ProcessEnv => ({
  BTCPAY_URL: btcpay.url,
  BTCPAY_STORE_ID: btcpay.storeId,
  BTCPAY_API_KEY: btcpay.apiKey,
  BTCPAY_WEBHOOK_SECRET: btcpay.webhookSecret,
  TOPUP_RATE_LIMIT_PER_MINUTE: '1000',
});

/**
 * Decision 087 through the real gateway, auth and payments (BTCPay faked): an admin sets the referral bonus; a referred
 * customer's first paid top-up credits it once to them and their referrer, the notification delivered twice or at
 * once; a second top-up, an unreferred customer and a bonus that is off credit nothing. Bonuses are paid just after
 * the credit commits: the tests wait for the state, and, to show that nothing came, wait for a later customer's bonus
 * first (claims are paid in the order they were recorded).
 */
export const describeReferralBonus = (mode: string, running: () => RunningSystem, btcpay: FakeBtcpayServer): void => {
  describe(`the referral bonus (${mode} mode)`, () => {
    let adminToken: string;
    const unique = `${Date.now()}${Math.floor(Math.random() * 1e4)}`;
    let count = 0;

    const call = (method: string, path: string, options?: JsonRequestOptions): Promise<JsonAnswer> => requestJson(running().baseUrl, method, path, options);
    const register = async (referralCode?: string): Promise<Customer> => {
      const email = `bonus-${unique}-${++count}@example.com`;
      const result = await call('POST', '/auth/register', { body: { name: `Customer ${count}`, email, password: PASSWORD, confirmPassword: PASSWORD, ...(referralCode ? { referralCode } : {}) } });
      expect(result.status).toBe(201);
      return { id: String(result.body.user?.['_id']), token: result.body.token ?? '', referralCode: String(result.body.user?.['referralCode']) };
    };
    const balance = async (who: Customer): Promise<number> => Number((await call('GET', '/auth/api/balance', { token: who.token })).body['balance']);
    const credits = async (who: Customer): Promise<unknown[]> => {
      const result = await call('GET', `/referral-bonus/credits/${who.id}`, { token: who.token });
      expect(result.status).toBe(200);
      return result.body['credits'] as unknown[];
    };
    /** A paid top-up: the invoice settles at BTCPay and its notification is delivered `deliveries` times at once. */
    const paidTopUp = async (who: Customer, amountCents: number, deliveries = 1): Promise<void> => {
      const invoice = await call('GET', `/payment/top-up/${who.id}?amount=${amountCents}`, { token: who.token });
      expect(invoice.status).toBe(200);
      const invoiceId = String(invoice.body['id']);
      btcpay.set(invoiceId, 'Settled');
      const statuses = await Promise.all(Array.from({ length: deliveries }, () => btcpay.deliver('InvoiceSettled', invoiceId, { manuallyMarked: false, overPaid: false })));
      expect(statuses.map((s) => s.status)).toEqual(statuses.map(() => 200));
    };
    const bonusArrives = (who: Customer) => eventually(() => credits(who), (list) => list.length > 0, 30_000, 'a referral bonus');
    /** Waits until a freshly referred customer's bonus is paid: everything recorded before it has been paid too. */
    const barrier = async (): Promise<void> => {
      const referrer = await register();
      const late = await register(referrer.referralCode);
      await paidTopUp(late, 2000);
      await bonusArrives(late);
    };

    beforeAll(async () => {
      const system = running();
      adminToken = (await call('POST', '/auth/login', { body: { email: system.adminEmail, password: system.adminPassword } })).body.token ?? '';
    }, 60_000);

    // The bonus is a setting of the whole system: put back as a fresh system has it, for the suites sharing this one.
    afterAll(async () => {
      if (adminToken) expect((await call('PUT', '/referral-bonus', { body: UNSET, token: adminToken })).status).toBe(200);
    }, 60_000);

    it('is off until an admin sets it; a customer may read it but not set it; a bad minimum is refused saying why; the change is audited', async () => {
      const customer = await register();
      expect(await call('GET', '/referral-bonus', { token: customer.token })).toEqual({ status: 200, body: { amountCents: 0, recipients: 'referred', minimumFirstTopUpCents: 0 } });
      expect((await call('PUT', '/referral-bonus', { body: BONUS, token: customer.token })).status).toBe(403);
      const bad = await call('PUT', '/referral-bonus', { body: { ...BONUS, minimumFirstTopUpCents: 100 }, token: adminToken });
      expect([bad.status, bad.body.message]).toEqual([400, 'The minimum first top-up must be at least the bonus ($5.00)']);

      expect(await call('PUT', '/referral-bonus', { body: BONUS, token: adminToken })).toEqual({ status: 200, body: BONUS });
      expect((await call('GET', '/referral-bonus', { token: customer.token })).body).toEqual(BONUS);
      const audit = await call('GET', '/admin/audit?action=referral-bonus.set', { token: adminToken });
      expect((audit.body['items'] as Array<Record<string, unknown>>)[0]).toMatchObject({
        action: 'referral-bonus.set',
        targetType: 'referral-bonus',
        before: { amountCents: 0, recipients: 'referred', minimumFirstTopUpCents: 0 },
        after: BONUS,
      });
    });

    it("credits a referred customer's first paid top-up and their referrer once, the notification delivered twice at once", async () => {
      const referrer = await register();
      const ann = await register(referrer.referralCode);
      await paidTopUp(ann, 2000, 2);
      await bonusArrives(ann);
      await eventually(() => credits(referrer), (list) => list.length > 0, 30_000, "the referrer's bonus");
      // A second top-up earns nothing.
      await paidTopUp(ann, 3000);
      await barrier();
      expect(await credits(ann)).toEqual([{ amountCents: 500, reference: 'Referral bonus', createdAt: expect.any(String) }]);
      expect(await balance(ann)).toBe(2000 + 500 + 3000);
      expect(await credits(referrer)).toEqual([{ amountCents: 500, reference: 'Referral bonus: a friend you invited made their first top-up', createdAt: expect.any(String) }]);
      expect(await balance(referrer)).toBe(500);
      // Nobody else may read a customer's bonuses.
      expect((await call('GET', `/referral-bonus/credits/${ann.id}`, { token: referrer.token })).status).toBe(403);
    });

    it('credits nothing to an unreferred customer, nor for a first top-up under the minimum', async () => {
      const solo = await register();
      const referrer = await register();
      const small = await register(referrer.referralCode);
      await paidTopUp(solo, 2500);
      await paidTopUp(small, 1000);
      await barrier();
      expect([await credits(solo), await balance(solo), await credits(small), await credits(referrer)]).toEqual([[], 2500, [], []]);
    });

    it('credits nothing for a first top-up paid while the bonus is off', async () => {
      expect((await call('PUT', '/referral-bonus', { body: { ...BONUS, amountCents: 0 }, token: adminToken })).status).toBe(200);
      const referrer = await register();
      const off = await register(referrer.referralCode);
      await paidTopUp(off, 2500);
      expect((await call('PUT', '/referral-bonus', { body: BONUS, token: adminToken })).status).toBe(200);
      await barrier();
      expect([await credits(off), await balance(off), await credits(referrer)]).toEqual([[], 2500, []]);
    });
  });
};
