import { FAKE_USPS_ACCOUNT, type ScriptedHttp, type ScriptedReply, type ScriptedRequest, startScriptedHttp } from '@labeldesk/testing';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PurchaseOutcome } from '../carrier.port';
import { MemoryJournal } from '../testing/carrier-contract.suite';
import { USPS_QUOTA_PAUSE_MS, UspsCarrierAdapter } from './usps.adapter';
import { USPS_TEST_SHIPPER, uspsTestShipment } from './usps-fixtures';

const payload = (name: string) => JSON.parse(readFileSync(join(__dirname, 'payloads', name), 'utf8')) as Record<string, unknown>;
const HOUR = 3_600_000;

const shipment = uspsTestShipment({ serviceUid: 'usps_priority' });

const denied = (status: number, detail: string) => ({ status, body: { apiVersion: '/labels/v3', error: { code: String(status), message: detail, errors: [{ status: String(status), code: String(status), title: detail, detail }] } } });

/**
 * USPS as its OAuth, Payments and Labels APIs behave, with tokens the test can expire: each token answer a new
 * token shaped as the stored ones, a label sold once per `X-Idempotency-Key` (a repeated key answers the same label,
 * at no charge), and every label POST and sale counted.
 */
class ScriptedUsps {
  private issued = { access: 0, payment: 0 };
  readonly goodAccess = new Set<string>();
  readonly goodPayment = new Set<string>();
  /** What USPS answers a label call with an expired payment token: its specs list 401 and 403 without saying which. */
  expiredPaymentStatus: 401 | 403 = 403;
  /** Answers the next label POSTs with this, before looking at the tokens (a quota spent). */
  readonly labelRefusals: ScriptedReply[] = [];
  readonly sales = new Map<string, number>();
  labelPosts = 0;
  http!: ScriptedHttp;

  get accessTokensIssued() {
    return this.issued.access;
  }
  get paymentTokensIssued() {
    return this.issued.payment;
  }
  salesCount() {
    return [...this.sales.values()].reduce((sum, n) => sum + n, 0);
  }

  async start(): Promise<this> {
    this.http = await startScriptedHttp((request) => this.answer(request));
    return this;
  }

  private answer(request: ScriptedRequest): ScriptedReply {
    if (request.path === '/oauth2/v3/token') {
      const token = payload('token.json');
      const value = `${String(token['access_token'])}-${++this.issued.access}`;
      this.goodAccess.add(value);
      return { status: 200, body: { ...token, access_token: value } };
    }
    const isLabelPost = request.method === 'POST' && request.path === '/labels/v3/label';
    if (isLabelPost) this.labelPosts += 1;
    const bearer = String(request.headers.authorization ?? '').replace(/^Bearer /, '');
    if (!this.goodAccess.has(bearer)) return denied(401, 'The access token is missing, invalid or expired');
    if (request.path === '/payments/v3/payment-authorization') {
      const value = `${String(payload('payment-authorization.json')['paymentAuthorizationToken'])}-${++this.issued.payment}`;
      this.goodPayment.add(value);
      return { status: 200, body: { ...payload('payment-authorization.json'), paymentAuthorizationToken: value } };
    }
    if (isLabelPost) {
      const refusal = this.labelRefusals.shift();
      if (refusal) return refusal;
      if (!this.goodPayment.has(String(request.headers['x-payment-authorization-token']))) return denied(this.expiredPaymentStatus, 'The payment authorization token is invalid or expired');
      const key = String(request.headers['x-idempotency-key']);
      if (!this.sales.has(key)) this.sales.set(key, 1);
      return { status: 200, headers: { 'Content-Type': 'application/vnd.usps.labels+json' }, body: payload('label-response.priority.json') };
    }
    return { status: 404 };
  }
}

const bought = (outcome: PurchaseOutcome) => {
  if (outcome.kind !== 'bought') throw new Error(`expected a bought label, got ${JSON.stringify(outcome)}`);
  return outcome.label;
};

describe('UspsCarrierAdapter: tokens expiring and USPS quotas, against a scripted USPS', () => {
  let usps: ScriptedUsps;
  let clock: number;
  const adapter = () =>
    new UspsCarrierAdapter({
      apiUrl: usps.http.url,
      ...FAKE_USPS_ACCOUNT,
      timeoutMs: 60_000,
      now: () => new Date(clock),
      shipperOf: () => USPS_TEST_SHIPPER,
    });

  beforeEach(async () => {
    clock = Date.parse('2026-11-20T15:00:00Z');
    usps = await new ScriptedUsps().start();
  });
  afterEach(() => usps.http.close());

  it('asks a new access token once the old one has run out, before buying: one label POST, one sale', async () => {
    const carrier = adapter();
    bought(await carrier.purchase(shipment, 'k-1', new MemoryJournal()));
    // token.json says expires_in 28799 s: past it, USPS would refuse the token.
    clock += 28_800_000;
    usps.goodAccess.clear();
    bought(await carrier.purchase(shipment, 'k-2', new MemoryJournal()));
    expect(usps.accessTokensIssued).toBe(2);
    expect(usps.labelPosts).toBe(2);
    expect(usps.salesCount()).toBe(2);
  });

  it('renews the access token once when USPS answers 401 mid-run, and the label is posted again and sold once', async () => {
    const carrier = adapter();
    bought(await carrier.purchase(shipment, 'k-1', new MemoryJournal()));
    usps.goodAccess.clear();
    bought(await carrier.purchase(shipment, 'k-2', new MemoryJournal()));
    expect(usps.accessTokensIssued).toBe(2);
    expect(usps.paymentTokensIssued).toBe(1);
    expect(usps.labelPosts).toBe(3);
    expect([...usps.sales.values()]).toEqual([1, 1]);
  });

  it('renews the access token once for purchases refused together, and sells each label once', async () => {
    const carrier = adapter();
    bought(await carrier.purchase(shipment, 'k-0', new MemoryJournal()));
    usps.goodAccess.clear();
    const keys = ['k-1', 'k-2', 'k-3', 'k-4'];
    for (const outcome of await Promise.all(keys.map((key) => carrier.purchase(shipment, key, new MemoryJournal())))) bought(outcome);
    expect(usps.accessTokensIssued).toBe(2);
    expect([...usps.sales.values()]).toEqual([1, 1, 1, 1, 1]);
  });

  it.each([403, 401] as const)('renews an expired payment authorization (USPS answering %i) once, and buys once', async (status) => {
    usps.expiredPaymentStatus = status;
    const carrier = adapter();
    bought(await carrier.purchase(shipment, 'k-1', new MemoryJournal()));
    usps.goodPayment.clear();
    bought(await carrier.purchase(shipment, 'k-2', new MemoryJournal()));
    expect(usps.paymentTokensIssued).toBe(2);
    expect(usps.salesCount()).toBe(2);
    // The refused POST, then the sale: never a third.
    expect(usps.labelPosts).toBe(status === 403 ? 3 : 4);
  });

  it('renews the payment authorization after its eight hours without asking USPS to refuse it first', async () => {
    const carrier = adapter();
    bought(await carrier.purchase(shipment, 'k-1', new MemoryJournal()));
    clock += 8 * HOUR;
    bought(await carrier.purchase(shipment, 'k-2', new MemoryJournal()));
    expect(usps.paymentTokensIssued).toBe(2);
    expect(usps.labelPosts).toBe(2);
  });

  it('passes on a refusal that outlasts both renewals as not attempted: three label POSTs at most, nothing sold', async () => {
    usps.labelRefusals.push(denied(401, 'Unauthorized'), denied(401, 'Unauthorized'), denied(401, 'Unauthorized'), denied(401, 'Unauthorized'));
    const outcome = await adapter().purchase(shipment, 'k-1', new MemoryJournal());
    expect(outcome).toMatchObject({ kind: 'not_attempted', reason: 'unavailable', message: expect.stringContaining('HTTP 401') });
    expect(usps.labelPosts).toBe(3);
    expect(usps.salesCount()).toBe(0);
  });

  it("says not attempted when USPS's hourly quota is spent, with the wait USPS's Retry-After gives, and buys nothing", async () => {
    usps.labelRefusals.push({ status: 429, headers: { 'Retry-After': '1800' }, body: payload('error.rate-limited.json') });
    expect(await adapter().purchase(shipment, 'k-1', new MemoryJournal())).toEqual({
      kind: 'not_attempted',
      reason: 'rate_limited',
      message: "USPS's hourly API quota is used up (HTTP 429 at the label purchase); nothing was bought. USPS asks us to try again in 30 min.",
      retryAfterMs: 1_800_000,
    });
    expect(usps.labelPosts).toBe(1);
    expect(usps.salesCount()).toBe(0);
  });

  it('waits a set pause, not a second, when the quota answer names no time, and says so', async () => {
    usps.labelRefusals.push({ status: 429, body: payload('error.rate-limited.json') });
    expect(await adapter().purchase(shipment, 'k-1', new MemoryJournal())).toEqual({
      kind: 'not_attempted',
      reason: 'rate_limited',
      message: "USPS's hourly API quota is used up (HTTP 429 at the label purchase); nothing was bought. USPS gave no time to wait, so it is asked again in 10 min (the quota is counted per hour).",
      retryAfterMs: USPS_QUOTA_PAUSE_MS,
    });
    expect(usps.salesCount()).toBe(0);
  });
});
