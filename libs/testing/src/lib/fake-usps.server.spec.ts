import { randomUUID } from 'node:crypto';
import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream } from 'pdf-lib';
import { FAKE_USPS_ADDRESS_TRIGGERS, FakeUspsServer, uspsSpecs } from './fake-usps.server';
import { centralToday, changed, type Json, partsOf, publishedExample, scanFormRequest, type UspsErrorAnswer, uspsCalls } from './fake-usps/spec-calls';
import { askUntil, refused } from './ask-until';

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
  const usps = uspsCalls(() => fake);
  const { call, accessToken, authorize, buy, bought, cancel } = usps;

  const refusal = async (answer: Response) => {
    expect(answer.status).toBe(400);
    return (await answer.json()) as UspsErrorAnswer;
  };
  const example = () => publishedExample(centralToday(clock));
  const requestViolations = () => fake.specViolations().filter((violation) => violation.where === 'request');
  const askToken = () => call('/oauth2/v3/token', { method: 'POST', body: '{}' });
  // Reading and compiling USPS's specs takes seconds on a busy machine: once, outside the per-case setup's time limit.
  beforeAll(() => void uspsSpecs(), 60_000);
  beforeEach(async () => {
    clock = new Date();
    fake = new FakeUspsServer({ now: () => clock });
    await fake.start();
  });
  afterEach(async () => {
    fake.up();
    await fake.stop();
    // Whatever a case asked, the fake never answered anything its spec does not allow.
    expect(fake.specViolations().filter((violation) => violation.where === 'response')).toEqual([]);
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
    expect(fake.specViolations()).toEqual([]);
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
    ['packageDescription.destinationEntryFacilityType', undefined],
    ['packageDescription.extraServices', [920, 999]],
    ['packageDescription.customerReference', [{ referenceNumber: 'R'.repeat(31) }]],
    ['imageInfo.labelType', '4X7LABEL'],
    ['imageInfo.suppressPostage', 'no'],
    ['shipDate', '2026-06-23'],
  ])('refuses %s = %j as the published spec does, in USPS error shape naming the parameter, records it, and sells nothing', async (path, value) => {
    const answer = await refusal(await buy(changed(example(), path, value)));
    expect(answer).toMatchObject({ apiVersion: '/labels/v3', error: { code: '400', message: 'Bad Request' } });
    const parameters = answer.error.errors.map((error) => error.source?.parameter);
    expect(parameters.some((parameter) => parameter === path || parameter?.startsWith(`${path}.`))).toBe(true);
    expect(answer.error.errors[0]).toMatchObject({ status: '400', code: 'SCHEMA', title: 'Bad Request', detail: expect.any(String) });
    expect(requestViolations()).toEqual([{ method: 'POST', path: '/labels/v3/label', where: 'request', errors: expect.arrayContaining([expect.objectContaining({ in: 'body' })]) }]);
    expect(fake.labelsSold()).toBe(0);
  });

  it('accepts a null ZIPPlus4 (the schema makes it nullable) and a mailing date-time', async () => {
    const withNull = changed(example(), 'toAddress.ZIPPlus4', null);
    expect((await buy(withNull)).status).toBe(200);
    expect((await buy(changed(example(), 'packageDescription.mailingDate', `${centralToday(clock)}T10:00:00-05:00`))).status).toBe(200);
    expect(fake.specViolations()).toEqual([]);
  });

  it.each([
    ['a rate indicator beside shape and packaging type (it matches both of the oneOf)', (body: Json) => changed(changed(body, 'packageDescription.shape', 'RECTANGULAR'), 'packageDescription.packagingType', 'VARIABLE'), 'packageDescription'],
    ['neither a rate indicator nor shape and packaging type', (body: Json) => changed(body, 'packageDescription.rateIndicator', undefined), 'packageDescription.rateIndicator'],
  ])("refuses %s by the spec's oneOf of the two package descriptions", async (_case, change, parameter) => {
    const answer = await refusal(await buy(change(example())));
    expect(answer.error.errors.map((error) => error.source?.parameter)).toContain(parameter);
    expect(fake.labelsSold()).toBe(0);
  });

  it.each([
    ['a recipient with a first name only', '160075', (body: Json) => changed(body, 'toAddress.lastName', undefined)],
    ['a shipper reported without e-mail', '160275', (body: Json) => changed(changed(body, 'packageDescription.shipperVisibilityMethod', 'SENDER_INFORMATION'), 'senderAddress', { ...(body['fromAddress'] as Json), phone: '2025550100', platformUserId: 'u1' })],
    ['a parcel over 70 lb', '160098', (body: Json) => changed(body, 'packageDescription.weight', 71)],
    ['a mailing date 10 days ahead', '160001', (body: Json) => changed(body, 'packageDescription.mailingDate', new Date(clock.getTime() + 10 * 86_400_000).toISOString().slice(0, 10))],
    ['ZIP 00000', '160119', (body: Json) => changed(body, 'toAddress.ZIPCode', '00000')],
    ['a street "000 Undeliverable"', '010005', (body: Json) => changed(body, 'toAddress.streetAddress', '000 Undeliverable St')],
    ['a customs form (the published example) for a domestic class', '160069', (body: Json) => changed(body, 'customsForm', (uspsSpecs().documentAt('/labels/v3').components?.['examples']?.['CustomsFormRequest'] as { value: Json }).value['customsForm'])],
  ])('refuses %s with USPS code %s: a rule the spec states in words only, for a request the spec accepts', async (_case, code, change) => {
    const answer = await refusal(await buy(change(example())));
    expect(answer.error.errors.map((error) => error.code)).toContain(code);
    expect(fake.specViolations()).toEqual([]);
    expect(fake.labelsSold()).toBe(0);
  });

  it('answers the same key and body with the same label and sells once; the key with another body is refused naming the header, a key that is no UUID breaks the spec', async () => {
    const key = randomUUID();
    const first = (await (await buy(example(), { key })).json()) as { trackingNumber: string };
    const again = (await (await buy(example(), { key })).json()) as { trackingNumber: string };
    expect(again.trackingNumber).toBe(first.trackingNumber);
    expect(fake.labelsSold()).toBe(1);
    const other = await refusal(await buy(changed(example(), 'packageDescription.weight', 2), { key }));
    expect(other.error.errors[0]?.source?.parameter).toBe('X-Idempotency-Key');
    expect((await refusal(await buy(example(), { key: 'order-1' }))).error.errors[0]?.source?.parameter).toBe('Header: X-Idempotency-Key');
    expect(requestViolations()).toEqual([{ method: 'POST', path: '/labels/v3/label', where: 'request', errors: [{ in: 'header', at: 'X-Idempotency-Key', message: 'must match format "uuid"' }] }]);
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

  it('sends a multipart ZPL image as application/octet-stream (the one listed type that fits it) named as a ZPL file', async () => {
    const parts = await partsOf(await buy(changed(example(), 'imageInfo.imageType', 'ZPL203DPI'), { accept: 'application/json' }));
    expect(parts.map((part) => [part.name, part.contentType])).toEqual([
      ['labelMetadata', 'application/json'],
      ['labelImage', 'application/octet-stream'],
    ]);
    expect(Buffer.from(parts[1]?.text ?? '', 'base64').toString('latin1').startsWith('^XA')).toBe(true);
  });

  it("answers the spec's LabelMultiPartResponse without the vendor Accept: labelMetadata JSON, then the labelImage base64", async () => {
    const answer = await buy(example(), { accept: 'application/json' });
    expect(answer.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
    const parts = await partsOf(answer);
    expect(parts.map((part) => part.name)).toEqual(['labelMetadata', 'labelImage']);
    expect(JSON.parse(parts[0]?.text ?? '{}')).toHaveProperty('trackingNumber');
    expect(Buffer.from(parts[1]?.text ?? '', 'base64').subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(fake.specViolations()).toEqual([]);
  });

  describe('tokens', () => {
    it("issues tokens for the right client only (JSON or form), in the README's shape, and refuses them once expired", async () => {
      const wrong = await call('/oauth2/v3/token', { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'grant_type=client_credentials&client_id=fake-usps-client&client_secret=nope' });
      expect(wrong.status).toBe(401);
      expect(await wrong.json()).toEqual({ error: 'invalid_client', error_description: 'Invalid client or Invalid client credentials' });
      const form = await call('/oauth2/v3/token', { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'grant_type=client_credentials&client_id=fake-usps-client&client_secret=fake-usps-secret' });
      expect(await form.json()).toMatchObject({ token_type: 'Bearer', expires_in: '28800', issued_at: String(clock.getTime()), status: 'approved', access_token: expect.any(String) });
      const bearer = await accessToken();
      clock = new Date(clock.getTime() + 8 * 3_600_000 + 1);
      const expired = await authorize(bearer);
      expect(expired.status).toBe(401);
      expect(expired.headers.get('www-authenticate')).toBe('Bearer realm="https://api.usps.com"');
    });

    it('refuses the access tokens it was told to expire (401), and issues new ones that work', async () => {
      const bearer = await accessToken();
      fake.expireAccessTokens();
      expect((await authorize(bearer)).status).toBe(401);
      expect((await authorize(await accessToken())).status).toBe(200);
    });

    it('refuses a payment token eight hours after issuance, or once told to expire it, as access denied (403); a new one works', async () => {
      const { bearer, payment } = await usps.session();
      // A bearer token of the moment each time: it lives eight hours too.
      const label = async (token: string) =>
        call('/labels/v3/label', { method: 'POST', headers: { Authorization: `Bearer ${await accessToken()}`, 'X-Payment-Authorization-Token': token, 'Content-Type': 'application/json', Accept: 'application/vnd.usps.labels+json' }, body: JSON.stringify(example()) });
      fake.expirePaymentTokens();
      const refused = await label(payment);
      expect(refused.status).toBe(403);
      expect(((await refused.json()) as UspsErrorAnswer).error.errors[0]?.source?.parameter).toBe('Header: X-Payment-Authorization-Token');
      const fresh = ((await (await authorize(bearer)).json()) as { paymentAuthorizationToken: string }).paymentAuthorizationToken;
      clock = new Date(clock.getTime() + 8 * 3_600_000 - 1000);
      expect((await label(fresh)).status).toBe(200);
      clock = new Date(clock.getTime() + 2000);
      expect((await label(fresh)).status).toBe(403);
      expect(fake.labelsSold()).toBe(1);
    });

    it('refuses a label without the payment token header as the spec does (400 naming it), and with a token it never issued as access denied (403)', async () => {
      const bearer = await accessToken();
      const post = (headers: Record<string, string>) => call('/labels/v3/label', { method: 'POST', headers: { Authorization: `Bearer ${bearer}`, 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(example()) });
      expect((await refusal(await post({}))).error.errors[0]?.source?.parameter).toBe('Header: X-Payment-Authorization-Token');
      const forged = await post({ 'X-Payment-Authorization-Token': 'forged' });
      expect(forged.status).toBe(403);
      expect(fake.labelsSold()).toBe(0);
    });
  });

  describe('payment authorization', () => {
    const { role } = usps;

    it.each([
      ['no LABEL_OWNER', '160229', [{ roleName: 'PAYER', ...role }]],
      ['an EPS payer without account number', '160224', [{ roleName: 'PAYER', ...role, accountNumber: undefined }, { roleName: 'LABEL_OWNER', ...role }]],
      ['a label owner without manifest MID', '160222', [{ roleName: 'PAYER', ...role }, { roleName: 'LABEL_OWNER', ...role, manifestMID: undefined }]],
      ['an account it does not hold', '100001', [{ roleName: 'PAYER', ...role, accountNumber: '999' }, { roleName: 'LABEL_OWNER', ...role, accountNumber: '999' }]],
    ])('refuses %s (USPS code %s)', async (_case, code, roles) => {
      const answer = await refusal(await authorize(await accessToken(), roles));
      expect(answer.apiVersion).toBe('/payments/v3');
      expect(answer.error.errors.map((error) => error.code)).toContain(code);
    });

    it('refuses roles the spec does not allow: none at all, a role name it does not list, a MID of 7 digits', async () => {
      const bearer = await accessToken();
      for (const [roles, parameter] of [
        [[], 'roles'],
        [[{ roleName: 'OWNER', ...role }], 'roles.0.roleName'],
        [[{ roleName: 'PAYER', ...role, MID: '1234567' }], 'roles.0.MID'],
      ] as const) {
        expect((await refusal(await authorize(bearer, roles))).error.errors.map((error) => error.source?.parameter)).toContain(parameter);
      }
      expect(requestViolations()).toHaveLength(3);
    });

    it('refuses payment for another CRID as access denied, and for an unfunded account with 100007', async () => {
      expect((await authorize(await accessToken(), [{ roleName: 'PAYER', ...role, CRID: '11111111' }, { roleName: 'LABEL_OWNER', ...role }])).status).toBe(403);
      fake.fundsExhausted = true;
      expect((await refusal(await authorize(await accessToken()))).error.errors[0]?.code).toBe('100007');
    });
  });

  describe('cancel', () => {
    it('cancels until 12:30am Central after the mailing date, in winter and in summer, and a second cancel is "Order already canceled"', async () => {
      for (const [buyAt, lastFreeMinute] of [
        ['2026-01-14T18:00:00Z', '2026-01-15T06:29:59Z'],
        ['2026-07-01T18:00:00Z', '2026-07-02T05:29:59Z'],
      ] as const) {
        clock = new Date(buyAt);
        const canceled = await bought(example());
        const disputed = await bought(example());
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
      const label = await bought(example());
      clock = new Date('2026-03-04T16:00:00Z');
      const first = (await (await cancel(label.trackingNumber)).json()) as { disputeId: string };
      expect((await refusal(await cancel(label.trackingNumber))).error.errors[0]?.detail).toBe('A refund request for this order has already been submitted today');
      clock = new Date('2026-03-05T16:00:00Z');
      const next = (await (await cancel(label.trackingNumber)).json()) as { disputeId: string };
      expect(next.disputeId).not.toBe(first.disputeId);
      expect((await refusal(await cancel('9205590000000000000000'))).error.errors[0]).toMatchObject({ code: '160185', detail: 'Order not found', source: { parameter: 'trackingNumber' } });
    });
  });

  describe('faults', () => {
    it('sells a label whose answer it then drops, holds a token request it was told to hang, and refuses connections while down', async () => {
      fake.loseNextBuyAnswer();
      await expect(buy(example())).rejects.toThrow();
      expect(fake.labelsSold()).toBe(1);

      fake.hangNextStepBeforeBuy();
      await expect(call('/oauth2/v3/token', { method: 'POST', body: '{}', signal: AbortSignal.timeout(200) })).rejects.toMatchObject({ name: 'TimeoutError' });

      fake.down();
      // Until fetch has seen its kept-alive connections dropped it may send on one and get a reset: wait for the state
      // a new connection meets (refused), however long the machine takes to get there.
      await expect(askUntil(askToken, refused)).resolves.toBe(true);
      fake.up();
      await expect(askUntil(askToken, (outcome) => 'status' in outcome && outcome.status === 400)).resolves.toBe(true);
    });

    it('answers the next request with a 429 and its Retry-After, or with the 5xx it was told to, each as the spec of the call documents it', async () => {
      const { bearer, payment } = await usps.session();
      fake.rateLimitNext(3);
      const limited = await call('/labels/v3/label', { method: 'POST', headers: { Authorization: `Bearer ${bearer}`, 'X-Payment-Authorization-Token': payment, 'Content-Type': 'application/json' }, body: JSON.stringify(example()) });
      expect(limited.status).toBe(429);
      expect(limited.headers.get('retry-after')).toBe('3');
      expect(await limited.json()).toMatchObject({ apiVersion: '/labels/v3', error: { code: '429' } });
      for (const status of [503, 500, 502] as const) {
        fake.failNextWith(status);
        expect((await call('/tracking/v3/tracking/9205590000000000000000', { headers: { Authorization: `Bearer ${bearer}` } })).status).toBe(status);
      }
      expect((await call('/oauth2/v3/token', { method: 'POST', body: '{}' })).status).toBe(400);
      expect(fake.labelsSold()).toBe(0);
    });

    it("answers every call 429 once USPS's hourly quota is used up, with the seconds left as Retry-After, until the hour has passed on its clock", async () => {
      const bearer = await accessToken();
      fake.exhaustHourlyQuota();
      const limited = await call('/oauth2/v3/token', { method: 'POST', body: '{}' });
      expect([limited.status, limited.headers.get('retry-after')]).toEqual([429, '3600']);
      clock = new Date(clock.getTime() + 45 * 60_000);
      const tracked = await call('/tracking/v3/tracking/9205590000000000000000', { headers: { Authorization: `Bearer ${bearer}` } });
      expect([tracked.status, tracked.headers.get('retry-after')]).toEqual([429, '900']);
      expect((await buy(example())).status).toBe(429);
      clock = new Date(clock.getTime() + 15 * 60_000);
      expect((await buy(example())).status).toBe(200);
    });

    it('answers normally again as soon as the test lifts the quota, and the clock can be moved without a clock of its own', async () => {
      const free = new FakeUspsServer();
      await free.start();
      try {
        const calls = uspsCalls(() => free);
        free.exhaustHourlyQuota();
        expect((await calls.call('/oauth2/v3/token', { method: 'POST', body: '{}' })).status).toBe(429);
        free.advanceClock(3_600_000);
        expect((await calls.call('/oauth2/v3/token', { method: 'POST', body: '{}' })).status).toBe(400);
        free.exhaustHourlyQuota();
        free.liftHourlyQuota();
        expect(await calls.accessToken()).toEqual(expect.any(String));
      } finally {
        await free.stop();
      }
    });
  });

  describe('addresses', () => {
    const { streetAddress: _none, ...place } = { streetAddress: '', city: 'New York', state: 'NY', ZIPCode: '10118' };
    const standardised = async (query: Record<string, string>) => {
      const answer = await usps.address(query);
      expect(answer.status).toBe(200);
      return (await answer.json()) as Json & { additionalInfo: { DPVConfirmation: string }; corrections: unknown[]; matches: unknown[] };
    };

    it("answers the spec's AddressResponse: the standardised address, additionalInfo, corrections and matches, DPV Y for a confirmed address", async () => {
      const body = await standardised({ streetAddress: '350 Fifth Ave.', secondaryAddress: 'Ste 4200', ...place });
      expect(body).toEqual({
        address: { streetAddress: '350 FIFTH AVE', secondaryAddress: 'STE 4200', city: 'NEW YORK', state: 'NY', ZIPCode: '10118', ZIPPlus4: '0001' },
        additionalInfo: { deliveryPoint: '01', carrierRoute: 'C001', DPVConfirmation: 'Y', DPVCMRA: 'N', business: 'N', centralDeliveryPoint: 'N', vacant: 'N' },
        corrections: [],
        matches: [{ code: '31', text: 'Single Response - exact match' }],
      });
      expect(fake.specViolations()).toEqual([]);
    });

    it('answers DPV D with correction 32 for a building whose apartment is missing, and Y once it is given', async () => {
      const missing = await standardised({ streetAddress: FAKE_USPS_ADDRESS_TRIGGERS.secondaryMissing, ...place });
      expect(missing.additionalInfo.DPVConfirmation).toBe('D');
      expect(missing.corrections).toEqual([{ code: '32', text: expect.stringMatching(/more information is needed/) }]);
      expect((await standardised({ streetAddress: FAKE_USPS_ADDRESS_TRIGGERS.secondaryMissing, secondaryAddress: 'Apt 4', ...place })).additionalInfo.DPVConfirmation).toBe('Y');
    });

    it('answers DPV N for an address that is not a delivery point, with no match', async () => {
      const body = await standardised({ streetAddress: FAKE_USPS_ADDRESS_TRIGGERS.notADeliveryPoint, ...place });
      expect(body).toMatchObject({ additionalInfo: { DPVConfirmation: 'N', vacant: 'Y' }, corrections: [], matches: [] });
    });

    it("answers the spec's 404 example when nothing matches, and fills the city from the ZIP when only the ZIP is given", async () => {
      const none = await usps.address({ streetAddress: FAKE_USPS_ADDRESS_TRIGGERS.noMatch, ...place });
      expect(none.status).toBe(404);
      expect(await none.json()).toEqual({ apiVersion: 'v3', error: { code: '404', message: 'There is no match for the address requested.', errors: [] } });
      const { city: _city, ...zipOnly } = place;
      expect((await standardised({ streetAddress: '350 Fifth Ave', ...zipOnly })).address).toMatchObject({ city: 'NEW YORK', ZIPCode: '10118' });
    });

    it('refuses a query the spec does not allow (no streetAddress, a state that is not one, a parameter it does not have) with 400', async () => {
      const answer = await refusal(await usps.address({ ...place, state: 'XX', zip: '10118' }));
      expect(answer.apiVersion).toBe('/addresses/v3');
      expect(answer.error.errors.map((error) => error.source?.parameter)).toEqual(['streetAddress', 'state', 'zip']);
      expect(requestViolations()).toHaveLength(1);
    });
  });

  describe('SCAN forms', () => {
    const labelsFor = async (count: number) => {
      const numbers: string[] = [];
      for (let i = 0; i < count; i += 1) numbers.push((await bought(example())).trackingNumber);
      return numbers;
    };

    it("answers the spec's multipart: SCANFormMetaData (the form's number and its labels) and SCANFormImage, a base64 PDF; its labels are manifested", async () => {
      const numbers = await labelsFor(2);
      const answer = await usps.scanForm(scanFormRequest(centralToday(clock), numbers));
      expect(answer.status).toBe(200);
      const parts = await partsOf(answer);
      expect(parts.map((part) => [part.name, part.contentType])).toEqual([
        ['SCANFormMetaData', 'application/json'],
        ['SCANFormImage', 'application/pdf'],
      ]);
      const metadata = JSON.parse(parts[0]?.text ?? '{}') as Json;
      expect(metadata).toMatchObject({ manifestNumber: expect.stringMatching(/^9275902118475\d{9}$/), trackingNumbers: numbers, destinationEntryFacilityType: 'NONE', fromAddress: { streetAddress: '45 L ST SW', ZIPCode: '20024' } });
      expect(Buffer.from(parts[1]?.text ?? '', 'base64').subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect((await (await cancel(numbers[0] ?? '')).json()) as Json).toMatchObject({ status: 'DISPUTED' });
      expect(fake.specViolations()).toEqual([]);
    });

    it('refuses a request without destinationEntryFacilityType as USPS refuses a bad request (400, ErrorMessage naming it), and makes no form', async () => {
      const numbers = await labelsFor(1);
      const answer = await refusal(await usps.scanForm(changed(scanFormRequest(centralToday(clock), numbers), 'destinationEntryFacilityType', undefined)));
      expect(answer).toMatchObject({ apiVersion: '/scan-forms/v3', error: { code: '400', errors: [{ status: '400', code: 'SCHEMA', source: { parameter: 'destinationEntryFacilityType' } }] } });
      expect(fake.labels.get(numbers[0] ?? '')?.scanForm).toBeNull();
      expect(requestViolations()).toEqual([{ method: 'POST', path: '/scan-forms/v3/scan-form', where: 'request', errors: [{ in: 'body', at: 'destinationEntryFacilityType', message: "must have required property 'destinationEntryFacilityType'" }] }]);
    });

    it("answers as USPS's own example when told to: parts 'Scan Form Response' and 'label', which break the spec and are recorded so", async () => {
      const example_ = new FakeUspsServer({ now: () => clock, scanFormAnswers: 'usps-example' });
      await example_.start();
      const previous = fake;
      fake = example_;
      try {
        const numbers = await labelsFor(1);
        const parts = await partsOf(await usps.scanForm(scanFormRequest(centralToday(clock), numbers)));
        expect(parts.map((part) => [part.name, part.contentType])).toEqual([
          ['Scan Form Response', 'application/json'],
          ['label', 'application/pdf'],
        ]);
        const metadata = JSON.parse(parts[0]?.text ?? '{}') as Json;
        expect(metadata).toMatchObject({ form: '5630', manifestNumber: expect.any(String), trackingNumbers: numbers, fromAddress: { address: { secondaryAddress: '45 L ST SW', zipCode: '20024', countryISOCode: '840' } } });
        expect(Buffer.from(parts[1]?.text ?? '', 'base64').subarray(0, 5).toString('latin1')).toBe('%PDF-');
        expect(example_.specViolations()).toEqual([
          { method: 'POST', path: '/scan-forms/v3/scan-form', where: 'response', errors: expect.arrayContaining([expect.objectContaining({ in: 'part', at: 'Scan Form Response' }), expect.objectContaining({ in: 'part', at: 'label' })]) },
        ]);
        example_.answerScanFormsAs('spec');
        const [next] = await labelsFor(1);
        expect((await partsOf(await usps.scanForm(scanFormRequest(centralToday(clock), [next ?? ''])))).map((part) => part.name)).toEqual(['SCANFormMetaData', 'SCANFormImage']);
        expect(example_.specViolations()).toHaveLength(1);
      } finally {
        fake = previous;
        await example_.stop();
      }
    });

    it("answers SCANFormVendorResponse JSON for the vendor Accept, and takes the labels of the label owner's MID mailed that day", async () => {
      const numbers = await labelsFor(2);
      const answer = await usps.scanForm({ ...scanFormRequest(centralToday(clock), []), shipment: { MID: '902118475' } }, 'application/vnd.usps.labels+json');
      expect(answer.headers.get('content-type')).toBe('application/vnd.usps.labels+json');
      const form = (await answer.json()) as Json & { SCANFormImage: string };
      expect(form).toMatchObject({ trackingNumbers: numbers, manifestNumber: expect.any(String) });
      expect(Buffer.from(form.SCANFormImage, 'base64').subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect((await usps.scanForm({ ...scanFormRequest(centralToday(clock), []), shipment: { MID: '902118475' } })).status).toBe(400);
      expect(fake.specViolations()).toEqual([]);
    });

    it('refuses a form of a label it never sold, one canceled or one already on a form', async () => {
      const [sold, canceled] = await labelsFor(2);
      await cancel(canceled ?? '');
      const codes = async (numbers: string[]) => (await refusal(await usps.scanForm(scanFormRequest(centralToday(clock), numbers)))).error.errors.map((error) => error.code);
      expect(await codes(['9205590000000000000000'])).toEqual(['010001']);
      expect(await codes([canceled ?? ''])).toEqual(['010002']);
      expect((await usps.scanForm(scanFormRequest(centralToday(clock), [sold ?? '']))).status).toBe(200);
      expect(await codes([sold ?? ''])).toEqual(['010003']);
    });
  });

  describe('tracking', () => {
    interface TrackingJson {
      statusCategory: string;
      trackingEvents: Array<{ eventType: string; eventCode?: string; GMTTimestamp: string; eventTimestamp: string; GMTOffset: string; eventCity?: string }>;
    }

    it('tracks a label it sold: label created at the sale, with its local time and offset, and nothing the spec does not allow', async () => {
      const { trackingNumber } = await bought(example());
      const answer = await usps.track(trackingNumber);
      expect(answer.status).toBe(200);
      const body = (await answer.json()) as TrackingJson;
      expect(body.statusCategory).toBe('Pre-Shipment');
      const gmt = clock.toISOString().replace(/\.\d{3}Z$/, 'Z');
      expect(body.trackingEvents).toEqual([
        expect.objectContaining({ eventType: 'Shipping Label Created, USPS Awaiting Item', eventCode: 'MA', GMTTimestamp: gmt, GMTOffset: expect.stringMatching(/^-0[56]:00$/) }),
      ]);
      const event = body.trackingEvents[0];
      expect(new Date(event?.eventTimestamp ?? '').toISOString().replace(/\.\d{3}Z$/, 'Z')).toBe(gmt);
      expect(event?.eventTimestamp.endsWith(event.GMTOffset)).toBe(true);
      expect(JSON.stringify(body)).not.toContain('null');
      expect(fake.specViolations()).toEqual([]);
    });

    it('lists added scans newest first, and the category follows the latest', async () => {
      const { trackingNumber } = await bought(example());
      fake.addScan(trackingNumber, 'accepted', { at: new Date(clock.getTime() + 3_600_000), city: 'COLUMBUS', state: 'OH', zip: '43215' });
      fake.addScan(trackingNumber, 'alert', { at: new Date(clock.getTime() + 7_200_000) });
      const body = (await (await usps.track(trackingNumber)).json()) as TrackingJson;
      expect(body.statusCategory).toBe('Alert');
      expect(body.trackingEvents.map((event) => event.eventType)).toEqual(['Notice Left (No Authorized Recipient Available)', 'Accepted at USPS Origin Facility', 'Shipping Label Created, USPS Awaiting Item']);
      expect(body.trackingEvents[0]).not.toHaveProperty('eventCode');
      expect(() => fake.addScan('9205590000000000000000', 'delivered')).toThrow(/sold no label/);
    });

    it('answers 404 for a number it never sold and 401 without a good bearer token', async () => {
      expect((await usps.track('9205590000000000000000')).status).toBe(404);
      expect((await usps.track('9205590000000000000000', 'not-a-token')).status).toBe(401);
    });

    it('adds scans over HTTP when its control routes are on', async () => {
      const driven = new FakeUspsServer({ now: () => clock, controlRoutes: true });
      await driven.start();
      const previous = fake;
      fake = driven;
      try {
        const { trackingNumber } = await bought(example());
        expect((await call(`/__fake/scan?trackingNumber=${trackingNumber}&kind=delivered`, { method: 'POST' })).status).toBe(200);
        expect(((await (await usps.track(trackingNumber)).json()) as TrackingJson).statusCategory).toBe('Delivered');
        expect((await call(`/__fake/scan?trackingNumber=${trackingNumber}&kind=teleported`, { method: 'POST' })).status).toBe(404);
        expect((await call('/__fake/scan?trackingNumber=9205590000000000000000&kind=delivered', { method: 'POST' })).status).toBe(404);
        expect((await call('/__fake/hourly-quota?exhausted=true', { method: 'POST' })).status).toBe(200);
        expect((await usps.track(trackingNumber, 'any')).status).toBe(429);
        expect(await (await call('/__fake/stats')).json()).toMatchObject({ labelsSold: 1, specViolations: 0 });
      } finally {
        fake = previous;
        await driven.stop();
      }
    });
  });
});
