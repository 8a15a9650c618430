import { FakeUspsServer, type ScriptedHttp, startScriptedHttp, uspsSpecs } from '@labeldesk/testing';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { idempotencyUuid, problemsOf, retryAfterMs, UspsClient, type UspsClientOptions, type UspsResult, uuidV5 } from './usps.client';
import type { UspsLabelRequest } from './usps.schema';

const payloadText = (name: string) => readFileSync(join(__dirname, 'payloads', name), 'utf8');
const labelRequest = (mailingDate: string): UspsLabelRequest => {
  const stored = JSON.parse(payloadText('label-request.priority.json')) as UspsLabelRequest;
  return { ...stored, packageDescription: { ...stored.packageDescription, mailingDate } };
};
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(new Date());

const HOUR = 3_600_000;
const MINUTE = 60_000;

const payer: UspsClientOptions['payer'] = { crid: '56982563', mid: '902118475', manifestMid: '902118476', accountType: 'EPS', accountNumber: '1000123456' };

const value = <T>(result: UspsResult<T>): T => {
  if (!result.ok) throw new Error(`expected a value, got ${JSON.stringify(result.failure)}`);
  return result.value;
};
const failure = <T>(result: UspsResult<T>) => {
  if (result.ok) throw new Error('expected a failure, got a value');
  return result.failure;
};

// Reading and compiling USPS's specs (which the fake checks every request against) takes seconds on a busy machine:
// done once for the file, before the cases, so the first case's setup does not spend its time limit on it.
beforeAll(() => void uspsSpecs(), 60_000);

describe('UspsClient against the fake USPS', () => {
  let fake: FakeUspsServer;
  let clock: number;
  const client = (overrides: Partial<UspsClientOptions> = {}) =>
    new UspsClient({ apiUrl: fake.url, clientId: 'fake-usps-client', clientSecret: 'fake-usps-secret', payer, timeoutMs: 60_000, now: () => clock, ...overrides });

  beforeEach(async () => {
    clock = Date.now();
    fake = new FakeUspsServer();
    await fake.start();
  });
  afterEach(() => fake.stop());

  it('asks for one access token and one payment token however many labels it buys', async () => {
    const usps = client();
    for (const key of ['a', 'b', 'c']) value(await usps.createLabel(labelRequest(today()), idempotencyUuid(key)));
    expect(fake.labelsSold()).toBe(3);
    expect(fake.accessTokensIssued).toBe(1);
    expect(fake.paymentTokensIssued).toBe(1);
  });

  it('shares one token request between callers that need a token at the same time', async () => {
    const usps = client();
    const tokens = await Promise.all(Array.from({ length: 5 }, () => usps.accessToken()));
    expect(new Set(tokens.map(value)).size).toBe(1);
    expect(fake.accessTokensIssued).toBe(1);
  });

  it('renews the access token a tenth of its life before it expires', async () => {
    await fake.stop();
    fake = new FakeUspsServer({ accessTokenTtlSeconds: 600 });
    await fake.start();
    const usps = client();
    const first = value(await usps.accessToken());
    clock += 539_000;
    expect(value(await usps.accessToken())).toBe(first);
    clock += 2_000;
    expect(value(await usps.accessToken())).not.toBe(first);
    expect(fake.accessTokensIssued).toBe(2);
  });

  it('keeps the payment token for its eight hours less ten minutes', async () => {
    const usps = client();
    const first = value(await usps.paymentToken());
    clock += 7 * HOUR + 49 * MINUTE;
    expect(value(await usps.paymentToken())).toBe(first);
    clock += 2 * MINUTE;
    expect(value(await usps.paymentToken())).not.toBe(first);
    expect(fake.paymentTokensIssued).toBe(2);
  });

  it('authorizes payment with the PAYER and LABEL_OWNER roles: CRID, MID, manifest MID and the EPS account', async () => {
    value(await client().paymentToken());
    const request = fake.requests.find((r) => r.path === '/payments/v3/payment-authorization');
    const role = { CRID: '56982563', MID: '902118475', manifestMID: '902118476', accountType: 'EPS', accountNumber: '1000123456' };
    expect(JSON.parse(request?.body ?? '{}')).toEqual({ roles: [{ roleName: 'PAYER', ...role }, { roleName: 'LABEL_OWNER', ...role }] });
    expect(request?.headers.authorization).toMatch(/^Bearer .+/);
  });

  it('authorizes a PERMIT account with its permit number and permit ZIP', async () => {
    await fake.stop();
    fake = new FakeUspsServer({ accountType: 'PERMIT', accountNumber: '4471', permitZip: '43215' });
    await fake.start();
    value(await client({ payer: { ...payer, accountType: 'PERMIT', accountNumber: '4471', permitZip: '43215' } }).paymentToken());
    const body = JSON.parse(fake.requests.find((r) => r.path === '/payments/v3/payment-authorization')?.body ?? '{}') as { roles: Array<Record<string, string>> };
    expect(body.roles[0]).toMatchObject({ roleName: 'PAYER', accountType: 'PERMIT', permitNumber: '4471', permitZIP: '43215' });
    expect(body.roles[0]?.['accountNumber']).toBeUndefined();
  });

  it('does not keep a failed token request: the next call asks again', async () => {
    const usps = client();
    fake.failNextWith(503);
    expect(failure(await usps.accessToken())).toMatchObject({ kind: 'http', step: 'token', status: 503 });
    value(await usps.accessToken());
    expect(fake.accessTokensIssued).toBe(1);
  });

  it('renews tokens USPS no longer accepts and buys once', async () => {
    const usps = client();
    value(await usps.createLabel(labelRequest(today()), idempotencyUuid('first')));
    fake.revokeTokens();
    value(await usps.createLabel(labelRequest(today()), idempotencyUuid('second')));
    expect(fake.accessTokensIssued).toBe(2);
    expect(fake.paymentTokensIssued).toBe(2);
    expect(fake.labelsSold()).toBe(2);
  });

  it('buys with the JSON body, the vendor Accept, the idempotency UUID and both tokens', async () => {
    const key = idempotencyUuid('order-1-item-1');
    const answer = JSON.parse(value(await client().createLabel(labelRequest(today()), key)).bytes.toString('utf8')) as { trackingNumber: string };
    const buy = fake.requests.find((r) => r.path === '/labels/v3/label');
    expect(buy?.headers).toMatchObject({ 'content-type': 'application/json', accept: 'application/vnd.usps.labels+json', 'x-idempotency-key': key });
    expect(buy?.headers['x-payment-authorization-token']).toEqual(expect.any(String));
    expect(JSON.parse(buy?.body ?? '{}')).toEqual(labelRequest(today()));
    expect(fake.labels.get(answer.trackingNumber)?.idempotencyKey).toBe(key);
  });

  it('passes a 429 on with its Retry-After in milliseconds', async () => {
    fake.rateLimitNext(7);
    expect(failure(await client().accessToken())).toMatchObject({ kind: 'http', status: 429, retryAfterMs: 7000 });
  });

  it('tells a refused connection (never sent) from a request that got no answer', async () => {
    // Impatient only where the step hangs: its first request is the hung one, so nothing real is timed.
    const impatient = client({ timeoutMs: 300 });
    fake.hangNextStepBeforeBuy();
    expect(failure(await impatient.accessToken())).toEqual({ kind: 'no_answer', step: 'token', message: 'no answer within 300 ms' });
    fake.down();
    // Until fetch has seen its kept-alive connections dropped it may send on one and meet a reset (no answer): asked
    // again, a bounded number of times, until a new connection meets the state wanted, refused.
    const usps = client();
    let refused = failure(await usps.accessToken());
    for (let tries = 1; tries < 20 && refused.kind === 'no_answer'; tries++) refused = failure(await usps.accessToken());
    expect(refused).toMatchObject({ kind: 'unreachable', step: 'token', message: 'ECONNREFUSED' });
    fake.up();
  });

  it('says a lost buy answer is no answer at the label step', async () => {
    const usps = client();
    value(await usps.paymentToken());
    fake.loseNextBuyAnswer();
    expect(failure(await usps.createLabel(labelRequest(today()), idempotencyUuid('lost')))).toMatchObject({ kind: 'no_answer', step: 'label' });
    expect(fake.labelsSold()).toBe(1);
  });
});

describe('UspsClient on stored payloads', () => {
  let stub: ScriptedHttp;
  afterEach(() => stub.close());

  it("reads expires_in given as a string, as in USPS's README, and keeps the token until a tenth of it is left", async () => {
    stub = await startScriptedHttp((request) => (request.path === '/oauth2/v3/token' ? { status: 200, body: payloadText('token.json') } : { status: 404 }));
    let clock = 0;
    const usps = new UspsClient({ apiUrl: stub.url, clientId: 'id', clientSecret: 'secret', payer, timeoutMs: 60_000, now: () => clock });
    expect(value(await usps.accessToken())).toBe('eyJraWQiOiJmYWtlIn0.eyJzdWIiOiJmYWtlIn0.c2lnbmF0dXJl');
    clock = 28_799_000 - 10 * MINUTE - 1;
    await usps.accessToken();
    expect(stub.requests).toHaveLength(1);
    expect(JSON.parse(stub.requests[0]?.body ?? '{}')).toEqual({ client_id: 'id', client_secret: 'secret', grant_type: 'client_credentials' });
  });

  it('calls a success without a token unreadable, and an OAuth refusal an HTTP failure with its reason', async () => {
    let answer: { status: number; body: unknown } = { status: 200, body: { token_type: 'Bearer' } };
    stub = await startScriptedHttp(() => answer);
    const usps = new UspsClient({ apiUrl: stub.url, clientId: 'id', clientSecret: 'wrong', payer, timeoutMs: 60_000 });
    expect(failure(await usps.accessToken())).toMatchObject({ kind: 'unreadable', step: 'token' });
    answer = { status: 401, body: payloadText('error.oauth-invalid-client.json') };
    expect(failure(await usps.accessToken())).toEqual({
      kind: 'http',
      step: 'token',
      status: 401,
      problems: [{ code: 'invalid_client', detail: 'Invalid client or Invalid client credentials' }],
      retryAfterMs: null,
    });
  });
});

describe('USPS protocol helpers', () => {
  it('derives RFC 4122 version 5 UUIDs (the RFC test vector) and the same one for the same key', () => {
    expect(uuidV5('www.example.com', '6ba7b810-9dad-11d1-80b4-00c04fd430c8')).toBe('2ed6657d-e927-568b-95e1-2665a8aea6a2');
    expect(idempotencyUuid('order-1-item-1')).toBe(idempotencyUuid('order-1-item-1'));
    expect(idempotencyUuid('order-1-item-1')).not.toBe(idempotencyUuid('order-1-item-2'));
    expect(idempotencyUuid('order-1-item-1')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('reads Retry-After as delay-seconds or an HTTP date', () => {
    const now = Date.parse('2026-06-23T12:00:00Z');
    expect(retryAfterMs('120', now)).toBe(120_000);
    expect(retryAfterMs('Tue, 23 Jun 2026 12:00:30 GMT', now)).toBe(30_000);
    expect(retryAfterMs('Tue, 23 Jun 2026 11:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs('soon', now)).toBeNull();
    expect(retryAfterMs(null, now)).toBeNull();
  });

  it("flattens USPS's error list, its bare error, the OAuth error, and nothing else", () => {
    expect(problemsOf(payloadText('cancel.refund-same-day.json'))).toEqual([
      { code: '00000XX', title: 'Bad Request', detail: 'A refund request for this order has already been submitted today', parameter: 'trackingNumber' },
    ]);
    expect(problemsOf(payloadText('error.rate-limited.json'))).toEqual([{ code: '429', detail: 'Exceeded quota limit for this API. Please try again later.' }]);
    expect(problemsOf(payloadText('error.oauth-invalid-client.json'))).toEqual([{ code: 'invalid_client', detail: 'Invalid client or Invalid client credentials' }]);
    expect(problemsOf('<html>Bad gateway</html>')).toEqual([]);
  });
});
