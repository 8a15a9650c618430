import { FakeEasyPostServer } from '../fake-easypost.server';
import { easyPostRecorded } from './recorded';
import { address, bought, call, created, errorOf, rateOf, shipmentRequest, type ShipmentJson } from './spec-calls';

/** The fake behaving as EasyPost's recordings show: label conversion, faults at each step, SCAN forms, addresses. */

let fake: FakeEasyPostServer;

const start = async (pngLabelsOnly = true) => {
  fake = new FakeEasyPostServer({ pngLabelsOnly });
  await fake.start();
};

afterEach(async () => {
  await fake.stop();
  expect(fake.shapeViolations()).toEqual([]);
});

const convert = (shipment: ShipmentJson, format: string) => call(fake, 'GET', `/v2/shipments/${shipment.id}/label?file_format=${format}`);

describe('the label conversion (GET /v2/shipments/:id/label?file_format=…)', () => {
  beforeEach(() => start());

  it('answers the bought shipment with the converted address set, as recorded, and the PNG left as it was', async () => {
    const label = await bought(fake);
    const reply = await convert(label, 'ZPL');
    const converted = reply.json as ShipmentJson;
    expect(reply.status).toBe(easyPostRecorded('shipment', 'converted').status);
    expect(converted.postage_label).toMatchObject({ label_url: label.postage_label?.label_url, label_file_type: 'image/png', label_pdf_url: null, label_zpl_url: expect.stringMatching(/\.zpl$/) });
    expect((await fetch(converted.postage_label?.label_zpl_url ?? '')).headers.get('content-type')).toBe('application/zpl');
    expect(fake.labelsSold()).toBe(1);
  });

  it('serves a converted PDF, and answers the same address when asked again', async () => {
    const label = await bought(fake);
    const first = (await convert(label, 'pdf')).json as ShipmentJson;
    const file = Buffer.from(await (await fetch(first.postage_label?.label_pdf_url ?? '')).arrayBuffer());
    expect(file.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(((await convert(label, 'PDF')).json as ShipmentJson).postage_label?.label_pdf_url).toBe(first.postage_label?.label_pdf_url);
  });

  it('refuses a shipment with no label, a format it cannot make, and does not know an unknown shipment', async () => {
    const unbought = await created(fake);
    expect(errorOf(await convert(unbought, 'PDF')).code).toBe('SHIPMENT.POSTAGE.REQUIRED');
    expect(errorOf(await convert(await bought(fake), 'EPL2')).code).toBe('PARAMETER.INVALID');
    expect((await call(fake, 'GET', '/v2/shipments/shp_unknown/label?file_format=PDF')).status).toBe(404);
  });

  it('converts only a PNG label, as EasyPost documents: a PDF bought answers its PDF and refuses ZPL', async () => {
    await fake.stop();
    await start(false);
    const label = await bought(fake);
    expect(((await convert(label, 'PDF')).json as ShipmentJson).postage_label?.label_pdf_url).toBe(label.postage_label?.label_url);
    expect(errorOf(await convert(label, 'ZPL')).code).toBe('SHIPMENT.LABEL.CONVERSION_UNAVAILABLE');
  });
});

describe('faults aimed at one step of a purchase', () => {
  beforeEach(() => start());

  const buy = (shipment: ShipmentJson) => call(fake, 'POST', `/v2/shipments/${shipment.id}/buy`, { rate: { id: rateOf(shipment, 'Priority').id } });

  it.each(['create', 'buy'] as const)('answers 402 to the %s and to nothing before it, selling nothing', async (step) => {
    fake.insufficientFundsNext(step);
    const shipment = step === 'create' ? null : await created(fake);
    const reply = shipment ? await buy(shipment) : await call(fake, 'POST', '/v2/shipments', shipmentRequest());
    expect({ status: reply.status, code: errorOf(reply).code }).toEqual({ status: 402, code: 'PAYMENT.INSUFFICIENT_FUNDS' });
    expect(fake.labelsSold()).toBe(0);
    expect((await buy(shipment ?? (await created(fake)))).status).toBe(200);
  });

  const limited = (reply: { status: number; headers: Headers }) => [reply.status, reply.headers.get('retry-after')];

  it('answers 429 with Retry-After to the create only', async () => {
    fake.rateLimitNext(5, 'create');
    expect(limited(await call(fake, 'GET', '/v2/shipments/shp_none'))).toEqual([404, null]);
    expect(limited(await call(fake, 'POST', '/v2/shipments', shipmentRequest()))).toEqual([429, '5']);
    expect(fake.shipmentsCreated()).toBe(0);
  });

  it('answers 429 with Retry-After to the buy only, selling nothing', async () => {
    fake.rateLimitNext(5, 'buy');
    const shipment = await created(fake);
    expect(limited(await buy(shipment))).toEqual([429, '5']);
    expect(fake.labelsSold()).toBe(0);
  });

  it('answers 429 with Retry-After to the conversion only, the label staying sold', async () => {
    fake.rateLimitNext(5, 'convert');
    const label = await bought(fake);
    const reply = await convert(label, 'PDF');
    expect([...limited(reply), errorOf(reply).code]).toEqual([429, '5', 'RATE_LIMITED']);
    expect((await convert(label, 'PDF')).status).toBe(200);
    expect(fake.labelsSold()).toBe(1);
  });

  it('answers 402 or a 5xx to a conversion after the sale, which stays sold', async () => {
    const label = await bought(fake);
    fake.insufficientFundsNext('convert');
    expect((await convert(label, 'PDF')).status).toBe(402);
    fake.failNextAt('convert', 503);
    expect((await convert(label, 'PDF')).status).toBe(503);
    expect(fake.labelsSold()).toBe(1);
    expect(((await call(fake, 'GET', `/v2/shipments/${label.id}`)).json as ShipmentJson).tracking_code).toBe(label.tracking_code);
  });
});

describe('SCAN forms (POST /v2/scan_forms)', () => {
  beforeEach(() => start());

  it('makes a form of bought shipments from the request EasyPost recorded ({scan_form: {shipments}}), with their sender', async () => {
    const label = await bought(fake);
    const reply = await call(fake, 'POST', '/v2/scan_forms', { scan_form: { shipments: [{ id: label.id }] } });
    expect(reply.status).toBe(easyPostRecorded('scan-form', 'created').status);
    expect(reply.json).toMatchObject({ object: 'ScanForm', status: 'created', message: null, tracking_codes: [label.tracking_code], address: { object: 'Address', street1: '1200 Industrial Pkwy' } });
    const form = reply.json as { form_url: string };
    expect((await fetch(form.form_url)).headers.get('content-type')).toBe('application/pdf');
  });

  it('refuses shipments sent outside the scan_form object', async () => {
    const label = await bought(fake);
    const reply = await call(fake, 'POST', '/v2/scan_forms', { shipments: [{ id: label.id }] });
    expect([reply.status, errorOf(reply).code]).toEqual([422, 'PARAMETER.REQUIRED']);
  });

  it('answers a form failed with its message when told to, and puts the labels on no form', async () => {
    const label = await bought(fake);
    fake.failNextScanForm('USPS could not be reached.');
    const failed = await call(fake, 'POST', '/v2/scan_forms', { scan_form: { shipments: [{ id: label.id }] } });
    expect(failed.json).toMatchObject({ object: 'ScanForm', status: 'failed', message: 'USPS could not be reached.', form_url: null });
    expect((await call(fake, 'POST', '/v2/scan_forms', { scan_form: { shipments: [{ id: label.id }] } })).json).toMatchObject({ status: 'created' });
  });
});

describe('address verification (POST /v2/addresses)', () => {
  beforeEach(() => start());

  const verifications = (name: 'found' | 'notFound') => (easyPostRecorded('address', name).body as { verifications: unknown }).verifications;

  it('answers the recorded undeliverable address ("000 unknown street", ZIP 00001) with the verifications EasyPost recorded for it', async () => {
    const incorrect = { company: 'EasyPost', street1: '000 unknown street', city: 'Not A City', state: 'ZZ', zip: '00001', country: 'US' };
    const reply = await call(fake, 'POST', '/v2/addresses', { verify: true, address: incorrect });
    expect(reply.status).toBe(easyPostRecorded('address', 'notFound').status);
    expect(reply.json).toMatchObject({ ...incorrect, name: null, verifications: verifications('notFound') });
  });

  it('answers a deliverable address in capitals with the recorded verifications, and none when not asked to verify', async () => {
    const reply = await call(fake, 'POST', '/v2/addresses', { verify: true, address: address() });
    expect(reply.json).toMatchObject({ street1: '350 FIFTH AVE', street2: '', zip: '10118-0001', verifications: verifications('found') });
    expect(((await call(fake, 'POST', '/v2/addresses', { address: address() })).json as { verifications: unknown }).verifications).toEqual({});
  });
});
