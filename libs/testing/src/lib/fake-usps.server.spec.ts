import { randomUUID } from 'node:crypto';
import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream } from 'pdf-lib';
import { FakeUspsServer } from './fake-usps.server';

const centralToday = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(at);

/** The Labels OpenAPI 3.9.13 example `GroundAdvantageRequestWithImageInfo`, mailed today. */
const publishedExample = (mailingDate: string) => ({
  imageInfo: {
    imageType: 'PDF',
    labelType: '4X6LABEL',
    receiptOption: 'NONE',
    suppressPostage: true,
    suppressMailDate: true,
    returnLabel: false,
    brandingImageFormat: 'NONE',
    includeLabelBrokerPDF: false,
    addZPLComments: false,
  },
  toAddress: { firstName: 'Nick', lastName: 'Fury', streetAddress: '2700 S Jefferson Ave', secondaryAddress: 'STE 150', city: 'St. Louis', state: 'MO', ZIPCode: '63104', ZIPPlus4: '2351' },
  fromAddress: { firstName: 'Sam', lastName: 'Wilson', streetAddress: '45 L St SW', city: 'Washington', state: 'DC', ZIPCode: '20024' },
  packageDescription: {
    mailClass: 'USPS_GROUND_ADVANTAGE',
    rateIndicator: 'SP',
    weightUOM: 'lb',
    weight: 0.5,
    dimensionsUOM: 'in',
    length: 9,
    height: 6,
    width: 0.25,
    processingCategory: 'NONSTANDARD',
    mailingDate,
    extraServices: [],
    destinationEntryFacilityType: 'NONE',
  },
});

type Json = Record<string, unknown>;
interface UspsErrorAnswer {
  apiVersion: string;
  error: { code: string; message: string; errors: Array<{ status: string; code: string; title: string; detail: string; source?: { parameter: string } }> };
}

/** A copy of the example with one change at a dotted path (`undefined` removes the field). */
const changed = (base: Json, path: string, value: unknown): Json => {
  const copy = structuredClone(base);
  const keys = path.split('.');
  let node = copy;
  for (const key of keys.slice(0, -1)) node = node[key] as Json;
  const last = keys[keys.length - 1] ?? '';
  if (value === undefined) delete node[last];
  else node[last] = value;
  return copy;
};

/** USPS MOD 10 (formats.md §1.4), written again here so the check is independent of the fake's. */
const mod10 = (digits: string) => {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) sum += Number(digits[digits.length - 1 - i]) * (i % 2 === 0 ? 3 : 1);
  return (10 - (sum % 10)) % 10;
};

/** The text a pdf-lib page draws: hex strings in its (Flate-encoded) content stream. */
const pageText = async (pdf: Buffer): Promise<string> => {
  const document = await PDFDocument.load(pdf);
  const contents = document.getPage(0).node.Contents();
  const parts = contents instanceof PDFArray ? contents.asArray().map((ref) => document.context.lookup(ref)) : [contents];
  const streams = parts.filter((part): part is PDFRawStream => part instanceof PDFRawStream);
  const operators = streams.map((stream) => Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1')).join('\n');
  return [...operators.matchAll(/<([0-9A-Fa-f]+)>\s*Tj/g)].map((match) => Buffer.from(match[1] ?? '', 'hex').toString('latin1')).join('\n');
};

describe('FakeUspsServer', () => {
  let fake: FakeUspsServer;
  let clock: Date;

  const call = (path: string, init: RequestInit = {}) => fetch(`${fake.url}${path}`, init);
  const accessToken = async () => {
    const answer = await call('/oauth2/v3/token', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ client_id: 'fake-usps-client', client_secret: 'fake-usps-secret', grant_type: 'client_credentials' }) });
    return ((await answer.json()) as { access_token: string }).access_token;
  };
  const role = { CRID: '56982563', MID: '902118475', manifestMID: '902118476', accountType: 'EPS', accountNumber: '1000123456' };
  const authorize = async (bearer: string, roles: unknown = [{ roleName: 'PAYER', ...role }, { roleName: 'LABEL_OWNER', ...role }]) =>
    call('/payments/v3/payment-authorization', { method: 'POST', headers: { Authorization: `Bearer ${bearer}`, 'Content-Type': 'application/json' }, body: JSON.stringify({ roles }) });
  const session = async () => {
    const bearer = await accessToken();
    const payment = ((await (await authorize(bearer)).json()) as { paymentAuthorizationToken: string }).paymentAuthorizationToken;
    return { bearer, payment };
  };
  const buy = async (body: unknown, options: { key?: string; accept?: string } = {}) => {
    const { bearer, payment } = await session();
    return call('/labels/v3/label', {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${bearer}`,
        'X-Payment-Authorization-Token': payment,
        'Content-Type': 'application/json',
        Accept: options.accept ?? 'application/vnd.usps.labels+json',
        ...(options.key ? { 'X-Idempotency-Key': options.key } : {}),
      },
      body: JSON.stringify(body),
    });
  };
  const cancel = async (trackingNumber: string) => {
    const { bearer, payment } = await session();
    return call(`/labels/v3/label/${trackingNumber}`, { method: 'DELETE', headers: { Authorization: `Bearer ${bearer}`, 'X-Payment-Authorization-Token': payment } });
  };
  const refusal = async (answer: Response) => {
    expect(answer.status).toBe(400);
    return (await answer.json()) as UspsErrorAnswer;
  };
  const example = () => publishedExample(centralToday(clock));

  beforeEach(async () => {
    clock = new Date();
    fake = new FakeUspsServer({ now: () => clock });
    await fake.start();
  });
  afterEach(async () => {
    fake.up();
    await fake.stop();
  });

  it('sells the published Ground Advantage example: metadata and a base64 4x6 PDF that says USPS TEST with the tracking number', async () => {
    const answer = await buy(example());
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/vnd.usps.labels+json');
    const label = (await answer.json()) as Json & { trackingNumber: string; labelImage: string };
    expect(label).toMatchObject({ routingInformation: '420631042351', serviceTypeCode: '346', zone: expect.stringMatching(/^0[1-8]$/), weightUOM: 'LB', SKU: expect.stringMatching(/^DUXR/) });
    expect(label['postage']).toEqual(expect.any(Number));
    expect(label.trackingNumber).toMatch(/^92346902118475\d{8}$/);
    expect(mod10(label.trackingNumber.slice(0, -1))).toBe(Number(label.trackingNumber.slice(-1)));
    const pdf = Buffer.from(label.labelImage, 'base64');
    const document = await PDFDocument.load(pdf);
    expect(document.getPageCount()).toBe(1);
    expect(document.getPage(0).getSize()).toEqual({ width: 288, height: 432 });
    const text = await pageText(pdf);
    expect(text).toContain('USPS TEST');
    expect(text).toContain(label.trackingNumber.replace(/(\d{4})(?=\d)/g, '$1 '));
    expect(fake.labelsSold()).toBe(1);
  });

  it.each([
    ['toAddress.ZIPCode', '6310'],
    ['toAddress.ZIPPlus4', '23'],
    ['toAddress.city', 'C'.repeat(29)],
    ['toAddress.state', 'XX'],
    ['toAddress.phone', '555-0100'],
    ['fromAddress.streetAddress', undefined],
    ['fromAddress.firstName', 'F'.repeat(51)],
    ['packageDescription.mailClass', 'PRIORITY'],
    ['packageDescription.weight', 0],
    ['packageDescription.length', undefined],
    ['packageDescription.weightUOM', 'oz'],
    ['packageDescription.processingCategory', 'PARCEL'],
    ['packageDescription.mailingDate', '10/05/2024'],
    ['packageDescription.mailingDate', undefined],
    ['packageDescription.extraServices', [920, 999]],
    ['packageDescription.customerReference', [{ referenceNumber: 'R'.repeat(31) }]],
    ['imageInfo.labelType', '4X7LABEL'],
    ['imageInfo.suppressPostage', 'no'],
    ['shipDate', '2026-06-23'],
  ])('refuses %s = %j in USPS error shape, naming the parameter, and sells nothing', async (path, value) => {
    const answer = await refusal(await buy(changed(example(), path, value)));
    expect(answer).toMatchObject({ apiVersion: '/labels/v3', error: { code: '400', message: 'Bad Request' } });
    const parameters = answer.error.errors.map((error) => error.source?.parameter);
    expect(parameters.some((parameter) => parameter === path || parameter?.startsWith(`${path}.`))).toBe(true);
    expect(answer.error.errors[0]).toMatchObject({ status: '400', title: 'Bad Request', detail: expect.any(String) });
    expect(fake.labelsSold()).toBe(0);
  });

  it('accepts a null ZIPPlus4 (the schema makes it nullable) and a mailing date-time', async () => {
    const withNull = changed(example(), 'toAddress.ZIPPlus4', null);
    expect((await buy(withNull)).status).toBe(200);
    expect((await buy(changed(example(), 'packageDescription.mailingDate', `${centralToday(clock)}T10:00:00-05:00`))).status).toBe(200);
  });

  it.each([
    ['a rate indicator beside shape and packaging type', '160284', (body: Json) => changed(changed(body, 'packageDescription.shape', 'RECTANGULAR'), 'packageDescription.packagingType', 'VARIABLE')],
    ['neither a rate indicator nor shape and packaging type', '160285', (body: Json) => changed(body, 'packageDescription.rateIndicator', undefined)],
    ['a recipient with a first name only', '160075', (body: Json) => changed(body, 'toAddress.lastName', undefined)],
    ['a shipper reported without e-mail', '160275', (body: Json) => changed(changed(body, 'packageDescription.shipperVisibilityMethod', 'SENDER_INFORMATION'), 'senderAddress', { ...(body['fromAddress'] as Json), phone: '2025550100', platformUserId: 'u1' })],
    ['a parcel over 70 lb', '160098', (body: Json) => changed(body, 'packageDescription.weight', 71)],
    ['a mailing date 10 days ahead', '160001', (body: Json) => changed(body, 'packageDescription.mailingDate', new Date(clock.getTime() + 10 * 86_400_000).toISOString().slice(0, 10))],
    ['ZIP 00000', '160119', (body: Json) => changed(body, 'toAddress.ZIPCode', '00000')],
    ['a street "000 Undeliverable"', '010005', (body: Json) => changed(body, 'toAddress.streetAddress', '000 Undeliverable St')],
    ['a customs form', '160069', (body: Json) => changed(body, 'customsForm', { contentType: 'GIFT' })],
  ])('refuses %s with USPS code %s', async (_case, code, change) => {
    const answer = await refusal(await buy(change(example())));
    expect(answer.error.errors.map((error) => error.code)).toContain(code);
    expect(fake.labelsSold()).toBe(0);
  });

  it('answers the same key and body with the same label and sells once; the key with another body is refused naming the header', async () => {
    const key = randomUUID();
    const first = (await (await buy(example(), { key })).json()) as { trackingNumber: string };
    const again = (await (await buy(example(), { key })).json()) as { trackingNumber: string };
    expect(again.trackingNumber).toBe(first.trackingNumber);
    expect(fake.labelsSold()).toBe(1);
    const other = await refusal(await buy(changed(example(), 'packageDescription.weight', 2), { key }));
    expect(other.error.errors[0]?.source?.parameter).toBe('X-Idempotency-Key');
    expect((await refusal(await buy(example(), { key: 'order-1' }))).error.errors[0]?.source?.parameter).toBe('X-Idempotency-Key');
    expect(fake.labelsSold()).toBe(1);
  });

  it('sells a base64 ZPL II label for imageType ZPL203DPI: one ^XA … ^XZ format with USPS TEST and the tracking number as a Code 128 barcode', async () => {
    const answer = await buy(changed(example(), 'imageInfo.imageType', 'ZPL203DPI'));
    expect(answer.status).toBe(200);
    const label = (await answer.json()) as Json & { trackingNumber: string; labelImage: string };
    const zpl = Buffer.from(label.labelImage, 'base64').toString('latin1');
    expect(zpl.startsWith('^XA')).toBe(true);
    expect(zpl.trimEnd().endsWith('^XZ')).toBe(true);
    expect(zpl.match(/\^XA/g)).toHaveLength(1);
    expect(zpl).toContain('^FDUSPS TEST^FS');
    expect(zpl).toMatch(new RegExp(`\\^BCN,[^\\^]*\\^FD${label.trackingNumber}\\^FS`));
    expect(fake.labelsSold()).toBe(1);
  });

  it('names the multipart image a ZPL file when it sold ZPL', async () => {
    const answer = await buy(changed(example(), 'imageInfo.imageType', 'ZPL203DPI'), { accept: 'application/json' });
    const boundary = /boundary=(.+)$/.exec(answer.headers.get('content-type') ?? '')?.[1] ?? '';
    const parts = (await answer.text()).split(`--${boundary}`).slice(1, -1);
    expect(parts[1]).toContain('Content-Type: application/zpl');
    expect(parts[1]).toContain('filename="labelImage.zpl"');
    expect(Buffer.from(parts[1]?.split('\r\n\r\n')[1]?.trim() ?? '', 'base64').toString('latin1').startsWith('^XA')).toBe(true);
  });

  it("answers USPS's default multipart without the vendor Accept: labelMetadata JSON, then the label as base64", async () => {
    const answer = await buy(example(), { accept: 'application/json' });
    const boundary = /boundary=(.+)$/.exec(answer.headers.get('content-type') ?? '')?.[1] ?? '';
    expect(answer.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
    const parts = (await answer.text()).split(`--${boundary}`).slice(1, -1);
    expect(parts[0]).toContain('name="labelMetadata"');
    expect(JSON.parse(parts[0]?.split('\r\n\r\n')[1] ?? '{}')).toHaveProperty('trackingNumber');
    expect(parts[1]).toContain('name="labelImage"');
    expect(Buffer.from(parts[1]?.split('\r\n\r\n')[1]?.trim() ?? '', 'base64').subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('issues tokens for the right client only (JSON or form), and refuses them once expired', async () => {
    const wrong = await call('/oauth2/v3/token', { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'grant_type=client_credentials&client_id=fake-usps-client&client_secret=nope' });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ error: 'invalid_client', error_description: 'Invalid client or Invalid client credentials' });
    const form = await call('/oauth2/v3/token', { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'grant_type=client_credentials&client_id=fake-usps-client&client_secret=fake-usps-secret' });
    expect(await form.json()).toMatchObject({ token_type: 'Bearer', expires_in: 28_800, access_token: expect.any(String) });
    const bearer = await accessToken();
    clock = new Date(clock.getTime() + 8 * 3_600_000 + 1);
    const expired = await authorize(bearer);
    expect(expired.status).toBe(401);
    expect(expired.headers.get('www-authenticate')).toBe('Bearer realm="https://api.usps.com"');
  });

  it('refuses a label without a valid payment authorization token', async () => {
    const bearer = await accessToken();
    const answer = await call('/labels/v3/label', { method: 'POST', headers: { Authorization: `Bearer ${bearer}`, 'Content-Type': 'application/json' }, body: JSON.stringify(example()) });
    expect(answer.status).toBe(403);
    expect(((await answer.json()) as UspsErrorAnswer).error.errors[0]?.source?.parameter).toBe('Header: X-Payment-Authorization-Token');
  });

  it.each([
    ['no LABEL_OWNER', '160229', [{ roleName: 'PAYER', ...role }]],
    ['an EPS payer without account number', '160224', [{ roleName: 'PAYER', ...role, accountNumber: undefined }, { roleName: 'LABEL_OWNER', ...role }]],
    ['a label owner without manifest MID', '160222', [{ roleName: 'PAYER', ...role }, { roleName: 'LABEL_OWNER', ...role, manifestMID: undefined }]],
    ['an account it does not hold', '100001', [{ roleName: 'PAYER', ...role, accountNumber: '999' }, { roleName: 'LABEL_OWNER', ...role, accountNumber: '999' }]],
  ])('refuses a payment authorization with %s (USPS code %s)', async (_case, code, roles) => {
    const answer = await refusal(await authorize(await accessToken(), roles));
    expect(answer.apiVersion).toBe('/payments/v3');
    expect(answer.error.errors.map((error) => error.code)).toContain(code);
  });

  it('refuses payment for another CRID as access denied, and for an unfunded account with 100007', async () => {
    expect((await authorize(await accessToken(), [{ roleName: 'PAYER', ...role, CRID: '11111111' }, { roleName: 'LABEL_OWNER', ...role }])).status).toBe(403);
    fake.fundsExhausted = true;
    expect((await refusal(await authorize(await accessToken()))).error.errors[0]?.code).toBe('100007');
  });

  it('cancels until 12:30am Central after the mailing date, in winter and in summer, and a second cancel is "Order already canceled"', async () => {
    for (const [buyAt, lastFreeMinute] of [
      ['2026-01-14T18:00:00Z', '2026-01-15T06:29:59Z'],
      ['2026-07-01T18:00:00Z', '2026-07-02T05:29:59Z'],
    ] as const) {
      clock = new Date(buyAt);
      const canceled = (await (await buy(example())).json()) as { trackingNumber: string };
      const disputed = (await (await buy(example())).json()) as { trackingNumber: string };
      clock = new Date(lastFreeMinute);
      expect(await (await cancel(canceled.trackingNumber)).json()).toEqual({ trackingNumber: canceled.trackingNumber, status: 'CANCELED' });
      expect((await refusal(await cancel(canceled.trackingNumber))).error.errors[0]).toMatchObject({ code: '160186', detail: 'Order already canceled' });
      clock = new Date(clock.getTime() + 2000);
      expect(await (await cancel(disputed.trackingNumber)).json()).toMatchObject({ status: 'DISPUTED', disputeId: expect.any(String) });
    }
    expect(fake.voidsAccepted()).toBe(4);
  });

  it('files one refund request per label per Central day, and answers "Order not found" for a label it never sold', async () => {
    clock = new Date('2026-03-02T16:00:00Z');
    const label = (await (await buy(example())).json()) as { trackingNumber: string };
    clock = new Date('2026-03-04T16:00:00Z');
    const first = (await (await cancel(label.trackingNumber)).json()) as { disputeId: string };
    expect((await refusal(await cancel(label.trackingNumber))).error.errors[0]?.detail).toBe('A refund request for this order has already been submitted today');
    clock = new Date('2026-03-05T16:00:00Z');
    const next = (await (await cancel(label.trackingNumber)).json()) as { disputeId: string };
    expect(next.disputeId).not.toBe(first.disputeId);
    expect((await refusal(await cancel('9205590000000000000000'))).error.errors[0]).toMatchObject({ code: '160185', detail: 'Order not found', source: { parameter: 'trackingNumber' } });
  });

  it('sells a label whose answer it then drops, holds a token request it was told to hang, and refuses connections while down', async () => {
    fake.loseNextBuyAnswer();
    await expect(buy(example())).rejects.toThrow();
    expect(fake.labelsSold()).toBe(1);

    fake.hangNextStepBeforeBuy();
    await expect(call('/oauth2/v3/token', { method: 'POST', body: '{}', signal: AbortSignal.timeout(200) })).rejects.toMatchObject({ name: 'TimeoutError' });

    fake.down();
    // fetch must first see the kept-alive connections dropped, or it would send on one and get a reset instead.
    await new Promise((resolve) => setTimeout(resolve, 50));
    await expect(call('/oauth2/v3/token', { method: 'POST', body: '{}' })).rejects.toMatchObject({ cause: { code: 'ECONNREFUSED' } });
    fake.up();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await call('/oauth2/v3/token', { method: 'POST', body: '{}' })).status).toBe(400);
  });

  it('answers the next request with a 429 and its Retry-After, or with the 5xx it was told to', async () => {
    fake.rateLimitNext(3);
    const limited = await call('/oauth2/v3/token', { method: 'POST', body: '{}' });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('3');
    fake.failNextWith(502);
    expect((await call('/oauth2/v3/token', { method: 'POST', body: '{}' })).status).toBe(502);
    expect((await call('/oauth2/v3/token', { method: 'POST', body: '{}' })).status).toBe(400);
  });

  describe('tracking', () => {
    const track = async (trackingNumber: string, bearer?: string) =>
      call(`/tracking/v3/tracking/${trackingNumber}?expand=DETAIL`, { headers: { Authorization: `Bearer ${bearer ?? (await accessToken())}` } });
    interface TrackingJson {
      statusCategory: string;
      trackingEvents: Array<{ eventType: string; eventCode: string | null; GMTTimestamp: string; eventTimestamp: string; GMTOffset: string; eventCity: string | null }>;
    }

    it('tracks a label it sold: label created at the sale, with its local time and offset', async () => {
      const { trackingNumber } = (await (await buy(example())).json()) as { trackingNumber: string };
      const answer = await track(trackingNumber);
      expect(answer.status).toBe(200);
      const body = (await answer.json()) as TrackingJson;
      expect(body.statusCategory).toBe('Pre-Shipment');
      expect(body.trackingEvents).toEqual([
        expect.objectContaining({ eventType: 'Shipping Label Created, USPS Awaiting Item', eventCode: 'MA', GMTTimestamp: clock.toISOString().replace(/\.\d{3}Z$/, 'Z'), GMTOffset: expect.stringMatching(/^-0[56]:00$/) }),
      ]);
    });

    it('lists added scans newest first, and the category follows the latest', async () => {
      const { trackingNumber } = (await (await buy(example())).json()) as { trackingNumber: string };
      fake.addScan(trackingNumber, 'accepted', { at: new Date(clock.getTime() + 3_600_000), city: 'COLUMBUS', state: 'OH', zip: '43215' });
      const body = (await (await track(trackingNumber)).json()) as TrackingJson;
      expect(body.statusCategory).toBe('Accepted');
      expect(body.trackingEvents.map((event) => event.eventType)).toEqual(['Accepted at USPS Origin Facility', 'Shipping Label Created, USPS Awaiting Item']);
      expect(() => fake.addScan('9205590000000000000000', 'delivered')).toThrow(/sold no label/);
    });

    it("answers 404 for a number it never sold and 401 without a good bearer token", async () => {
      expect((await track('9205590000000000000000')).status).toBe(404);
      expect((await track('9205590000000000000000', 'not-a-token')).status).toBe(401);
    });

    it('adds scans over HTTP when its control routes are on', async () => {
      const driven = new FakeUspsServer({ now: () => clock, controlRoutes: true });
      await driven.start();
      const previous = fake;
      fake = driven;
      try {
        const { trackingNumber } = (await (await buy(example())).json()) as { trackingNumber: string };
        expect((await call(`/__fake/scan?trackingNumber=${trackingNumber}&kind=delivered`, { method: 'POST' })).status).toBe(200);
        expect(((await (await track(trackingNumber)).json()) as TrackingJson).statusCategory).toBe('Delivered');
        expect((await call(`/__fake/scan?trackingNumber=${trackingNumber}&kind=teleported`, { method: 'POST' })).status).toBe(404);
        expect((await call('/__fake/scan?trackingNumber=9205590000000000000000&kind=delivered', { method: 'POST' })).status).toBe(404);
      } finally {
        fake = previous;
        await driven.stop();
      }
    });
  });
});
