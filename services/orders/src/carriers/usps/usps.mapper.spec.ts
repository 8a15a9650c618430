import { labelRequestSchema } from '@labeldesk/testing';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LabelShipment } from '../carrier.port';
import { problemsOf } from './usps.client';
import { centralDate, describeRefusal, dollarsToCents, toBoughtLabel, toLabelRequest, type UspsShipper, uspsShipperOf, uspsShipperProblem } from './usps.mapper';

const payload = (name: string): unknown => JSON.parse(readFileSync(join(__dirname, 'payloads', name), 'utf8'));
const payloadText = (name: string): string => readFileSync(join(__dirname, 'payloads', name), 'utf8');

const shipment: LabelShipment = {
  serviceUid: 'usps_priority',
  shipper: null,
  from: { name: 'Ada Lovelace', company: 'Analytical Parcels', phone: '(614) 555-0142', street1: '1200 Industrial Pkwy', street2: null, city: 'Columbus', state: 'OH', zip: '43215', country: 'US' },
  to: { name: 'Jane Q Doe', company: null, phone: null, street1: '350 Fifth Ave', street2: 'Ste 4200', city: 'New York', state: 'NY', zip: '10118-0110', country: 'US' },
  package: { lengthIn: 10, widthIn: 8, heightIn: 4, weightLb: 1.5, description: 'Widgets', reference1: '2', reference2: 'SKU-42' },
};
const shipper: UspsShipper = { platformUserId: 'user-7f3a', email: 'ada@example.com', phone: '614-555-0142' };
const context = { mailingDate: '2026-06-23', shipper };

const mapped = (input: LabelShipment, withShipper: UspsShipper | null = shipper) => {
  const result = toLabelRequest(input, { mailingDate: '2026-06-23', shipper: withShipper });
  if (!result.ok) throw new Error(`expected a request, got: ${result.message}`);
  return result.value;
};

const refusal = (input: LabelShipment, withShipper: UspsShipper | null = shipper) => {
  const result = toLabelRequest(input, { mailingDate: '2026-06-23', shipper: withShipper });
  if (result.ok) throw new Error('expected a refusal, got a request');
  return result.message;
};

const withTo = (to: Partial<LabelShipment['to']>): LabelShipment => ({ ...shipment, to: { ...shipment.to, ...to } });

describe('USPS label request mapping', () => {
  it('maps a Priority Mail shipment to the stored request: 4x6 PDF with postage and date printed, split names, ZIP+4, references and the shipper', () => {
    expect(toLabelRequest(shipment, context)).toEqual({ ok: true, value: payload('label-request.priority.json') });
  });

  it('asks for a 203 dpi ZPL image when the shipment wants ZPL, and the published schema accepts it', () => {
    const request = mapped({ ...shipment, format: 'ZPL' });
    expect(request.imageInfo).toEqual({ ...mapped(shipment).imageInfo, imageType: 'ZPL203DPI' });
    expect(labelRequestSchema.safeParse(request).success).toBe(true);
  });

  it('produces a request the published 3.9.13 schema accepts', () => {
    const checked = labelRequestSchema.safeParse(mapped(shipment));
    expect(checked.error?.issues ?? []).toEqual([]);
    expect(labelRequestSchema.safeParse(mapped(shipment, null)).success).toBe(true);
  });

  it.each([
    ['usps_priority', 'PRIORITY_MAIL'],
    ['usps_priority_express', 'PRIORITY_MAIL_EXPRESS'],
    ['usps_ground_advantage', 'USPS_GROUND_ADVANTAGE'],
  ])('sells %s as mail class %s, single piece, machinable, no destination entry', (serviceUid, mailClass) => {
    expect(mapped({ ...shipment, serviceUid }).packageDescription).toMatchObject({ mailClass, rateIndicator: 'SP', processingCategory: 'MACHINABLE', destinationEntryFacilityType: 'NONE', weightUOM: 'lb', dimensionsUOM: 'in' });
  });

  it("maps our customer to the stored request's shipper: user id, e-mail and the sender's phone", () => {
    const ours = { ...shipment, shipper: { accountId: 'user-7f3a', email: ' ada@example.com ', phone: '614-555-0142' } };
    expect(uspsShipperOf(ours)).toEqual(shipper);
    expect(toLabelRequest(ours, { mailingDate: '2026-06-23', shipper: uspsShipperOf(ours) })).toEqual({ ok: true, value: payload('label-request.priority.json') });
  });

  it.each([
    ['no customer', null],
    ['no e-mail', { accountId: 'user-7f3a', email: null, phone: '6145550142' }],
    ['no phone', { accountId: 'user-7f3a', email: 'ada@example.com', phone: null }],
    ['a blank phone', { accountId: 'user-7f3a', email: 'ada@example.com', phone: '  ' }],
  ])('has no USPS shipper for a shipment with %s (USPS needs both a phone and an e-mail)', (_case, ours) => {
    expect(uspsShipperOf({ ...shipment, shipper: ours })).toBeNull();
  });

  it('names no shipper visibility method when there is no shipper to report', () => {
    const request = mapped(shipment, null);
    expect(request.senderAddress).toBeUndefined();
    expect(request.packageDescription.shipperVisibilityMethod).toBeUndefined();
  });

  it('prints a one-word name without a company as the firm, and keeps a company beside a one-word name', () => {
    expect(mapped(withTo({ name: 'Cher' })).toAddress).toMatchObject({ firm: 'Cher' });
    expect(mapped(withTo({ name: 'Cher' })).toAddress.firstName).toBeUndefined();
    expect(mapped(withTo({ name: 'Cher', company: 'Acme' })).toAddress).toMatchObject({ firstName: 'Cher', firm: 'Acme' });
  });

  it('shortens names past 50 characters and leaves out a phone USPS would not accept', () => {
    const to = mapped(withTo({ name: `${'A'.repeat(60)} ${'B'.repeat(60)}`, phone: '12-34' })).toAddress;
    expect(to.firstName).toHaveLength(50);
    expect(to.lastName).toHaveLength(50);
    expect(to.phone).toBeUndefined();
    expect(mapped(withTo({ phone: '+1 (212) 555-0100' })).toAddress.phone).toBe('+12125550100');
  });

  it('leaves out empty references and shortens long ones to 30 characters', () => {
    const pkg = mapped({ ...shipment, package: { ...shipment.package, reference1: '  ', reference2: 'X'.repeat(40) } }).packageDescription;
    expect(pkg.customerReference).toEqual([{ referenceNumber: 'X'.repeat(30), printReferenceNumber: true }]);
    expect(mapped({ ...shipment, package: { ...shipment.package, reference1: null, reference2: null } }).packageDescription.customerReference).toBeUndefined();
  });

  it.each([
    ['a street over 50 characters', withTo({ street1: 'S'.repeat(51) }), 'The recipient street is 51 characters long; USPS takes at most 50.'],
    ['a second street line over 50 characters', withTo({ street2: 'S'.repeat(51) }), 'The recipient second street line is 51 characters long; USPS takes at most 50.'],
    ['a city over 28 characters', withTo({ city: 'C'.repeat(29) }), 'The recipient city is 29 characters long; USPS takes at most 28.'],
    ['a ZIP that is neither 5 digits nor ZIP+4', withTo({ zip: '1011' }), 'The recipient ZIP code "1011" is neither 5 digits nor ZIP+4.'],
    ['a state USPS does not address', withTo({ state: 'ZZ' }), 'The recipient state "ZZ" is not a US state code USPS delivers to.'],
    ['a recipient without name or company', withTo({ name: ' ', company: null }), 'The recipient needs a name or a company.'],
    ['a sender city over 28 characters', { ...shipment, from: { ...shipment.from, city: 'C'.repeat(30) } }, 'The sender city is 30 characters long; USPS takes at most 28.'],
    ['a parcel over 70 lb', { ...shipment, package: { ...shipment.package, weightLb: 70.5 } }, 'USPS takes parcels from over 0 up to 70 lb; this one weighs 70.5 lb.'],
    ['a parcel without a height', { ...shipment, package: { ...shipment.package, heightIn: 0 } }, 'USPS needs the length, width and height of the parcel, each greater than 0 inches.'],
    ['a service USPS does not sell', { ...shipment, serviceUid: 'ups_ground' }, 'USPS does not sell the service "ups_ground".'],
  ])('refuses %s in plain words before asking USPS', (_case, input, message) => {
    expect(refusal(input)).toBe(message);
  });

  it("refuses a shipper whose phone or e-mail USPS would not take (it needs both to report the shipper)", () => {
    expect(refusal(shipment, { ...shipper, phone: 'call me' })).toMatch(/shipper's phone number/);
    expect(refusal(shipment, { ...shipper, email: 'ada at example' })).toMatch(/shipper's e-mail/);
  });

  it("names the shipper's contact USPS would refuse before a return is bought, or nothing when it takes it (decision 128)", () => {
    const contact = { accountId: 'user-7f3a', email: 'ada@example.com', phone: '(614) 555-0142' };
    expect(uspsShipperProblem(contact)).toBeNull();
    expect(uspsShipperProblem({ ...contact, phone: null })).toBe("USPS needs the shipper's phone number, and this order's sender address has none");
    expect(uspsShipperProblem({ ...contact, phone: ' ' })).toBe("USPS needs the shipper's phone number, and this order's sender address has none");
    expect(uspsShipperProblem({ ...contact, email: null })).toBe("USPS needs the shipper's e-mail address, and this account has none");
    expect(uspsShipperProblem({ ...contact, phone: 'call me' })).toBe("The shipper's phone number is not one USPS accepts (digits, 6 to 15 of them)");
    expect(uspsShipperProblem(null)).toMatch(/phone number/);
  });

  it('takes the mailing date in US Central time, across both daylight saving offsets', () => {
    expect(centralDate(new Date('2026-01-15T05:59:00Z'))).toBe('2026-01-14');
    expect(centralDate(new Date('2026-01-15T06:00:00Z'))).toBe('2026-01-15');
    expect(centralDate(new Date('2026-07-01T04:59:00Z'))).toBe('2026-06-30');
    expect(centralDate(new Date('2026-07-01T05:00:00Z'))).toBe('2026-07-01');
  });
});

describe('USPS label response mapping', () => {
  it('reads the published label answer: the PDF decoded, postage in cents, SKU, routing and zone as carrier ids', () => {
    const result = toBoughtLabel(payload('label-response.priority.json'), 'usps_priority', 'PDF');
    if (!result.ok) throw new Error(result.message);
    expect(result.value).toMatchObject({
      carrier: 'usps',
      trackingNumber: '9205590109769900012613',
      serviceUid: 'usps_priority',
      format: 'PDF',
      costCents: 764,
      carrierRefs: { sku: 'DPXX0XXXXC01005', routingInformation: '420631182628', zone: '01' },
    });
    expect(result.value.file.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('charges postage plus every extra service plus every fee, in whole cents without float error', () => {
    // 10.99 + 3.99 + 2.99 + 1.23 is 19.200000000000003 in floating point.
    expect(toBoughtLabel(payload('label-response.extra-services-and-fees.json'), 'usps_priority', 'PDF')).toMatchObject({ ok: true, value: { costCents: 1920 } });
    expect(toBoughtLabel(payload('label-response.nonstandard-volume.json'), 'usps_ground_advantage', 'PDF')).toMatchObject({ ok: true, value: { costCents: 6062, carrierRefs: { sku: 'DUXR0XXXXC08220' } } });
  });

  it('reads a ZPL answer as a ZPL label, and refuses a PDF image when ZPL was asked for', () => {
    const zpl = '^XA\n^FO50,900^BCN,180,N,N,N^FD9205590109769900012613^FS\n^XZ\n';
    const answer = { ...(payload('label-response.priority.json') as Record<string, unknown>), labelImage: Buffer.from(zpl).toString('base64') };
    const result = toBoughtLabel(answer, 'usps_priority', 'ZPL');
    if (!result.ok) throw new Error(result.message);
    expect(result.value).toMatchObject({ format: 'ZPL', trackingNumber: '9205590109769900012613' });
    expect(result.value.file.toString('latin1')).toBe(zpl);
    expect(toBoughtLabel(payload('label-response.priority.json'), 'usps_priority', 'ZPL')).toEqual({ ok: false, message: 'USPS answered label 9205590109769900012613 with an image that is not a ZPL label' });
  });

  it('does not take an image that is not a PDF (the OpenAPI example carries a PNG) or an answer without a tracking number', () => {
    expect(toBoughtLabel(payload('label-response.png-image.json'), 'usps_priority', 'PDF')).toEqual({ ok: false, message: 'USPS answered label 123456789012 with an image that is not a PDF' });
    expect(toBoughtLabel({ postage: 1, labelImage: 'JVBERi0=' }, 'usps_priority', 'PDF')).toEqual({ ok: false, message: 'USPS answered a label whose trackingNumber could not be read' });
  });

  it.each([
    [10.99, 1099],
    [0.1 + 0.2, 30],
    [19.200000000000003, 1920],
    [42.62, 4262],
    [1.005, 101],
    [0, 0],
  ])('turns %p dollars into %p cents', (dollars, cents) => {
    expect(dollarsToCents(dollars)).toBe(cents);
  });

  it('will not turn a negative or infinite price into cents', () => {
    expect(() => dollarsToCents(-1)).toThrow(RangeError);
    expect(() => dollarsToCents(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});

describe('USPS refusals in plain words', () => {
  it.each([
    ['error.zip-not-valid.json', 'USPS refused the label: recipient address ZIP code: ZIP Code is not valid.'],
    ['error.address-not-found.json', 'USPS refused the label: recipient address: Address Not Found.'],
  ])('names the field of %s', (name, message) => {
    expect(describeRefusal(problemsOf(payloadText(name)), 'not accepted')).toBe(message);
  });

  it('names the first of several listed parameters and drops a repeated path and brackets from the detail', () => {
    const problems = [
      { parameter: 'packageDescription.weight, packageDescription.mailClass', detail: 'Weight should be greater than 0 LB and should not exceed 70 LB' },
      { parameter: 'senderAddress.email', detail: 'senderAddress.email Invalid string: must match pattern /^[a-z]{2,}$/' },
    ];
    expect(describeRefusal(problems, 'not accepted')).toBe(
      "USPS refused the label: package weight: Weight should be greater than 0 LB and should not exceed 70 LB; shipper's contact details e-mail: Invalid string: must match pattern /^a-z2,$/.",
    );
  });
});
