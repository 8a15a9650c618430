import { FAKE_USPS_ACCOUNT, FakeUspsServer, type ScriptedHttp, type ScriptedReply, type ScriptedRequest, startScriptedHttp, uspsSpecs } from '@labeldesk/testing';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CarrierRefs, LabelShipment, PurchaseOutcome } from '../carrier.port';
import { MemoryJournal } from '../testing/carrier-contract.suite';
import { UspsCarrierAdapter, type UspsCarrierOptions } from './usps.adapter';
import { idempotencyUuid } from './usps.client';
import { centralDate } from './usps.mapper';

const payloadText = (name: string) => readFileSync(join(__dirname, 'payloads', name), 'utf8');
const DAY = 86_400_000;

const shipment: LabelShipment = {
  serviceUid: 'usps_ground_advantage',
  shipper: null,
  from: { name: 'Ada Lovelace', company: 'Analytical Parcels', phone: '(614) 555-0142', street1: '1200 Industrial Pkwy', street2: null, city: 'Columbus', state: 'OH', zip: '43215', country: 'US' },
  to: { name: 'Jane Q Doe', company: null, phone: null, street1: '350 Fifth Ave', street2: 'Ste 4200', city: 'New York', state: 'NY', zip: '10118', country: 'US' },
  package: { lengthIn: 10, widthIn: 8, heightIn: 4, weightLb: 1.5, description: 'Widgets', reference1: '2', reference2: 'SKU-42' },
};

const adapterFor = (apiUrl: string, overrides: Partial<UspsCarrierOptions> = {}) =>
  new UspsCarrierAdapter({
    apiUrl,
    ...FAKE_USPS_ACCOUNT,
    // Only the hung buy below is meant to time out (with its own short time-out): a real answer never is.
    timeoutMs: 60_000,
    shipperOf: () => ({ platformUserId: 'user-7f3a', email: 'ada@example.com', phone: '6145550142' }),
    ...overrides,
  });

const bought = (outcome: PurchaseOutcome) => {
  if (outcome.kind !== 'bought') throw new Error(`expected a bought label, got ${JSON.stringify(outcome)}`);
  return outcome.label;
};

/** USPS with stored token answers, and the label or cancel route as the test scripts it. */
const stubUsps = (labels: (request: ScriptedRequest) => ScriptedReply): Promise<ScriptedHttp> =>
  startScriptedHttp((request) => {
    if (request.path === '/oauth2/v3/token') return { status: 200, body: payloadText('token.json') };
    if (request.path === '/payments/v3/payment-authorization') return { status: 200, body: payloadText('payment-authorization.json') };
    return labels(request);
  });

// Reading and compiling USPS's specs (which the fake checks every request against) takes seconds on a busy machine:
// done once for the file, before the cases, so the first case's setup does not spend its time limit on it.
beforeAll(() => void uspsSpecs(), 60_000);

describe('UspsCarrierAdapter against the fake USPS', () => {
  let fake: FakeUspsServer;
  let fakeNow: number;
  beforeEach(async () => {
    fakeNow = Date.now();
    fake = new FakeUspsServer({ now: () => new Date(fakeNow) });
    await fake.start();
  });
  afterEach(async () => {
    fake.up();
    await fake.stop();
  });

  it("journals USPS's idempotency UUID and the mailing date before it buys, and buys with exactly those", async () => {
    const seen: Array<{ refs: CarrierRefs; soldBefore: number }> = [];
    const journal = { remember: async (refs: CarrierRefs) => void seen.push({ refs, soldBefore: fake.labelsSold() }) };
    const label = bought(await adapterFor(fake.url).purchase(shipment, 'order-9-item-1', journal));
    const mailingDate = centralDate(new Date());
    expect(seen).toEqual([{ refs: { uspsIdempotencyKey: idempotencyUuid('order-9-item-1'), [`mailingDate:${mailingDate}`]: 'sent' }, soldBefore: 0 }]);
    const sold = fake.labels.get(label.trackingNumber);
    expect(sold?.idempotencyKey).toBe(idempotencyUuid('order-9-item-1'));
    expect(sold?.request.packageDescription.mailingDate).toBe(mailingDate);
    expect(sold?.request.senderAddress).toMatchObject({ platformUserId: 'user-7f3a', email: 'ada@example.com' });
  });

  it("refuses a shipment without the shipper's phone and e-mail itself: nothing journaled, nothing sent, not even when resolving", async () => {
    const usps = adapterFor(fake.url, { shipperOf: () => null });
    const journal = new MemoryJournal();
    const refused = { kind: 'refused', message: "USPS needs the shipper's phone and e-mail: add a phone number to the sender address" };
    expect(await usps.purchase(shipment, 'order-10-item-1', journal)).toEqual(refused);
    expect(await usps.resolve(shipment, 'order-10-item-1', { [`mailingDate:${centralDate(new Date())}`]: 'sent' })).toEqual(refused);
    expect(journal.refs).toEqual({});
    expect(fake.accessTokensIssued).toBe(0);
    expect(fake.labelsSold()).toBe(0);
  });

  it('says unknown on a 5xx to the buy itself, and resolving repeats the same buy: one label for the key', async () => {
    const usps = adapterFor(fake.url);
    bought(await usps.purchase(shipment, 'warm-up', new MemoryJournal()));
    const journal = new MemoryJournal();
    fake.failNextWith(503);
    expect(await usps.purchase(shipment, 'k-503', journal)).toMatchObject({ kind: 'unknown', message: expect.stringContaining('HTTP 503') });
    const resolved = bought(await usps.resolve(shipment, 'k-503', journal.refs));
    expect(bought(await usps.purchase(shipment, 'k-503', journal)).trackingNumber).toBe(resolved.trackingNumber);
    expect(fake.labelsSold()).toBe(2);
  });

  it('says unknown when the same key comes back on a later day, and resolve finds the label with the journaled mailing date', async () => {
    let clock = Date.now();
    const usps = adapterFor(fake.url, { now: () => new Date(clock) });
    const journal = new MemoryJournal();
    const first = bought(await usps.purchase(shipment, 'k-tomorrow', journal));
    clock += DAY;
    // The body now carries tomorrow's date: USPS will not answer a used key with a different body.
    expect(await usps.purchase(shipment, 'k-tomorrow', journal)).toMatchObject({ kind: 'unknown' });
    expect(bought(await usps.resolve(shipment, 'k-tomorrow', journal.refs)).trackingNumber).toBe(first.trackingNumber);
    expect(fake.labelsSold()).toBe(1);
  });

  it('resolves a key nothing was sold under, whose journaled date USPS no longer takes, by buying with today', async () => {
    const usps = adapterFor(fake.url);
    const stale = centralDate(new Date(Date.now() - 3 * DAY));
    const label = bought(await usps.resolve(shipment, 'k-stale', { [`mailingDate:${stale}`]: 'sent' }));
    expect(fake.labels.get(label.trackingNumber)?.request.packageDescription.mailingDate).toBe(centralDate(new Date()));
    expect(fake.labelsSold()).toBe(1);
  });

  it('says not attempted (unavailable) when USPS refuses our credentials, and sells nothing', async () => {
    const outcome = await adapterFor(fake.url, { clientSecret: 'wrong' }).purchase(shipment, 'k-creds', new MemoryJournal());
    expect(outcome).toMatchObject({ kind: 'not_attempted', reason: 'unavailable', message: expect.stringContaining('Invalid client') });
    expect(fake.labelsSold()).toBe(0);
  });

  it('says not attempted for want of upstream funds when the payment account cannot pay', async () => {
    fake.fundsExhausted = true;
    expect(await adapterFor(fake.url).purchase(shipment, 'k-funds', new MemoryJournal())).toMatchObject({ kind: 'not_attempted', reason: 'upstream_funds' });
    expect(fake.labelsSold()).toBe(0);
  });

  it('says not attempted on a 429 or a refused connection at the buy itself', async () => {
    const usps = adapterFor(fake.url);
    bought(await usps.purchase(shipment, 'warm-up', new MemoryJournal()));
    fake.rateLimitNext(30);
    expect(await usps.purchase(shipment, 'k-429', new MemoryJournal())).toMatchObject({ kind: 'not_attempted', reason: 'rate_limited', retryAfterMs: 30_000 });
    fake.down();
    expect(await usps.purchase(shipment, 'k-down', new MemoryJournal())).toMatchObject({ kind: 'not_attempted', reason: 'unavailable' });
    expect(fake.labelsSold()).toBe(1);
  });

  it('refuses an address USPS cannot find, naming the recipient address', async () => {
    const outcome = await adapterFor(fake.url).purchase({ ...shipment, to: { ...shipment.to, street1: '000 Undeliverable Rd' } }, 'k-addr', new MemoryJournal());
    expect(outcome).toEqual({ kind: 'refused', message: 'USPS refused the label: recipient address: Address Not Found.' });
  });

  it('refuses a mailing date USPS will not take, naming the mailing date', async () => {
    const outcome = await adapterFor(fake.url, { now: () => new Date(Date.now() - 30 * DAY) }).purchase(shipment, 'k-date', new MemoryJournal());
    expect(outcome).toEqual({ kind: 'refused', message: 'USPS refused the label: package mailing date: cannot be in the past or more than 7 days in the future.' });
  });

  it('files a refund request after the 12:30am CT manifest, once a day, and never again for a label whose refs carry the dispute', async () => {
    const usps = adapterFor(fake.url);
    const label = bought(await usps.purchase(shipment, 'k-dispute', new MemoryJournal()));
    fakeNow += 2 * DAY;
    const toVoid = { trackingNumber: label.trackingNumber, carrierRefs: label.carrierRefs, purchasedAt: new Date() };
    expect(await usps.void(toVoid)).toEqual({ kind: 'refund_pending', refundRef: '103789' });
    expect(await usps.void(toVoid)).toEqual({ kind: 'refund_pending', refundRef: null });
    expect(fake.voidsAccepted()).toBe(1);
    const deletes = () => fake.requests.filter((r) => r.method === 'DELETE').length;
    const before = deletes();
    expect(await usps.void({ ...toVoid, carrierRefs: { ...label.carrierRefs, disputeId: '103789' } })).toEqual({ kind: 'refund_pending', refundRef: '103789' });
    expect(deletes()).toBe(before);
  });

  it('never says not attempted on resolve: a refused connection leaves the purchase unknown', async () => {
    const usps = adapterFor(fake.url);
    bought(await usps.purchase(shipment, 'warm-up', new MemoryJournal()));
    fake.down();
    expect(await usps.resolve(shipment, 'k-resolve-down', {})).toMatchObject({ kind: 'unknown', message: expect.stringContaining('ECONNREFUSED') });
  });

  it('says unknown when a void gets no answer', async () => {
    const usps = adapterFor(fake.url);
    const label = bought(await usps.purchase(shipment, 'k-void-down', new MemoryJournal()));
    fake.down();
    expect(await usps.void({ trackingNumber: label.trackingNumber, carrierRefs: label.carrierRefs, purchasedAt: new Date() })).toMatchObject({ kind: 'unknown', message: expect.stringContaining('ECONNREFUSED') });
  });

  it('works with a PERMIT account', async () => {
    await fake.stop();
    fake = new FakeUspsServer({ accountType: 'PERMIT', accountNumber: '4471', permitZip: '43215' });
    await fake.start();
    bought(await adapterFor(fake.url, { accountType: 'PERMIT', accountNumber: '4471', permitZip: '43215' }).purchase(shipment, 'k-permit', new MemoryJournal()));
  });
});

describe('UspsCarrierAdapter on stored USPS answers', () => {
  let stub: ScriptedHttp;
  afterEach(() => stub.close());

  it('says unknown when a buy gets no answer in time (USPS may have sold it)', async () => {
    let hanging = false;
    stub = await stubUsps(() => (hanging ? 'hang' : { status: 200, body: payloadText('label-response.nonstandard-volume.json') }));
    const impatient = adapterFor(stub.url, { timeoutMs: 300 });
    // Signed in and paid for first, so that the one request the short time-out bounds is the buy that never answers. A
    // warm-up a busy machine timed out is asked again (a bounded number of times) until it has bought.
    let warmUp = await impatient.purchase(shipment, 'warm-up-0', new MemoryJournal());
    for (let tries = 1; tries < 20 && warmUp.kind !== 'bought'; tries++) warmUp = await impatient.purchase(shipment, `warm-up-${tries}`, new MemoryJournal());
    bought(warmUp);
    hanging = true;
    const asked = stub.requests.length;
    expect(await impatient.purchase(shipment, 'k', new MemoryJournal())).toEqual({
      kind: 'unknown',
      message: 'USPS may have sold the label: label purchase no answer within 300 ms',
    });
    expect(stub.requests.slice(asked).map((request) => `${request.method} ${request.path}`)).toEqual(['POST /labels/v3/label']);
  });

  it('says unknown and unreadable for a sold label whose answer cannot be used (a PNG where a PDF should be)', async () => {
    stub = await stubUsps(() => ({ status: 200, body: payloadText('label-response.png-image.json') }));
    expect(await adapterFor(stub.url).purchase(shipment, 'k', new MemoryJournal())).toEqual({ kind: 'unknown', message: 'USPS answered label 123456789012 with an image that is not a PDF', unreadable: true });
  });

  it("reads a label USPS answers in its default multipart (karrio's recording): labelMetadata with the labelImage part, not the receipt", async () => {
    const multipart = { 'Content-Type': 'multipart/form-data; boundary=FNfrpx9bbvOkzqOIlaOc8mp+' };
    stub = await stubUsps(() => ({ status: 200, headers: multipart, body: payloadText('label-response.karrio.multipart') }));
    const label = bought(await adapterFor(stub.url).purchase(shipment, 'k', new MemoryJournal()));
    expect(label).toMatchObject({ trackingNumber: '9234690361980900000265', costCents: 6062, carrierRefs: { sku: 'DUXR0XXXXC08220', zone: '08' } });
    const text = payloadText('label-response.karrio.multipart');
    const labelImage = text.slice(text.indexOf('\r\n\r\n', text.indexOf('name="labelImage"')) + 4, text.indexOf('\r\n--', text.indexOf('name="labelImage"')));
    expect(label.file).toEqual(Buffer.from(labelImage, 'base64'));
    expect(label.file.toString('latin1').trimEnd().endsWith('%%EOF')).toBe(true);
  });

  it.each([
    ['a body that is neither JSON nor multipart', { 'Content-Type': 'text/html' }, '<html>OK</html>', 'USPS answered the label as text/html, neither JSON nor multipart'],
    ['a multipart without its labelImage', { 'Content-Type': 'multipart/form-data; boundary=b' }, '--b\r\nContent-Type: application/json\r\nContent-Disposition: form-data; name="labelMetadata"\r\n\r\n{"trackingNumber":"9234690361980900000265"}\r\n--b--', 'USPS answered label 9234690361980900000265 without its labelImage part'],
  ])('says unknown and unreadable, never bought and never refused, for a 2xx label answer that is %s', async (_, headers, body, message) => {
    stub = await stubUsps(() => ({ status: 200, headers, body }));
    const usps = adapterFor(stub.url);
    expect(await usps.purchase(shipment, 'k', new MemoryJournal())).toEqual({ kind: 'unknown', message, unreadable: true });
    expect(await usps.resolve(shipment, 'k', {})).toEqual({ kind: 'unknown', message, unreadable: true });
  });

  it('says not attempted, not refused, when USPS turns the buy down for our account rather than the shipment', async () => {
    stub = await stubUsps(() => ({ status: 400, body: payloadText('error.not-enrolled.json') }));
    expect(await adapterFor(stub.url).purchase(shipment, 'k', new MemoryJournal())).toMatchObject({ kind: 'not_attempted', reason: 'unavailable' });
  });

  it('reads the bought label from the published answer', async () => {
    stub = await stubUsps(() => ({ status: 200, body: payloadText('label-response.nonstandard-volume.json') }));
    const label = bought(await adapterFor(stub.url).purchase(shipment, 'k', new MemoryJournal()));
    expect(label).toMatchObject({ carrier: 'usps', trackingNumber: '9234690361980900000265', costCents: 6062, carrierRefs: { sku: 'DUXR0XXXXC08220', zone: '08' } });
  });

  it('settles a resolve only with a label or a clear refusal: a 503 or a 429 stays unknown', async () => {
    let answer: ScriptedReply = { status: 400, body: payloadText('error.zip-not-valid.json') };
    stub = await stubUsps(() => answer);
    const usps = adapterFor(stub.url);
    expect(await usps.resolve(shipment, 'k', {})).toEqual({ kind: 'refused', message: 'USPS refused the label: recipient address ZIP code: ZIP Code is not valid.' });
    answer = { status: 503, body: { apiVersion: '/labels/v3', error: { code: '503', message: 'Service Unavailable' } } };
    expect(await usps.resolve(shipment, 'k', {})).toMatchObject({ kind: 'unknown' });
    answer = { status: 429, headers: { 'Retry-After': '5' }, body: payloadText('error.rate-limited.json') };
    expect(await usps.resolve(shipment, 'k', {})).toMatchObject({ kind: 'unknown' });
  });

  it("tracks from karrio's recorded Tracking v3 answer: delivered, every scan oldest first, dated by GMTTimestamp", async () => {
    stub = await stubUsps((request) => (request.path === '/tracking/v3/tracking/9400109104250532908587?expand=DETAIL' ? { status: 200, body: payloadText('tracking.karrio-delivered.json') } : { status: 404 }));
    const report = await adapterFor(stub.url).track({ trackingNumber: '9400109104250532908587', carrierRefs: {}, purchasedAt: new Date() });
    expect(report?.status).toBe('delivered');
    expect(report?.events).toHaveLength(12);
    expect(report?.events[0]).toMatchObject({ status: 'pre_transit', message: 'Shipping Label Created, USPS Awaiting Item', location: 'SPRINGFIELD GARDENS, NY 11413' });
    expect(report?.events.at(-1)).toEqual({ status: 'delivered', message: 'Delivered, Parcel Locker', occurredAt: new Date('2024-11-22T18:58:40Z'), location: 'HERNANDO, FL 34442' });
  });

  it.each([
    ['cancel.canceled.json', 200, { kind: 'voided' }],
    ['cancel.disputed.json', 200, { kind: 'refund_pending', refundRef: '103789' }],
    ['cancel.already-canceled.json', 400, { kind: 'voided' }],
    ['cancel.refund-same-day.json', 400, { kind: 'refund_pending', refundRef: null }],
    ['cancel.not-found.json', 400, { kind: 'refused', message: 'USPS has no label 9262593519935271903671 on this account (Order not found).' }],
    ['cancel.refund-not-submitted.json', 400, { kind: 'refused', message: 'USPS would not cancel label 9262593519935271903671: A refund request for this order cannot be submitted.' }],
  ])('voids on %s (HTTP %i) as %o', async (name, status, outcome) => {
    stub = await stubUsps((request) => (request.method === 'DELETE' && request.path === '/labels/v3/label/9262593519935271903671' ? { status, body: payloadText(name) } : { status: 404 }));
    expect(await adapterFor(stub.url).void({ trackingNumber: '9262593519935271903671', carrierRefs: {}, purchasedAt: new Date() })).toEqual(outcome);
  });
});

describe('UspsCarrierAdapter set-up', () => {
  it('is a postage carrier with PDF and ZPL labels, four purchases at a time by default, selling the three USPS shipping services at home and three abroad', async () => {
    const usps = adapterFor('https://apis-tem.usps.com');
    expect(usps.profile).toEqual({ id: 'usps', displayName: 'USPS', postage: true, labelFormats: ['PDF', 'ZPL'], maxConcurrentPurchases: 4, needsShipperContact: true });
    expect((await usps.listShippingServices()).map((shippingService) => shippingService.uid)).toEqual([
      'usps_priority',
      'usps_priority_express',
      'usps_ground_advantage',
      'usps_first_class_international',
      'usps_priority_international',
      'usps_priority_express_international',
    ]);
  });

  it('will not start with a PERMIT account without its ZIP, a malformed MID or no secret', () => {
    expect(() => adapterFor('https://apis.usps.com', { accountType: 'PERMIT' })).toThrow(/permitZip/);
    expect(() => adapterFor('https://apis.usps.com', { mid: '1234' })).toThrow(/6 or 9 digits/);
    expect(() => adapterFor('https://apis.usps.com', { clientSecret: '' })).toThrow(/clientSecret/);
  });
});
