import { createHmac } from 'node:crypto';
import { easyPostRecorded, easyPostRecordedWebhook, startEasyPostReplay, type EasyPostRecordings, type EasyPostReplay } from '@labeldesk/testing';
import type { LabelAddress, LabelShipment } from '../carrier.port';
import { MemoryJournal } from '../testing/carrier-contract.suite';
import { EasyPostCarrierAdapter } from './easypost.adapter';
import { easyPostTestShipment } from './easypost-fixtures';
import { parseTrackerUpdated, verifyEasyPostPush } from './easypost-push';

/**
 * EasyPost's own recorded answers (fake-easypost/recorded/README.md names each cassette) replayed through the adapter,
 * and what it made of each; where a recording also holds our request, the adapter's request is checked against it.
 */

let replay: EasyPostReplay;
let carrier: EasyPostCarrierAdapter;

beforeEach(async () => {
  replay = await startEasyPostReplay();
  carrier = new EasyPostCarrierAdapter({ apiKey: 'EZTKreplay', apiUrl: replay.url, timeoutMs: 60_000 });
});
afterEach(() => replay.close());

const shipment = (name: EasyPostRecordings['shipment']) => easyPostRecorded('shipment', name);
const SHIPMENT_ID = 'shp_d7aa1bf4171041609ad0a4f2e97e2d26';
const sent = () => replay.requests.map((request) => `${request.method} ${request.path}`);
const bodyOf = (method: string, path: string): unknown => JSON.parse(replay.requests.find((r) => r.method === method && r.path === path)?.body ?? 'null') as unknown;

/** The recorded buy was of Ground Advantage (rate 5.93). */
const groundAdvantage = (format: LabelShipment['format']): LabelShipment => ({ ...easyPostTestShipment({ serviceUid: 'usps_ground_advantage' }), format });

describe('EasyPost recorded purchases through the adapter', () => {
  it('buys the recorded rate, converts the PNG-only label to ZPL as recorded, and costs it with the insurance fee', async () => {
    for (const name of ['created', 'bought', 'converted'] as const) replay.answer(shipment(name));
    const journal = new MemoryJournal();
    const outcome = await carrier.purchase(groundAdvantage('ZPL'), 'replay-1', journal);
    expect(outcome).toEqual({
      kind: 'bought',
      label: {
        carrier: 'easypost',
        trackingNumber: '9400100110368068953242',
        serviceUid: 'usps_ground_advantage',
        format: 'ZPL',
        file: expect.any(Buffer),
        // Rate 5.93 and InsuranceFee 0.50; the PostageFee (5.93000) is the same postage, counted once.
        costCents: 643,
        // The recorded rate's retail_rate "8.45".
        retailCents: 845,
        carrierRefs: { shipmentId: SHIPMENT_ID, rateId: 'rate_78a95380360a4d229afa780be8ae1262', trackerId: 'trk_9b524098625946808bf768e983af3c6a', carrierAccountId: 'ca_5ba7ca3632c54adeb17ad4bcac13c890' },
      },
    });
    expect(journal.refs).toEqual({ shipmentId: SHIPMENT_ID });
    expect(sent()).toEqual([
      'POST /v2/shipments',
      shipment('bought').request.method + ' ' + shipment('bought').request.path,
      shipment('converted').request.method + ' ' + shipment('converted').request.path,
      'GET /files/postage_label/20240730/adb7840eb4b94836b5d67c0b7d68a53b.zpl',
    ]);
    expect(bodyOf('POST', shipment('bought').request.path)).toEqual(shipment('bought').request.body);
  });

  it('never takes the PNG label_url for a PDF: a conversion naming no PDF leaves the bought label unknown, and nothing is bought again', async () => {
    replay.answer(shipment('created'));
    replay.answer(shipment('bought'));
    replay.script('GET', `/v2/shipments/${SHIPMENT_ID}/label?file_format=PDF`, { status: 200, body: shipment('converted').body });
    const outcome = await carrier.purchase(groundAdvantage('PDF'), 'replay-2', new MemoryJournal());
    expect(outcome).toEqual({ kind: 'unknown', message: 'EasyPost converted label 9400100110368068953242 but named no PDF file for it.' });
    expect(sent().filter((request) => request.endsWith('/buy'))).toHaveLength(1);
    expect(sent().some((request) => request.includes('.png'))).toBe(false);
  });

  it.each([
    ['a body that is not JSON', 'Thanks!'],
    ['JSON that is no shipment', { ok: true }],
  ])('says unknown and unreadable when the buy answers 200 with %s and the shipment shows no label yet', async (_name, body) => {
    replay.answer(shipment('created'));
    replay.script('POST', `/v2/shipments/${SHIPMENT_ID}/buy`, { status: 200, body });
    replay.script('GET', `/v2/shipments/${SHIPMENT_ID}`, { status: 200, body: shipment('created').body });
    const outcome = await carrier.purchase(groundAdvantage('ZPL'), 'replay-3', new MemoryJournal());
    expect(outcome).toMatchObject({ kind: 'unknown', unreadable: true });
    expect(sent().filter((request) => request.endsWith('/buy'))).toHaveLength(1);
  });

  it('resolves an unreadable buy to the label once the shipment shows it: retrieve, convert, download', async () => {
    replay.script('GET', `/v2/shipments/${SHIPMENT_ID}`, { status: 200, body: shipment('bought').body });
    replay.answer(shipment('converted'));
    const label = await carrier.resolve(groundAdvantage('ZPL'), 'replay-4', { shipmentId: SHIPMENT_ID });
    expect(label).toMatchObject({ kind: 'bought', label: { trackingNumber: '9400100110368068953242', format: 'ZPL' } });
    expect(sent().some((request) => request.endsWith('/buy'))).toBe(false);
  });

  it.each<[EasyPostRecordings['error'], string]>([
    ['parameterRequired', 'EasyPost refused the shipment: shipment cannot be blank.'],
    ['addressNotFound', 'The address could not be found (Address not found). Check the street, city, state and ZIP code.'],
    ['houseNumberMissing', 'The address could not be found (Address not found; street House number is missing). Check the street, city, state and ZIP code.'],
    ['stringErrors', 'EasyPost refused the shipment: The requested resource could not be found (No eligible insurance found with provided tracking code).'],
  ])('refuses the shipment on the recorded error %s, in plain words, and buys nothing', async (name, message) => {
    const { status, body } = easyPostRecorded('error', name);
    replay.script('POST', '/v2/shipments', { status, body });
    expect(await carrier.purchase(groundAdvantage('PDF'), 'replay-5', new MemoryJournal())).toEqual({ kind: 'refused', message });
    expect(sent()).toEqual(['POST /v2/shipments']);
  });
});

describe('EasyPost recorded refunds, tracking and addresses through the adapter', () => {
  it('reads the recorded refund of a shipment as pending, asked with the recorded (empty) body', async () => {
    const refunded = shipment('refundSubmitted');
    const shipmentId = 'shp_7800715831eb412a8376c0733f6a7974';
    // Before the refund: a bought shipment with no refund status (the recorded buy's body).
    replay.script('GET', `/v2/shipments/${shipmentId}`, { status: 200, body: shipment('bought').body });
    replay.answer(refunded);
    expect(await carrier.void({ trackingNumber: '9400100110368068953341', carrierRefs: { shipmentId }, purchasedAt: new Date() })).toEqual({ kind: 'refund_pending', refundRef: shipmentId });
    expect(bodyOf('POST', refunded.request.path)).toEqual(refunded.request.body);
  });

  it('reads the recorded bulk refund, asked with the recorded request body', async () => {
    const bulk = easyPostRecorded('refund', 'bulk');
    replay.answer(bulk);
    const label = { trackingNumber: '9400100110368068953068', carrierRefs: { shipmentId: 'shp_d6a7ef3fbb364284a6814408a0f20269' }, purchasedAt: new Date() };
    expect(await carrier.voidMany([label])).toEqual([{ kind: 'refund_pending', refundRef: 'shp_d6a7ef3fbb364284a6814408a0f20269' }]);
    expect(bodyOf('POST', '/v2/refunds')).toEqual(bulk.request.body);
  });

  it('reads the recorded tracker: pre-transit scans oldest first, with their place where USPS gave one', async () => {
    replay.answer(easyPostRecorded('tracker', 'retrieved'));
    const report = await carrier.track({ trackingNumber: 'EZ1000000001', carrierRefs: { trackerId: 'trk_8b5833c2c3e6428ab09a48a31c1a9071' }, purchasedAt: new Date() });
    expect(report).toEqual({
      status: 'pre_transit',
      events: [
        { status: 'pre_transit', message: 'Pre-Shipment Info Sent to USPS', occurredAt: new Date('2024-06-30T16:06:32Z'), location: null },
        { status: 'pre_transit', message: 'Shipping Label Created', occurredAt: new Date('2024-07-01T04:43:32Z'), location: 'HOUSTON, TX 77063' },
      ],
    });
  });

  it("reads a just-bought label's tracker, found through its shipment, as not used yet", async () => {
    const bought = shipment('bought').body as { tracker: unknown };
    replay.script('GET', `/v2/shipments/${SHIPMENT_ID}`, { status: 200, body: bought });
    replay.script('GET', '/v2/trackers/trk_9b524098625946808bf768e983af3c6a', { status: 200, body: bought.tracker });
    expect(await carrier.track({ trackingNumber: '9400100110368068953242', carrierRefs: { shipmentId: SHIPMENT_ID }, purchasedAt: new Date() })).toEqual({ status: 'unknown', events: [] });
  });

  const elizabeth: LabelAddress = { name: 'Elizabeth Swan', company: null, phone: null, street1: '179 N Harbor Dr', street2: null, city: 'Redondo Beach', state: 'CA', zip: '90277', country: 'US' };

  it('offers the recorded standardised address (capitals, ZIP+4) as a suggestion', async () => {
    replay.script('POST', '/v2/addresses', { status: 201, body: easyPostRecorded('address', 'found').body });
    expect(await carrier.verifyAddress(elizabeth)).toEqual({
      verdict: 'suggestion',
      suggestion: { ...elizabeth, street1: '179 N HARBOR DR', city: 'REDONDO BEACH', zip: '90277-2506' },
      messages: [],
    });
  });

  it('reads the recorded "000 unknown street" as undeliverable, asked as the recording asked (verify: true)', async () => {
    const notFound = easyPostRecorded('address', 'notFound');
    replay.answer(notFound);
    const incorrect: LabelAddress = { name: '', company: 'EasyPost', phone: null, street1: '000 unknown street', street2: null, city: 'Not A City', state: 'ZZ', zip: '00001', country: 'US' };
    expect(await carrier.verifyAddress(incorrect)).toEqual({ verdict: 'undeliverable', suggestion: null, messages: ['Address not found'] });
    const asked = bodyOf('POST', '/v2/addresses') as { verify: unknown; address: Record<string, unknown> };
    const recorded = notFound.request.body as { verify: unknown; address: Record<string, unknown> };
    expect(asked.verify).toBe(recorded.verify);
    expect(asked.address).toMatchObject({ company: 'EasyPost', street1: '000 unknown street', city: 'Not A City', state: 'ZZ', zip: '00001', country: 'US' });
  });
});

describe('EasyPost recorded SCAN forms through the adapter', () => {
  const form = easyPostRecorded('scan-form', 'created');
  const request = (shipmentId: string) => ({ formId: 'f-1', mailingDate: '2024-07-30', from: easyPostTestShipment().from, labels: [{ trackingNumber: '9400100110368068953112', carrierRefs: { shipmentId } }] });

  it('makes the recorded form: asked as recorded, its PDF downloaded, its id and batch kept', async () => {
    replay.answer(form);
    const outcome = await carrier.scanForm(request('shp_f169ca22aa4f474899d5f58c7d337356'));
    expect(outcome).toEqual({
      kind: 'created',
      file: expect.any(Buffer),
      barcode: 'sf_7f6b4ff737954203921a36b601fb651e',
      carrierRefs: { scanFormId: 'sf_7f6b4ff737954203921a36b601fb651e', batchId: 'batch_a44be013b2e94782966a8dab113c1783' },
    });
    expect(bodyOf('POST', '/v2/scan_forms')).toEqual(form.request.body);
  });

  it('refuses a form EasyPost answers failed, in its words (the recorded form in the failed state ScanForm.d.ts documents)', async () => {
    replay.answer(form, { ...(form.body as object), status: 'failed', message: 'Shipments must all have the same origin address.', form_url: null });
    expect(await carrier.scanForm(request('shp_f169ca22aa4f474899d5f58c7d337356'))).toEqual({ kind: 'refused', message: 'EasyPost could not make the SCAN form: Shipments must all have the same origin address.' });
  });
});

describe('EasyPost SCAN form answers that may have made a form', () => {
  const form = easyPostRecorded('scan-form', 'created');
  const request = { formId: 'f-2', mailingDate: '2024-07-30', from: easyPostTestShipment().from, labels: [{ trackingNumber: '9400100110368068953112', carrierRefs: { shipmentId: 'shp_f169ca22aa4f474899d5f58c7d337356' } }] };
  const formPdf = new URL((form.body as { form_url: string }).form_url).pathname;

  it('is unconfirmed with the form named when EasyPost made it but its PDF cannot be downloaded: never asked again', async () => {
    replay.answer(form);
    replay.script('GET', formPdf, { status: 503, body: '<Error><Code>SlowDown</Code></Error>' });
    expect(await carrier.scanForm(request)).toMatchObject({ kind: 'unconfirmed', barcode: 'sf_7f6b4ff737954203921a36b601fb651e', carrierRefs: { scanFormId: 'sf_7f6b4ff737954203921a36b601fb651e' } });
  });

  it.each([
    ['a success it cannot read', { status: 200, body: 'made it' }],
    ['a 500', { status: 500, body: { error: { code: 'INTERNAL_SERVER_ERROR', message: 'Something went wrong.', errors: [] } } }],
  ])('is unconfirmed on %s: the request reached EasyPost', async (_name, reply) => {
    replay.script('POST', '/v2/scan_forms', reply);
    expect(await carrier.scanForm(request)).toMatchObject({ kind: 'unconfirmed', barcode: null });
  });

  it('is unknown on a 429: EasyPost turned the request away and made no form, so it may be asked again', async () => {
    replay.script('POST', '/v2/scan_forms', { status: 429, body: { error: { code: 'RATE_LIMITED', message: 'Slow down.', errors: [] } }, headers: { 'Retry-After': '2' } });
    expect(await carrier.scanForm(request)).toMatchObject({ kind: 'unknown' });
  });
});

describe("EasyPost's recorded webhook push", () => {
  const { rawBody, secret, signature } = easyPostRecordedWebhook();

  it('verifies with the recorded secret and X-Hmac-Signature, the secret normalised to NFKD as EasyPost does', () => {
    expect(verifyEasyPostPush(rawBody, signature, secret)).toBe(true);
    // The recorded secret "sécret" is composed; unnormalised, its HMAC is not the one EasyPost sent.
    expect(`hmac-sha256-hex=${createHmac('sha256', secret).update(rawBody).digest('hex')}`).not.toBe(signature);
  });

  it('refuses the recorded signature for a body changed by one character, or with another secret', () => {
    expect(verifyEasyPostPush(rawBody.replace('"in_transit"', '"delivered"'), signature, secret)).toBe(false);
    expect(verifyEasyPostPush(`${rawBody}\n`, signature, secret)).toBe(false);
    expect(verifyEasyPostPush(rawBody, signature, 'secret')).toBe(false);
  });

  it('reads the recorded tracker.updated event: its id, tracking code and the scans oldest first', () => {
    const update = parseTrackerUpdated(rawBody);
    expect(update).toMatchObject({ eventId: 'evt_1', trackingCode: '1', report: { status: 'in_transit' } });
    expect(update?.report.events).toHaveLength(7);
    expect(update?.report.events[0]).toEqual({ status: 'pre_transit', message: 'Shipment information sent to FedEx', occurredAt: new Date('2024-07-31T15:00:00Z'), location: '32837' });
    expect(update?.report.events.at(-1)).toEqual({ status: 'in_transit', message: 'Arrived at FedEx location', occurredAt: new Date('2024-08-02T18:50:00Z'), location: 'EDISON, NJ 08817' });
  });
});
