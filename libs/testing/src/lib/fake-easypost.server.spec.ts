import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream, type PDFObject } from 'pdf-lib';
import { FakeEasyPostServer } from './fake-easypost.server';
import { easyPostRecorded } from './fake-easypost/recorded';
import { basic, bought, call, created, errorOf, rateOf, shipmentRequest, type ShipmentJson } from './fake-easypost/spec-calls';
import { askUntil, refused } from './ask-until';

/** The text a pdf-lib page draws (hex strings in its content stream), to read the label back. */
const textOf = async (bytes: Buffer): Promise<{ pages: number; size: { width: number; height: number }; text: string }> => {
  const pdf = await PDFDocument.load(bytes);
  const [page] = pdf.getPages();
  if (!page) throw new Error('no page');
  const contents = page.node.Contents();
  const streams: PDFObject[] = contents instanceof PDFArray ? contents.asArray().map((ref) => pdf.context.lookup(ref) as PDFObject) : contents ? [contents] : [];
  const text = streams
    .filter((stream): stream is PDFRawStream => stream instanceof PDFRawStream)
    .map((stream) => Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1'))
    .join('\n');
  const shown = [...text.matchAll(/<([0-9A-Fa-f]+)>\s*Tj/g)].map((match) => Buffer.from(match[1] ?? '', 'hex').toString('latin1'));
  return { pages: pdf.getPageCount(), size: page.getSize(), text: shown.join('\n') };
};

describe('FakeEasyPostServer', () => {
  let fake: FakeEasyPostServer;

  beforeEach(async () => {
    fake = new FakeEasyPostServer();
    await fake.start();
  });
  afterEach(async () => {
    await fake.up();
    await fake.stop();
    // Every answer of every case was in the shape of EasyPost's recorded answers.
    expect(fake.shapeViolations()).toEqual([]);
  });

  describe('shipments', () => {
    it("creates a rated shipment in EasyPost's shape, with a request uuid and its location", async () => {
      const reply = await call(fake, 'POST', '/v2/shipments', shipmentRequest());
      const shipment = reply.json as ShipmentJson & { object: string; reference: string; mode: string };
      expect(reply.status).toBe(201);
      expect(reply.headers.get('x-ep-request-uuid')).toMatch(/^[0-9a-f]{32}$/);
      expect(reply.headers.get('location')).toBe(`/api/v2/shipments/${shipment.id}`);
      expect(shipment).toMatchObject({ object: 'Shipment', mode: 'test', reference: 'row-1', tracking_code: null, postage_label: null, selected_rate: null, refund_status: null, fees: [] });
      expect(shipment.id).toMatch(/^shp_[0-9a-f]{32}$/);
      expect(shipment.rates.map((rate) => [rate.carrier, rate.service]).sort()).toEqual([
        ['USPS', 'Express'],
        ['USPS', 'GroundAdvantage'],
        ['USPS', 'Priority'],
      ]);
      expect((await call(fake, 'GET', `/v2/shipments/${shipment.id}`)).json).toEqual(shipment);
    });

    it('prices a 15.4 oz parcel as EasyPost did in its recording, and more by the pound above a pound', async () => {
      const prices = async (weight: number) => {
        const shipment = await created(fake, shipmentRequest({ weight }));
        return Object.fromEntries(shipment.rates.map((rate) => [rate.service, rate.rate]));
      };
      expect(await prices(15.4)).toEqual({ GroundAdvantage: '5.93', Priority: '6.90', Express: '33.10' });
      expect(await prices(3)).toMatchObject({ GroundAdvantage: '4.55', Priority: '6.90' });
      expect(await prices(40)).toEqual({ GroundAdvantage: '8.03', Priority: '9.20', Express: '39.60' });
    });

    it('answers 401 with an error body to a missing or wrong API key', async () => {
      const wrong = await call(fake, 'POST', '/v2/shipments', shipmentRequest(), 'EZTKwrong');
      expect(wrong.status).toBe(401);
      expect(errorOf(wrong).code).toBe('APIKEY.REQUIRED');
      const none = await fetch(`${fake.url}/v2/shipments/shp_x`);
      expect(none.status).toBe(401);
      expect(fake.labelsSold()).toBe(0);
    });

    it("answers a missing shipment exactly as EasyPost's recording does", async () => {
      const reply = await call(fake, 'POST', '/v2/shipments', {});
      expect(reply.status).toBe(422);
      expect(reply.json).toEqual({ error: { code: 'PARAMETER.REQUIRED', message: 'Missing required parameter.', errors: [{ field: 'shipment', message: 'cannot be blank' }] } });
    });

    it.each([
      ['a zero weight', { weight: 0 }, 'parcel.weight'],
      ['a weight over 70 lb', { weight: 1120.1 }, 'parcel.weight'],
      ['a ZIP that is not 5 digits or ZIP+4', { to: { zip: '1234' } }, 'to_address.zip'],
      ['an EPL2 label', { labelFormat: 'EPL2' }, 'options.label_format'],
    ])('refuses %s with 422 naming the field', async (_name, overrides, field) => {
      const reply = await call(fake, 'POST', '/v2/shipments', shipmentRequest(overrides));
      expect(reply.status).toBe(422);
      expect(errorOf(reply).code).toBe('PARAMETER.INVALID');
      expect(errorOf(reply).errors.map((error) => error.field)).toEqual([field]);
    });

    it('names every blank required field', async () => {
      const reply = await call(fake, 'POST', '/v2/shipments', shipmentRequest({ to: { street1: '', city: undefined } }));
      expect(errorOf(reply).code).toBe('PARAMETER.REQUIRED');
      expect(errorOf(reply).errors.map((error) => error.field)).toEqual(['to_address.street1', 'to_address.city']);
    });

    it.each([{ street1: '000 unknown street', zip: '00001' }, { zip: '00001' }, { zip: '00000' }, { street1: '000 Undeliverable St' }])(
      'refuses the undeliverable address %p with the ADDRESS.VERIFY.FAILURE EasyPost recorded for "000 unknown street", ZIP 00001',
      async (to) => {
        const reply = await call(fake, 'POST', '/v2/shipments', shipmentRequest({ to }));
        expect({ status: reply.status, body: reply.json }).toEqual({ status: easyPostRecorded('error', 'addressNotFound').status, body: easyPostRecorded('error', 'addressNotFound').body });
        expect(fake.shipmentsCreated()).toBe(0);
      },
    );

    it('leaves the services it was told to out of the rates, with the carrier message EasyPost gives', async () => {
      const partial = new FakeEasyPostServer({ unratedServices: ['Express'] });
      await partial.start();
      try {
        const shipment = (await created(partial)) as ShipmentJson & { messages: unknown[] };
        expect(shipment.rates.map((rate) => rate.service).sort()).toEqual(['GroundAdvantage', 'Priority']);
        expect(shipment.messages).toEqual([expect.objectContaining({ carrier: 'USPS', type: 'rate_error', message: 'Express is not available for this shipment.' })]);
      } finally {
        await partial.stop();
      }
    });

    it('answers 404 NOT_FOUND for a shipment it does not have', async () => {
      const reply = await call(fake, 'GET', '/v2/shipments/shp_0123');
      expect(reply.status).toBe(404);
      expect(errorOf(reply).code).toBe('NOT_FOUND');
    });
  });

  describe('buying', () => {
    it('sells the rate as the recorded buy shows: tracking code, selected rate, 4x6 label, tracker, insurance and its fee', async () => {
      const label = await bought(fake);
      expect(label.tracking_code).toMatch(/^9405\d{18}$/);
      expect(label.selected_rate?.id).toBe(rateOf(label, 'Priority').id);
      expect(label.postage_label).toMatchObject({ label_size: '4x6', label_url: expect.stringMatching(/\.pdf$/), label_file_type: 'application/pdf' });
      expect(label.postage_label?.label_pdf_url).toBe(label.postage_label?.label_url);
      expect(label.tracker?.id).toMatch(/^trk_[0-9a-f]{32}$/);
      // Recorded: rate 5.93 → PostageFee 5.93000, beside a free LabelFee and a 0.50 InsuranceFee for 50.00 insured.
      expect(label.fees).toEqual([
        { object: 'Fee', type: 'LabelFee', amount: '0.00000', charged: true, refunded: false },
        { object: 'Fee', type: 'PostageFee', amount: '6.90000', charged: true, refunded: false },
        { object: 'Fee', type: 'InsuranceFee', amount: '0.50000', charged: true, refunded: false },
      ]);
      expect(label).toMatchObject({ insurance: '50.00' });
      expect(fake.labelsSold()).toBe(1);
    });

    it('holds buys unanswered until released, answering other requests meanwhile, then sells each held one', async () => {
      fake.holdBuys();
      const shipment = await created(fake);
      const buy = call(fake, 'POST', `/v2/shipments/${shipment.id}/buy`, { rate: { id: rateOf(shipment, 'Priority').id } });
      for (let look = 0; fake.heldBuys() === 0; look += 1) {
        if (look > 2_000) throw new Error('the buy never reached the gate');
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      // Creating another shipment is answered while the buy waits.
      expect((await created(fake)).id).not.toBe(shipment.id);
      expect(fake.labelsSold()).toBe(0);
      fake.releaseBuys();
      const label = (await buy).json as ShipmentJson;
      expect(label.tracking_code).toMatch(/^9405\d{18}$/);
      expect(fake.heldBuys()).toBe(0);
      expect(fake.labelsSold()).toBe(1);
    });

    it('answers a PNG label as every recorded buy does when no other format is asked, and serves it as a PNG', async () => {
      const request = shipmentRequest();
      const { label_format: _format, ...options } = request.shipment.options;
      const shipment = await created(fake, { shipment: { ...request.shipment, options } });
      const label = (await call(fake, 'POST', `/v2/shipments/${shipment.id}/buy`, { rate: { id: rateOf(shipment, 'Priority').id } })).json as ShipmentJson;
      expect(label.postage_label).toMatchObject({ label_file_type: 'image/png', label_url: expect.stringMatching(/\.png$/), label_pdf_url: null, label_zpl_url: null });
      const file = await fetch(label.postage_label?.label_url ?? '');
      expect(file.headers.get('content-type')).toBe('image/png');
      expect(Buffer.from(await file.arrayBuffer()).subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    });

    it('answers the recorded PNG label whatever format was asked when told to, with no PDF or ZPL address', async () => {
      const recordedLike = new FakeEasyPostServer({ pngLabelsOnly: true });
      await recordedLike.start();
      try {
        const label = await bought(recordedLike);
        expect(label.postage_label).toMatchObject({ label_file_type: 'image/png', label_url: expect.stringMatching(/\.png$/), label_pdf_url: null, label_zpl_url: null });
        expect(recordedLike.shapeViolations()).toEqual([]);
      } finally {
        await recordedLike.stop();
      }
    });

    it('refuses a second buy of the same shipment with SHIPMENT.POSTAGE.EXISTS and charges nothing more', async () => {
      const label = await bought(fake);
      const again = await call(fake, 'POST', `/v2/shipments/${label.id}/buy`, { rate: { id: rateOf(label, 'Express').id } });
      expect(again.status).toBe(422);
      expect(errorOf(again).code).toBe('SHIPMENT.POSTAGE.EXISTS');
      expect(fake.labelsSold()).toBe(1);
      expect(((await call(fake, 'GET', `/v2/shipments/${label.id}`)).json as ShipmentJson).tracking_code).toBe(label.tracking_code);
    });

    it('refuses a rate of another shipment, and a buy without a rate', async () => {
      const [one, other] = [await created(fake), await created(fake)];
      expect(errorOf(await call(fake, 'POST', `/v2/shipments/${one.id}/buy`, { rate: { id: rateOf(other, 'Priority').id } })).code).toBe('PARAMETER.INVALID');
      expect(errorOf(await call(fake, 'POST', `/v2/shipments/${one.id}/buy`, {})).code).toBe('PARAMETER.REQUIRED');
      expect(fake.labelsSold()).toBe(0);
    });

    it('serves the label as a one-page 4x6 PDF marked EASYPOST TEST with the tracking number, without the API key', async () => {
      const label = await bought(fake);
      const response = await fetch(label.postage_label?.label_url ?? '');
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/pdf');
      const read = await textOf(Buffer.from(await response.arrayBuffer()));
      expect(read.pages).toBe(1);
      expect(read.size).toEqual({ width: 288, height: 432 });
      expect(read.text).toContain('EASYPOST TEST');
      expect(read.text).toContain('NOT POSTAGE');
      expect(read.text.replace(/\s/g, '')).toContain(label.tracking_code);
      expect((await fetch(`${fake.url}/files/postage_label/20240101/nothing.pdf`)).status).toBe(404);
    });

    it('sells a ZPL label when asked: label_zpl_url serves one ZPL II label with EASYPOST TEST and the tracking code as a Code 128 barcode', async () => {
      const shipment = await created(fake, shipmentRequest({ labelFormat: 'ZPL' }));
      const reply = await call(fake, 'POST', `/v2/shipments/${shipment.id}/buy`, { rate: { id: rateOf(shipment, 'Priority').id } });
      const label = reply.json as ShipmentJson & { postage_label: { label_zpl_url: string | null } };
      expect(label.postage_label).toMatchObject({ label_pdf_url: null, label_zpl_url: expect.stringMatching(/\.zpl$/) });
      const response = await fetch(label.postage_label.label_zpl_url ?? '');
      expect(response.headers.get('content-type')).toBe('application/zpl');
      const zpl = await response.text();
      expect(zpl.startsWith('^XA')).toBe(true);
      expect(zpl.trimEnd().endsWith('^XZ')).toBe(true);
      expect(zpl.match(/\^XA/g)).toHaveLength(1);
      expect(zpl).toContain('^FDEASYPOST TEST^FS');
      expect(zpl).toMatch(new RegExp(`\\^BCN,[^\\^]*\\^FD${label.tracking_code}\\^FS`));
    });
  });

  describe('refunds', () => {
    it('accepts one refund per label as submitted; a second request is refused and not counted', async () => {
      const label = await bought(fake);
      const first = await call(fake, 'POST', `/v2/shipments/${label.id}/refund`, {});
      expect(first.status).toBe(200);
      expect((first.json as ShipmentJson).refund_status).toBe('submitted');
      const second = await call(fake, 'POST', `/v2/shipments/${label.id}/refund`, {});
      expect(second.status).toBe(422);
      expect(errorOf(second).code).toBe('SHIPMENT.REFUND.UNAVAILABLE');
      expect(fake.voidsAccepted()).toBe(1);
    });

    it('lets a test settle a refund, and a rejected one be asked again', async () => {
      const label = await bought(fake);
      await call(fake, 'POST', `/v2/shipments/${label.id}/refund`, {});
      fake.settleRefund(label.id, 'rejected');
      expect((await call(fake, 'POST', `/v2/shipments/${label.id}/refund`, {})).status).toBe(200);
      fake.settleRefund(label.id, 'refunded');
      expect(((await call(fake, 'GET', `/v2/shipments/${label.id}`)).json as ShipmentJson).refund_status).toBe('refunded');
      expect(fake.voidsAccepted()).toBe(2);
    });

    it('refuses to refund a shipment with no label, and does not know an unknown one', async () => {
      const shipment = await created(fake);
      expect((await call(fake, 'POST', `/v2/shipments/${shipment.id}/refund`, {})).status).toBe(422);
      expect((await call(fake, 'POST', '/v2/shipments/shp_unknown/refund', {})).status).toBe(404);
      expect(fake.voidsAccepted()).toBe(0);
    });

    it('refunds in bulk by tracking code, answering Refund objects, once per label', async () => {
      const label = await bought(fake);
      const reply = await call(fake, 'POST', '/v2/refunds', { refund: { carrier: 'USPS', tracking_codes: [label.tracking_code, '9400100000000000000000'] } });
      expect(reply.status).toBe(201);
      // A code it never sold is left out: no recording shows what EasyPost answers for one.
      expect(reply.json).toEqual([
        expect.objectContaining({ object: 'Refund', tracking_code: label.tracking_code, status: 'submitted', carrier: 'USPS', shipment_id: label.id, id: expect.stringMatching(/^rfnd_/) }),
      ]);
      await call(fake, 'POST', '/v2/refunds', { refund: { carrier: 'USPS', tracking_codes: [label.tracking_code] } });
      expect(fake.voidsAccepted()).toBe(1);
    });
  });

  describe('faults', () => {
    it('answers the next request 429 with Retry-After, then serves again', async () => {
      fake.rateLimitNext(7);
      const limited = await call(fake, 'POST', '/v2/shipments', shipmentRequest());
      expect(limited.status).toBe(429);
      expect(limited.headers.get('retry-after')).toBe('7');
      expect(errorOf(limited).code).toBe('RATE_LIMITED');
      expect((await call(fake, 'POST', '/v2/shipments', shipmentRequest())).status).toBe(201);
    });

    it('answers the next request with the 5xx asked for, doing nothing', async () => {
      fake.failNextWith(502);
      expect((await call(fake, 'POST', '/v2/shipments', shipmentRequest())).status).toBe(502);
      expect(fake.requests).toHaveLength(1);
      expect((await call(fake, 'GET', '/v2/shipments/shp_none')).status).toBe(404);
    });

    it('refuses connections while down, and serves again once up', async () => {
      fake.down();
      await expect(askUntil(() => fetch(`${fake.url}/v2/shipments`), refused)).resolves.toBe(true);
      await fake.up();
      expect((await call(fake, 'POST', '/v2/shipments', shipmentRequest())).status).toBe(201);
    });

    it('never answers a hung create, and creates nothing', async () => {
      fake.hangNextStepBeforeBuy();
      const outcome = await fetch(`${fake.url}/v2/shipments`, { method: 'POST', headers: { Authorization: basic(fake.apiKey) }, body: JSON.stringify(shipmentRequest()), signal: AbortSignal.timeout(200) }).catch(
        (error: unknown) => (error as Error).name,
      );
      expect(outcome).toBe('TimeoutError');
      expect(fake.shipmentsCreated()).toBe(0);
      expect((await call(fake, 'POST', '/v2/shipments', shipmentRequest())).status).toBe(201);
      expect(fake.shipmentsCreated()).toBe(1);
    });

    it('sells the label of a buy whose answer it then loses', async () => {
      const shipment = await created(fake);
      fake.loseNextBuyAnswer();
      const lost = await call(fake, 'POST', `/v2/shipments/${shipment.id}/buy`, { rate: { id: rateOf(shipment, 'Priority').id } }).catch((error: unknown) => (error as Error).message);
      expect(lost).toBe('fetch failed');
      expect(fake.labelsSold()).toBe(1);
      expect(((await call(fake, 'GET', `/v2/shipments/${shipment.id}`)).json as ShipmentJson).postage_label).not.toBeNull();
    });

    it('fails a buy before or after selling, as asked', async () => {
      const [before, after] = [await created(fake), await created(fake)];
      fake.failNextBuyWith(503);
      expect((await call(fake, 'POST', `/v2/shipments/${before.id}/buy`, { rate: { id: rateOf(before, 'Priority').id } })).status).toBe(503);
      expect(fake.labelsSold()).toBe(0);
      fake.failNextBuyWith(500, true);
      expect((await call(fake, 'POST', `/v2/shipments/${after.id}/buy`, { rate: { id: rateOf(after, 'Priority').id } })).status).toBe(500);
      expect(fake.labelsSold()).toBe(1);
    });

    it('fails the next label file download as asked, and serves it after', async () => {
      const label = await bought(fake);
      fake.failNextLabelFileWith(503);
      expect((await fetch(label.postage_label?.label_url ?? '')).status).toBe(503);
      expect((await fetch(label.postage_label?.label_url ?? '')).status).toBe(200);
    });

    it('refuses a buy with 402 when the wallet is empty, selling nothing', async () => {
      const shipment = await created(fake);
      fake.insufficientFundsNext();
      const reply = await call(fake, 'POST', `/v2/shipments/${shipment.id}/buy`, { rate: { id: rateOf(shipment, 'Priority').id } });
      expect(reply.status).toBe(402);
      expect(errorOf(reply).code).toBe('PAYMENT.INSUFFICIENT_FUNDS');
      expect(fake.labelsSold()).toBe(0);
    });
  });

  describe('load-test options', () => {
    const statuses = async (options: ConstructorParameters<typeof FakeEasyPostServer>[0]) => {
      const other = new FakeEasyPostServer(options);
      await other.start();
      try {
        const seen: number[] = [];
        for (let i = 0; i < 20; i += 1) seen.push((await call(other, 'GET', '/v2/shipments/shp_none')).status);
        return seen;
      } finally {
        await other.stop();
      }
    };

    it('answers a seeded share of requests 429, the same ones for the same seed', async () => {
      const first = await statuses({ rateLimitShare: 0.5, seed: 42 });
      expect(first.filter((status) => status === 429).length).toBeGreaterThan(3);
      expect(first.filter((status) => status === 404).length).toBeGreaterThan(3);
      expect(await statuses({ rateLimitShare: 0.5, seed: 42 })).toEqual(first);
      expect(await statuses({ rateLimitShare: 0.5, seed: 7 })).not.toEqual(first);
    });

    it('takes the public URL it is given as its address, which label URLs are built on', async () => {
      const behindProxy = new FakeEasyPostServer({ publicUrl: 'http://easypost.test:8080/' });
      await behindProxy.start();
      try {
        expect(behindProxy.url).toBe('http://easypost.test:8080');
      } finally {
        await behindProxy.stop();
      }
    });

    it('adds the latency asked for to every API answer', async () => {
      const slow = new FakeEasyPostServer({ latencyMs: 150 });
      await slow.start();
      try {
        const started = Date.now();
        await call(slow, 'GET', '/v2/shipments/shp_none');
        expect(Date.now() - started).toBeGreaterThanOrEqual(145);
      } finally {
        await slow.stop();
      }
    });

    it('takes faults and tells its counts over HTTP when its control routes are on', async () => {
      const driven = new FakeEasyPostServer({ controlRoutes: true });
      await driven.start();
      try {
        const fault = await fetch(`${driven.url}/_fake/faults`, { method: 'POST', body: JSON.stringify({ fault: 'rateLimitNext', seconds: 3 }) });
        expect(fault.status).toBe(204);
        expect((await call(driven, 'POST', '/v2/shipments', shipmentRequest())).headers.get('retry-after')).toBe('3');
        expect((await fetch(`${driven.url}/_fake/faults`, { method: 'POST', body: JSON.stringify({ fault: 'explode' }) })).status).toBe(400);
        const state = await (await fetch(`${driven.url}/_fake/state`)).json();
        expect(state).toEqual({ labelsSold: 0, voidsAccepted: 0, shipments: 0 });
        expect((await fetch(`${fake.url}/_fake/state`)).status).toBe(401);
      } finally {
        await driven.stop();
      }
    });
  });

  describe('trackers', () => {
    interface TrackerJson {
      id: string;
      tracking_code: string;
      status: string;
      tracking_details: Array<{ message: string; status: string; datetime: string; tracking_location: { city: string | null; state: string | null; zip: string | null } }>;
    }

    it('gives a bought label the tracker every recorded buy has: status unknown, no tracking details, served at GET /v2/trackers/:id', async () => {
      const shipment = await bought(fake);
      const reply = await call(fake, 'GET', `/v2/trackers/${shipment.tracker?.id ?? ''}`);
      expect(reply.status).toBe(200);
      expect(reply.json).toMatchObject({ id: shipment.tracker?.id, tracking_code: shipment.tracking_code, status: 'unknown', tracking_details: [] });
      expect((await call(fake, 'GET', '/v2/trackers/trk_0000')).status).toBe(404);
    });

    it('adds scans on request and answers the tracker.updated event EasyPost would push', async () => {
      const shipment = await bought(fake);
      const event = fake.addTrackingEvent(shipment.tracking_code ?? '', { status: 'in_transit', city: 'DALLAS', state: 'TX', zip: '75260' });
      expect(event).toMatchObject({ object: 'Event', description: 'tracker.updated', result: { tracking_code: shipment.tracking_code, status: 'in_transit' } });
      expect(String(event['id'])).toMatch(/^evt_/);
      const tracker = (await call(fake, 'GET', `/v2/trackers/${shipment.tracker?.id ?? ''}`)).json as TrackerJson;
      expect(tracker.status).toBe('in_transit');
      expect(tracker.tracking_details).toHaveLength(1);
      expect(tracker.tracking_details.at(-1)).toMatchObject({ status: 'in_transit', message: 'Accepted at USPS Origin Facility', tracking_location: { city: 'DALLAS', state: 'TX', zip: '75260' } });
      expect(() => fake.addTrackingEvent('9400000000000000000000', { status: 'delivered' })).toThrow(/sold no label/);
    });

    it('settles refunds and adds scans over HTTP when its control routes are on', async () => {
      const driven = new FakeEasyPostServer({ controlRoutes: true });
      await driven.start();
      try {
        const shipment = await bought(driven);
        expect((await call(driven, 'POST', `/v2/shipments/${shipment.id}/refund`, {})).status).toBe(200);
        const settle = await fetch(`${driven.url}/_fake/refunds`, { method: 'POST', body: JSON.stringify({ trackingCode: shipment.tracking_code, status: 'refunded' }) });
        expect(settle.status).toBe(204);
        expect(((await call(driven, 'GET', `/v2/shipments/${shipment.id}`)).json as ShipmentJson).refund_status).toBe('refunded');
        expect((await fetch(`${driven.url}/_fake/refunds`, { method: 'POST', body: JSON.stringify({ trackingCode: shipment.tracking_code, status: 'maybe' }) })).status).toBe(400);

        const scan = await fetch(`${driven.url}/_fake/tracking`, { method: 'POST', body: JSON.stringify({ trackingCode: shipment.tracking_code, status: 'delivered', city: 'NEW YORK', state: 'NY' }) });
        expect(scan.status).toBe(200);
        expect(await scan.json()).toMatchObject({ description: 'tracker.updated', result: { status: 'delivered' } });
        expect((await fetch(`${driven.url}/_fake/tracking`, { method: 'POST', body: JSON.stringify({ trackingCode: 'nope', status: 'delivered' }) })).status).toBe(404);
      } finally {
        await driven.stop();
      }
    });
  });
});
